import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  externalUrlFor,
  isAllowedNavigation,
  isAllowedPermission,
  isAllowedPermissionCheck,
  isTrustedSender,
  secureWebPreferences,
} from '../../../src-main/app-shell/security-policy';

const APP = 'app://crm-console/index.html';

describe('content security policy', () => {
  const directives = new Map(
    CONTENT_SECURITY_POLICY.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );

  it('forbids network access, remote scripts and inline code', () => {
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('connect-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
  });

  it('matches the meta tag shipped in the renderer page', async () => {
    const { readFile } = await import('node:fs/promises');
    const html = await readFile(new URL('../../../src-renderer/index.html', import.meta.url), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
    expect(meta, 'index.html must carry a CSP meta tag').not.toBeNull();
    const normalise = (csp: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean)
        .sort();
    // The page carries exactly the header's policy (the app:// scheme sends it as a header too).
    expect(normalise(meta![1]!)).toEqual(normalise(CONTENT_SECURITY_POLICY));
  });

  it('allows no frames and no workers: voice notes record with MediaRecorder on the page itself', async () => {
    const { readFile } = await import('node:fs/promises');
    expect(directives.get('frame-src')).toEqual(["'none'"]);
    expect(directives.get('worker-src')).toEqual(["'none'"]);
    // should a worker-based encoder arrive (opus-recorder), this test says the policy must change with it
    const recorder = await readFile(new URL('../../../src-renderer/features/send/use-voice-recorder.ts', import.meta.url), 'utf8');
    expect(recorder).toContain('MediaRecorder');
    expect(recorder).not.toMatch(/new (Shared)?Worker\(|AudioWorklet|\.wasm\b/);
  });
});

describe('navigation', () => {
  it('allows only a reload of the app page', () => {
    expect(isAllowedNavigation(APP, APP)).toBe(true);
    expect(isAllowedNavigation(`${APP}#/keys`, APP)).toBe(true);
    expect(isAllowedNavigation('file:///etc/passwd', APP)).toBe(false);
    expect(isAllowedNavigation('https://example.com/', APP)).toBe(false);
    expect(isAllowedNavigation('javascript:alert(1)', APP)).toBe(false);
    expect(isAllowedNavigation('not a url', APP)).toBe(false);
    expect(isAllowedNavigation('http://localhost:5173/', 'http://localhost:5173/')).toBe(true);
    expect(isAllowedNavigation('http://localhost:5174/', 'http://localhost:5173/')).toBe(false);
  });

  it("app:// is the app's origin: another app:// host or page is not, and file:// never is", () => {
    expect(isAllowedNavigation('app://CRM-CONSOLE/index.html', APP)).toBe(true);
    expect(isAllowedNavigation('app://crm-console.evil/index.html', APP)).toBe(false);
    expect(isAllowedNavigation('app://crm-console/other.html', APP)).toBe(false);
    expect(isAllowedNavigation('file:///opt/crm/out/renderer/index.html', APP)).toBe(false);
    // even a window that somehow committed a file:// page does not trust it
    expect(isAllowedNavigation('file:///opt/crm/out/renderer/index.html', 'file:///opt/crm/out/renderer/index.html')).toBe(false);
  });

  it('sends only http(s) links to the OS browser', () => {
    expect(externalUrlFor('https://docs.example.com/a?b=c')).toBe('https://docs.example.com/a?b=c');
    expect(externalUrlFor('http://example.com')).toBe('http://example.com/');
    expect(externalUrlFor('file:///etc/passwd')).toBeNull();
    expect(externalUrlFor('javascript:alert(1)')).toBeNull();
    expect(externalUrlFor('smb://host/share')).toBeNull();
    expect(externalUrlFor('')).toBeNull();
  });
});

describe('IPC sender check', () => {
  it('accepts only the app page in the main frame', () => {
    expect(isTrustedSender(APP, APP, true)).toBe(true);
    expect(isTrustedSender(APP, APP, false)).toBe(false);
    expect(isTrustedSender('https://evil.example/', APP, true)).toBe(false);
    expect(isTrustedSender(undefined, APP, true)).toBe(false);
    expect(isTrustedSender('file:///opt/crm/out/renderer/index.html', APP, true)).toBe(false);
  });

  it("in development, the dev server's page is the app's page", () => {
    expect(isTrustedSender('http://localhost:5173/', 'http://localhost:5173/', true)).toBe(true);
    expect(isTrustedSender(APP, 'http://localhost:5173/', true)).toBe(false);
  });
});

describe('permissions', () => {
  const fromApp = { requestingUrl: APP, isMainFrame: true };

  it('grants the microphone only', () => {
    expect(isAllowedPermission('media', { ...fromApp, mediaTypes: ['audio'] }, APP)).toBe(true);
    expect(isAllowedPermission('media', { ...fromApp, mediaTypes: ['video'] }, APP)).toBe(false);
    expect(isAllowedPermission('media', { ...fromApp, mediaTypes: ['audio', 'video'] }, APP)).toBe(false);
    expect(isAllowedPermission('media', fromApp, APP)).toBe(false);
    for (const p of ['geolocation', 'notifications', 'clipboard-read', 'openExternal', 'midi', 'display-capture']) {
      expect(isAllowedPermission(p, { ...fromApp, mediaTypes: ['audio'] }, APP)).toBe(false);
    }
  });

  it("only to the app's own page in the top frame, and to nothing before the page committed", () => {
    const audio = { mediaTypes: ['audio'] };
    expect(isAllowedPermission('media', { ...audio, requestingUrl: `${APP}#/send`, isMainFrame: true }, APP)).toBe(true);
    expect(isAllowedPermission('media', { ...audio, requestingUrl: 'https://evil.example/', isMainFrame: true }, APP)).toBe(false);
    expect(isAllowedPermission('media', { ...audio, requestingUrl: 'file:///home/ana/Downloads/page.html', isMainFrame: true }, APP)).toBe(
      false,
    );
    expect(isAllowedPermission('media', { ...audio, requestingUrl: APP, isMainFrame: false }, APP)).toBe(false);
    expect(isAllowedPermission('media', { ...audio }, APP)).toBe(false);
    expect(isAllowedPermission('media', { ...audio, ...fromApp }, null)).toBe(false);
  });

  it("answers Chromium's permission checks by the same rule: the app page, in the top frame", () => {
    const top = { requestingUrl: APP, isMainFrame: true };
    expect(isAllowedPermissionCheck('media', { mediaType: 'audio', ...top }, APP)).toBe(true);
    expect(isAllowedPermissionCheck('media', { mediaType: 'video', ...top }, APP)).toBe(false);
    expect(isAllowedPermissionCheck('media', { mediaType: 'audio', requestingUrl: 'https://evil.example/', isMainFrame: true }, APP)).toBe(
      false,
    );
    expect(isAllowedPermissionCheck('media', { mediaType: 'audio', isMainFrame: true }, APP)).toBe(false);
    expect(isAllowedPermissionCheck('clipboard-read', top, APP)).toBe(false);
    // a frame inside the page, or a check that does not say where it comes from, is not the page
    expect(isAllowedPermissionCheck('media', { mediaType: 'audio', requestingUrl: APP, isMainFrame: false }, APP)).toBe(false);
    expect(isAllowedPermissionCheck('media', { mediaType: 'audio', requestingUrl: APP }, APP)).toBe(false);
    expect(isAllowedPermissionCheck('media', { mediaType: 'audio', ...top }, null)).toBe(false);
  });
});

describe('web preferences', () => {
  it('isolates and sandboxes the renderer; devtools only in development', () => {
    const dev = secureWebPreferences('/p.cjs', false);
    expect(dev).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      devTools: true,
      preload: '/p.cjs',
    });
    expect(secureWebPreferences('/p.cjs', true).devTools).toBe(false);
  });
});
