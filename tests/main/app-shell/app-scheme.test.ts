// The app:// scheme that serves the Electron window's page: which URL names which file of the
// built window, and every way of asking for something outside that folder, refused. Real files
// in a temporary folder, real symbolic links.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerAppRequest, APP_ORIGIN, APP_PAGE_URL, type AppFiles } from '../../../src-main/app-shell/app-scheme';
import { CONTENT_SECURITY_POLICY } from '../../../src-main/app-shell/security-policy';
import { contentTypeFor, rendererFileFor } from '../../../src-main/app-shell/renderer-files';
import { tempDir } from '../helpers';
import { casesOf } from '../helpers/cases';

const ROOT = '/app/out/renderer';
let root: string;
let outside: string;

const get = (url: string, method = 'GET', files?: AppFiles) =>
  answerAppRequest({ url, method }, { root, csp: CONTENT_SECURITY_POLICY, files });
const text = (body: Uint8Array | null): string => Buffer.from(body ?? new Uint8Array()).toString('utf8');

/** Each path under the app's origin is refused with 403; a failure names the path. */
async function expectForbidden(paths: string[]): Promise<void> {
  for (const path of paths) {
    expect((await get(`${APP_ORIGIN}${path}`)).status, path).toBe(403);
  }
}

beforeAll(async () => {
  const base = await tempDir('crm-app-scheme-');
  root = join(base, 'renderer');
  outside = join(base, 'secret.txt');
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(root, 'index.html'), '<!doctype html><title>CRM Console</title>');
  await writeFile(join(root, 'assets', 'index-1.js'), 'console.log(1)');
  await writeFile(join(root, 'assets', 'index-1.css'), 'body{}');
  await writeFile(join(root, 'assets', 'codec.wasm'), new Uint8Array([0, 0x61, 0x73, 0x6d]));
  await writeFile(join(root, 'assets', 'shared.js'), 'export {}');
  await writeFile(outside, 'not for the page');
  // a link that leaves the folder, and one that stays inside it
  await symlink(outside, join(root, 'assets', 'leak.txt'));
  await symlink(join(root, '..'), join(root, 'assets', 'up'));
  await symlink(join(root, 'assets', 'shared.js'), join(root, 'assets', 'alias.js'));
});

