// The Electron host's decisions, kept out of the glue: where the page comes from, the
// development CSP, quitting only after clean-up, and the start-up failure message.
import { describe, expect, it, vi } from 'vitest';
import { createQuitGate } from '../../../src-main/app-shell/quit-gate';
import { rendererSource } from '../../../src-main/app-shell/renderer-source';
import { CONTENT_SECURITY_POLICY, developmentCsp, withCspMeta } from '../../../src-main/app-shell/security-policy';
import { startupFailure } from '../../../src-main/app-shell/startup-failure';

const ROOT = '/opt/CRM Console/resources/app.asar/out/renderer';
const BUILT = { kind: 'app', root: ROOT, url: 'app://crm-console/index.html' };

describe('rendererSource', () => {
  it('a packaged build ignores ELECTRON_RENDERER_URL: it always loads its own files, from app://', () => {
    expect(rendererSource({ packaged: true, env: { ELECTRON_RENDERER_URL: 'http://localhost:5173/' }, root: ROOT })).toEqual(BUILT);
  });

  it('development uses the dev server on this computer, and only there', () => {
    expect(rendererSource({ packaged: false, env: { ELECTRON_RENDERER_URL: 'http://localhost:5173/' }, root: ROOT })).toEqual({
      kind: 'dev-server',
      url: 'http://localhost:5173/',
    });
    expect(rendererSource({ packaged: false, env: { ELECTRON_RENDERER_URL: 'http://127.0.0.1:5173' }, root: ROOT })).toEqual({
      kind: 'dev-server',
      url: 'http://127.0.0.1:5173/',
    });
    for (const url of ['https://evil.example/', 'file:///tmp/x.html', 'javascript:alert(1)', 'not a url']) {
      expect(rendererSource({ packaged: false, env: { ELECTRON_RENDERER_URL: url }, root: ROOT })).toEqual(BUILT);
    }
    expect(rendererSource({ packaged: false, env: {}, root: ROOT })).toEqual(BUILT);
  });
});

describe('developmentCsp', () => {
  it("lets the dev server's refresh preamble, injected styles and hot-reload socket through, nothing else", () => {
    const csp = developmentCsp('http://localhost:5173/');
    expect(csp).toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("connect-src 'self' ws://localhost:5173");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-src 'none'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'none'");
  });
});

describe('createQuitGate', () => {
  const quit = () => ({ preventDefault: vi.fn() });

  it('holds the first quit until clean-up has finished, then exits once', async () => {
    let finish!: () => void;
    const cleanup = vi.fn(
      () =>
        new Promise<void>((ok) => {
          finish = ok;
        }),
    );
    const exit = vi.fn();
    const gate = createQuitGate({ cleanup, exit, timeoutMs: 5000, log: () => {}, setTimer: () => undefined });
    const first = quit();
    gate(first);
    expect(first.preventDefault).toHaveBeenCalled();
    gate(quit()); // Cmd+Q pressed again while cleaning: still held, clean-up not started twice
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(exit).not.toHaveBeenCalled();
    finish();
    await Promise.resolve();
    await Promise.resolve();
    expect(exit).toHaveBeenCalledWith(0);
    const after = quit();
    gate(after);
    expect(after.preventDefault).not.toHaveBeenCalled();
    expect(exit).toHaveBeenCalledTimes(1);
  });

  it('quits anyway when clean-up hangs past the timeout, and says so in the log', () => {
    const timers: (() => void)[] = [];
    const exit = vi.fn();
    const log = vi.fn();
    const gate = createQuitGate({ cleanup: () => new Promise(() => {}), exit, timeoutMs: 5000, log, setTimer: (fn) => timers.push(fn) });
    gate(quit());
    expect(exit).not.toHaveBeenCalled();
    timers[0]!();
    expect(exit).toHaveBeenCalledWith(0);
    expect(log.mock.calls[0]![0]).toMatch(/before clean-up finished \(5000 ms\)/);
  });

  it('a failed clean-up still quits, non-zero, with the reason in the log', async () => {
    const exit = vi.fn();
    const log = vi.fn();
    const gate = createQuitGate({
      cleanup: () => Promise.reject(new Error('disk full')),
      exit,
      timeoutMs: 5000,
      log,
      setTimer: () => undefined,
    });
    gate(quit());
    await new Promise((ok) => setImmediate(ok));
    expect(exit).toHaveBeenCalledWith(1);
    expect(log).toHaveBeenCalledWith('clean-up failed while quitting: disk full');
  });
});

describe('startupFailure', () => {
  it('gives the reason and where the log is', () => {
    const { title, body } = startupFailure(
      new Error("EACCES: permission denied, mkdir '/data/crm'"),
      '/home/ana/.config/crm-console/logs/main.log',
    );
    expect(title).toBe('CRM Console could not start');
    expect(body).toContain("EACCES: permission denied, mkdir '/data/crm'");
    expect(body).toContain('/home/ana/.config/crm-console/logs/main.log');
  });
});

describe("withCspMeta (the dev server's page)", () => {
  it("replaces only the policy of the page's CSP meta tag", async () => {
    const { readFile } = await import('node:fs/promises');
    const html = await readFile(new URL('../../../src-renderer/index.html', import.meta.url), 'utf8');
    const dev = withCspMeta(html, developmentCsp('http://localhost:5173/'));
    expect(dev).toContain(`content="${developmentCsp('http://localhost:5173/')}"`);
    expect(dev.replace(/content="[^"]*unsafe-inline[^"]*"/, '')).toBe(html.replace(/content="default-src[^"]*"/, ''));
  });
});
