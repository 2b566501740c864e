// The installed app's way to the OS's proxy settings: the default session's answer, asked at
// request time, read by the core as it reads any PAC answer.
import { describe, expect, it, vi } from 'vitest';
import { createProxyChoice } from '../../../src-main/core/http/network/proxy-choice';

const resolveProxy = vi.fn(async (_url: string) => 'PROXY proxy.corp:3128; DIRECT');
let ready = false;
vi.mock('electron', () => ({
  session: {
    get defaultSession() {
      if (!ready) throw new Error('the default session exists only once the app is ready');
      return { resolveProxy };
    },
  },
}));

const { createOsProxy } = await import('../../../src-main/electron/os-proxy');

describe('createOsProxy', () => {
  it('can be made before the app is ready, and asks the default session for the URL when a request needs it', async () => {
    const osProxy = createOsProxy();
    ready = true;
    expect(await osProxy('https://api.example.com/')).toBe('PROXY proxy.corp:3128; DIRECT');
    expect(resolveProxy).toHaveBeenCalledWith('https://api.example.com/');
  });

  it("the core takes the session's answer as the way out, while the environment says nothing", async () => {
    ready = true;
    const choose = createProxyChoice({ env: {}, resolveProxy: createOsProxy() });
    expect(await choose('https://api.example.com')).toBe('http://proxy.corp:3128');
    expect(await choose('http://127.0.0.1:4010')).toBeNull();
  });
});
