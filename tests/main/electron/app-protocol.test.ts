// The app:// glue: the scheme is declared with the privileges a real web origin has, and its
// handler turns the decision of app-shell/app-scheme.ts into Electron's Response as it is.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../helpers';
import { fakeProtocol } from './electron-fake';

let protocol: ReturnType<typeof fakeProtocol>;
vi.mock('electron', () => ({
  get protocol() {
    return protocol;
  },
}));

const { declareAppScheme, serveAppScheme } = await import('../../../src-main/electron/app-protocol');

beforeEach(() => {
  protocol = fakeProtocol();
});

describe('the app:// scheme in Electron', () => {
  it('is declared standard, secure, fetchable and code-cached', () => {
    declareAppScheme();
    expect(protocol.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
    ]);
  });

  it('answers the built page with its CSP header, and refuses a way out of the folder', async () => {
    const root = join(await tempDir('crm-app-protocol-'), 'renderer');
    await mkdir(root, { recursive: true });
    await writeFile(join(root, 'index.html'), '<!doctype html><title>CRM Console</title>');
    serveAppScheme(root, "default-src 'none'");
    const handler = protocol.handlers.get('app')!;
    const page = await handler(new Request('app://crm-console/index.html'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(await page.text()).toContain('<title>CRM Console</title>');
    const escape = await handler(new Request('app://crm-console/%2e%2e%2fsecret'));
    expect(escape.status).toBe(403);
    expect(await escape.text()).toBe('');
    const post = await handler(new Request('app://crm-console/index.html', { method: 'POST', body: 'x' }));
    expect(post.status).toBe(405);
  });
});
