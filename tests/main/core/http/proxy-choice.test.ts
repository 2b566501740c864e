// The proxy a request takes when the host can ask the OS: this machine directly, then the
// environment's variables, then the OS's answer, kept for a while per origin; and a request
// really goes through the proxy the OS names.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../../src-main/core/http/api-client';
import { createProxyChoice } from '../../../../src-main/core/http/network/proxy-choice';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/index';
import { startProxy } from './support/connect-proxy';
import { build, caught } from './support/requests';

const ORIGIN = 'https://api.example.com';

describe('createProxyChoice', () => {
  it('without an OS to ask, the environment alone decides', async () => {
    const choose = createProxyChoice({ env: { HTTPS_PROXY: 'http://env.corp:1' } });
    expect(await choose(ORIGIN)).toBe('http://env.corp:1');
    expect(await createProxyChoice({ env: {} })(ORIGIN)).toBeNull();
  });

  it('asks the OS when the environment says nothing, and reads its answer', async () => {
    const resolveProxy = vi.fn(async () => 'PROXY os.corp:3128; DIRECT');
    const choose = createProxyChoice({ env: {}, resolveProxy });
    expect(await choose(ORIGIN)).toBe('http://os.corp:3128');
    expect(resolveProxy).toHaveBeenCalledWith(`${ORIGIN}/`);
    expect(await createProxyChoice({ env: {}, resolveProxy: async () => 'DIRECT' })(ORIGIN)).toBeNull();
  });

  it('the environment comes first when it names a proxy for the scheme or lists the host in NO_PROXY', async () => {
    const resolveProxy = vi.fn(async () => 'PROXY os.corp:3128');
    expect(await createProxyChoice({ env: { HTTPS_PROXY: 'env.corp:1' }, resolveProxy })(ORIGIN)).toBe('http://env.corp:1');
    expect(await createProxyChoice({ env: { NO_PROXY: '.example.com' }, resolveProxy })(ORIGIN)).toBeNull();
    expect(resolveProxy).not.toHaveBeenCalled();
    // HTTP_PROXY says nothing about an https origin: the OS is asked
    expect(await createProxyChoice({ env: { HTTP_PROXY: 'env.corp:1' }, resolveProxy })(ORIGIN)).toBe('http://os.corp:3128');
  });

  it('this machine is never reached through a proxy, whatever the OS says, and the OS is not asked', async () => {
    const resolveProxy = vi.fn(async () => 'PROXY os.corp:3128');
    const choose = createProxyChoice({ env: {}, resolveProxy });
    for (const origin of ['http://127.0.0.1:4010', 'http://localhost:4010', 'https://[::1]:9443', 'http://app.localhost'])
      expect(await choose(origin), origin).toBeNull();
    expect(resolveProxy).not.toHaveBeenCalled();
  });

  it('keeps the answer per origin for a while, and asks again after it', async () => {
    let now = 0;
    const resolveProxy = vi.fn(async () => 'PROXY os.corp:3128');
    const choose = createProxyChoice({ env: {}, resolveProxy, keepMs: 1000, now: () => now });
    await Promise.all([choose(ORIGIN), choose(ORIGIN)]);
    await choose(ORIGIN);
    expect(resolveProxy).toHaveBeenCalledTimes(1);
    await choose('https://other.example.com');
    expect(resolveProxy).toHaveBeenCalledTimes(2);
    now = 1000;
    await choose(ORIGIN);
    expect(resolveProxy).toHaveBeenCalledTimes(3);
  });

  it('a way out the app cannot use is a network error with its reason, asked again next time', async () => {
    const answers = ['SOCKS5 socks.corp:1080', 'PROXY os.corp:3128'];
    const choose = createProxyChoice({ env: {}, resolveProxy: async () => answers.shift() ?? 'DIRECT' });
    expect(await caught(() => choose(ORIGIN))).toMatchObject({
      code: 'network',
      message: expect.stringContaining('SOCKS proxy (SOCKS5 socks.corp:1080), which CRM Console cannot use'),
    });
    expect(await choose(ORIGIN)).toBe('http://os.corp:3128');
  });

  it('an OS that cannot answer is a network error that says so', async () => {
    const choose = createProxyChoice({
      env: {},
      resolveProxy: async () => {
        throw new Error('session gone');
      },
    });
    expect(await caught(() => choose(ORIGIN))).toMatchObject({
      code: 'network',
      message: 'The system proxy settings could not be read for https://api.example.com.',
    });
  });
});

describe('requests through the proxy the OS names', () => {
  let sandbox: RunningSandbox;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let second: Awaited<ReturnType<typeof startProxy>>;
  beforeAll(async () => {
    sandbox = await startSandbox({ contacts: 5, seed: 4 });
    proxy = await startProxy();
    second = await startProxy();
  });
  afterAll(async () => {
    await Promise.all([proxy.close(), second.close()]);
    await sandbox.close();
  });

  it("a send goes through it; when the answer changes, the origin's next request takes the new way out", async () => {
    // loopback is never proxied, so the sandbox is named `crm.proxied.test`, which only the proxy can reach
    const remote = new URL(sandbox.baseUrl);
    remote.hostname = 'crm.proxied.test';
    let answer = `PROXY ${new URL(proxy.url).host}`;
    let now = 0;
    const proxyFor = createProxyChoice({ env: {}, resolveProxy: async () => answer, keepMs: 1000, now: () => now });
    const client = createApiClient({ network: { proxyFor, ca: () => null } });
    try {
      const request = await build(remote.origin, { op: 'contacts.list', input: { page: 1, perPage: 5 } });
      expect((await client.send(request, sandbox.adminKey)).status).toBe(200);
      expect((await client.send(request, sandbox.adminKey)).status).toBe(200);
      expect(proxy.tunnels.length).toBeGreaterThan(0);
      expect(new Set(proxy.tunnels)).toEqual(new Set([remote.host]));
      const throughFirst = proxy.tunnels.length;
      // the pooled connections through the first proxy are not used for the new way out
      answer = `PROXY ${new URL(second.url).host}`;
      now = 1000;
      expect((await client.send(request, sandbox.adminKey)).status).toBe(200);
      expect(second.tunnels).toEqual([remote.host]);
      expect(proxy.tunnels.length).toBe(throughFirst);
      answer = 'SOCKS5 socks.corp:1080';
      now = 2000;
      expect(await caught(() => client.send(request, sandbox.adminKey))).toMatchObject({
        code: 'network',
        message: expect.stringContaining('cannot use'),
      });
      expect([proxy.tunnels.length, second.tunnels.length]).toEqual([throughFirst, 1]);
    } finally {
      await client.close();
    }
  });
});