describe('the page and its files', () => {
  it('the page is app://crm-console/index.html, the same on every computer', () => {
    expect(APP_ORIGIN).toBe('app://crm-console');
    expect(APP_PAGE_URL).toBe('app://crm-console/index.html');
  });

  it('answers the page with the CSP as a header, and the same page for /', async () => {
    for (const url of [APP_PAGE_URL, `${APP_ORIGIN}/`, APP_ORIGIN, `${APP_PAGE_URL}?reload=1#/keys`]) {
      const answer = await get(url);
      expect(answer.status, url).toBe(200);
      expect(text(answer.body)).toContain('<title>CRM Console</title>');
      expect(answer.headers).toMatchObject({
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': CONTENT_SECURITY_POLICY,
        'X-Content-Type-Options': 'nosniff',
      });
    }
  });

  it('answers scripts, styles and WebAssembly with their types, and no CSP header', async () => {
    const js = await get(`${APP_ORIGIN}/assets/index-1.js`);
    expect(js.status).toBe(200);
    expect(js.headers['Content-Type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers).not.toHaveProperty('Content-Security-Policy');
    expect(text(js.body)).toBe('console.log(1)');
    expect((await get(`${APP_ORIGIN}/assets/index-1.css`)).headers['Content-Type']).toBe('text/css; charset=utf-8');
    expect((await get(`${APP_ORIGIN}/assets/codec.wasm`)).headers['Content-Type']).toBe('application/wasm');
  });

  it('the host is matched whatever its case (Chromium lowercases it anyway)', async () => {
    expect((await get('app://CRM-Console/index.html')).status).toBe(200);
  });

  it('HEAD has the headers and no body; other methods are refused with 405', async () => {
    const head = await get(APP_PAGE_URL, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const answer = await get(APP_PAGE_URL, method);
      expect(answer.status, method).toBe(405);
      expect(answer.headers.Allow).toBe('GET, HEAD');
    }
  });

  it('a link inside the folder to another file inside it is served', async () => {
    const answer = await get(`${APP_ORIGIN}/assets/alias.js`);
    expect(answer.status).toBe(200);
    expect(text(answer.body)).toBe('export {}');
  });

  it('a missing file, a folder and a malformed escape are 404', async () => {
    expect((await get(`${APP_ORIGIN}/assets/none.js`)).status).toBe(404);
    expect((await get(`${APP_ORIGIN}/assets`)).status).toBe(404);
    expect((await get(`${APP_ORIGIN}/%E0%A4%A`)).status).toBe(404);
  });
});

describe('refused: anything outside the built window', () => {
  it('another host, a port, another scheme or no URL at all: 404', async () => {
    for (const url of [
      'app://evil.example/index.html',
      'app://crm-console:8080/index.html',
      'app://crm-console.evil/index.html',
      'file:///etc/passwd',
      `https://crm-console/index.html`,
      'not a url',
    ]) {
      const answer = await get(url);
      expect(answer.status, url).toBe(404);
      expect(answer.body).toBeNull();
    }
  });

  it('plain ../ is folded by the URL parser into the folder (and then not found), never above it', async () => {
    const answer = await get(`${APP_ORIGIN}/../../secret.txt`);
    expect(answer.status).toBe(404);
    expect(answer.body).toBeNull();
  });

  it('../ written with an encoded slash (%2e%2e%2f, %2E%2E%2F, ..%2f) is 403', async () => {
    await expectForbidden([
      '/%2e%2e%2fsecret.txt',
      '/%2E%2E%2Fsecret.txt',
      '/..%2fsecret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/.%2e%2fsecret.txt',
    ]);
  });

  it('backslashes, raw or encoded (a separator on Windows), are 403', async () => {
    await expectForbidden(['/..\\secret.txt', '/assets\\..\\..\\secret.txt', '/%5c..%5csecret.txt', '/..%5Csecret.txt']);
  });

  it('absolute paths (an encoded leading slash, a drive letter, a UNC share) are 403', async () => {
    await expectForbidden([
      '/%2fetc%2fpasswd',
      '//etc/passwd',
      '/C:/Windows/win.ini',
      '/c:%5cWindows%5cwin.ini',
      '/%5c%5cserver%5cshare%5cx',
      '/index.html:stream',
    ]);
  });

  it('a NUL byte is 403', async () => {
    expect((await get(`${APP_ORIGIN}/index.html%00.png`)).status).toBe(403);
  });

  it('double encoding is decoded once only: %252e%252e names a file called "%2e%2e", which does not exist', async () => {
    expect((await get(`${APP_ORIGIN}/%252e%252e/secret.txt`)).status).toBe(404);
  });

  it('a symbolic link inside the folder that points outside it is 403, to a file or through a folder', async () => {
    expect((await get(`${APP_ORIGIN}/assets/leak.txt`)).status).toBe(403);
    expect((await get(`${APP_ORIGIN}/assets/up/secret.txt`)).status).toBe(403);
  });

  it('an unreadable file is 404, and nothing is read before the link check passed', async () => {
    const read: string[] = [];
    const files: AppFiles = {
      realpath: async (p) => (p.endsWith('leak.txt') ? outside : p),
      readFile: async (p) => {
        read.push(p);
        throw new Error('EACCES');
      },
    };
    expect((await get(`${APP_ORIGIN}/assets/leak.txt`, 'GET', files)).status).toBe(403);
    expect(read).toEqual([]);
    expect((await get(`${APP_ORIGIN}/assets/index-1.js`, 'GET', files)).status).toBe(404);
  });
});

describe('rendererFileFor (the same rules for the Chromium host)', () => {
  it('names files under the folder, / being the page', () => {
    expect(rendererFileFor(ROOT, '/')).toEqual({ file: '/app/out/renderer/index.html' });
    expect(rendererFileFor(ROOT, '/assets/index-1.js')).toEqual({ file: '/app/out/renderer/assets/index-1.js' });
    expect(rendererFileFor(ROOT, '/assets/Name%20With%20Space.png')).toEqual({ file: '/app/out/renderer/assets/Name With Space.png' });
  });

  it('refuses a path that was never normalised: ../ and ./ segments', () => {
    expect(rendererFileFor(ROOT, '/../../../etc/passwd')).toEqual({ refused: 403 });
    expect(rendererFileFor(ROOT, '/assets/../index.html')).toEqual({ refused: 403 });
    expect(rendererFileFor(ROOT, '/./index.html')).toEqual({ refused: 403 });
    expect(rendererFileFor(ROOT, '/%2e%2e/%2e%2e/secret')).toEqual({ refused: 403 });
  });

  it('refuses a path that does not start at the root, and keeps names that only look like dots', () => {
    expect(rendererFileFor(ROOT, 'index.html')).toEqual({ refused: 403 });
    expect(rendererFileFor(ROOT, '/..hidden.js')).toEqual({ file: '/app/out/renderer/..hidden.js' });
  });
});

describe('contentTypeFor', () => {
  casesOf('%s is %s', contentTypeFor, [
    ['index.html', 'text/html; charset=utf-8'],
    ['a.js', 'text/javascript; charset=utf-8'],
    ['a.mjs', 'text/javascript; charset=utf-8'],
    ['a.css', 'text/css; charset=utf-8'],
    ['a.svg', 'image/svg+xml'],
    ['a.png', 'image/png'],
    ['a.woff2', 'font/woff2'],
    ['a.json', 'application/json; charset=utf-8'],
    ['a.js.map', 'application/json; charset=utf-8'],
    ['a.wasm', 'application/wasm'],
    ['A.PNG', 'image/png'],
    ['noextension', 'application/octet-stream'],
    ['a.exe', 'application/octet-stream'],
  ]);
});
