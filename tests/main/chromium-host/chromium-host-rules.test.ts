// The Chromium host's decisions, without a browser: which browser, whether there is a display,
// which OS programs stand in for Electron's clipboard, file dialog and link opening, and the
// question window's page (text from main shown as text, never as markup).
import { describe, expect, it } from 'vitest';
import { missingDisplay } from '../../../src-main/chromium-host/display';
import { chromiumCandidates, findChromium } from '../../../src-main/chromium-host/find-chromium';
import { osCommands } from '../../../src-main/chromium-host/os-commands';
import { questionHtml } from '../../../src-main/chromium-host/question-window';
import { QuestionWindows } from '../../../src-main/chromium-host/question-windows';
import { fileFor } from '../../../src-main/chromium-host/renderer-route';
import { chromiumSandboxChoice } from '../../../src-main/chromium-host/sandbox-choice';

describe('findChromium', () => {
  it('CHROMIUM_PATH first, then the usual places per OS', () => {
    expect(chromiumCandidates('linux', { CHROMIUM_PATH: '/opt/c/chrome' })[0]).toBe('/opt/c/chrome');
    expect(chromiumCandidates('linux', {})).toContain('/usr/bin/chromium');
    expect(chromiumCandidates('darwin', {})).toContain('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome');
    expect(chromiumCandidates('win32', { LOCALAPPDATA: 'C:\\Users\\ana\\AppData\\Local' })).toContain(
      'C:\\Users\\ana\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe',
    );
    expect(findChromium('linux', {}, (p) => p === '/usr/bin/google-chrome')).toBe('/usr/bin/google-chrome');
    expect(findChromium('linux', {}, () => false)).toBeNull();
  });
});

describe('missingDisplay', () => {
  it('Linux needs X11 or Wayland; other systems always have a display', () => {
    expect(missingDisplay('linux', {})).toMatch(/xvfb-run -a npm start$/);
    expect(missingDisplay('linux', { DISPLAY: ':0' })).toBeNull();
    expect(missingDisplay('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toBeNull();
    expect(missingDisplay('darwin', {})).toBeNull();
    expect(missingDisplay('win32', {})).toBeNull();
  });
});

describe('osCommands', () => {
  it('Linux: the first installed program of each kind; Wayland tools on Wayland', () => {
    const x11 = osCommands('linux', { DISPLAY: ':0' }, (p) => ['xsel', 'xclip', 'zenity', 'xdg-open'].includes(p));
    expect(x11.clipboardWrite).toEqual({ file: 'xclip', args: ['-selection', 'clipboard', '-in'] });
    expect(x11.pickFile?.file).toBe('zenity');
    expect(x11.openUrl).toEqual({ file: 'xdg-open', args: [] });
    const wayland = osCommands('linux', { WAYLAND_DISPLAY: 'w' }, (p) => ['wl-copy', 'wl-paste', 'xclip'].includes(p));
    expect(wayland.clipboardWrite?.file).toBe('wl-copy');
    expect(wayland.clipboardRead?.file).toBe('wl-paste');
  });

  it('Linux without any of them: nothing, so the person is told what to install', () => {
    expect(osCommands('linux', {}, () => false)).toEqual({ clipboardWrite: null, clipboardRead: null, pickFile: null, openUrl: null });
  });

  it('the clipboard gets its text on stdin, never as an argument; Windows opens links without cmd', () => {
    for (const platform of ['darwin', 'win32'] as const) {
      const c = osCommands(platform, {}, () => true);
      expect(c.clipboardWrite?.args.join(' ')).not.toMatch(/\$text|%s/);
    }
    expect(osCommands('win32', {}, () => true).openUrl?.file).toBe('rundll32.exe');
  });
});

describe('the question window', () => {
  it("shows main's question as text: markup in it is escaped", () => {
    const html = questionHtml({
      title: 'Keys',
      message: 'Send keys to <img src=x onerror=alert(1)>?',
      detail: '"quoted" & more',
      confirmLabel: 'Send <b>keys</b>',
    });
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&quot;quoted&quot; &amp; more');
    expect(html).toContain('Content-Security-Policy" content="default-src \'none\'');
  });
});

describe("the one-window rule and main's question windows", () => {
  it("keeps the app and main's own question window; another window waits while one is being opened, then is closed", async () => {
    const questions = new QuestionWindows<string>();
    expect(questions.verdict('app', 'app')).toBe('keep');
    expect(questions.verdict('popup', 'app')).toBe('close');

    let made!: (page: string) => void;
    const opening = questions.open(() => new Promise<string>((resolve) => (made = resolve)));
    // the browser tells of the new window before main's call returns it
    expect(questions.verdict('question', 'app')).toBe('wait');
    expect(questions.verdict('popup', 'app')).toBe('wait');
    const judged = questions.idle().then(() => [questions.verdict('question', 'app'), questions.verdict('popup', 'app')]);
    made('question');
    expect(await opening).toBe('question');
    expect(await judged).toEqual(['keep', 'close']);

    questions.forget('question');
    expect(questions.verdict('question', 'app')).toBe('close');
  });

  it('a window main failed to open leaves nothing waiting', async () => {
    const questions = new QuestionWindows<string>();
    await expect(questions.open(() => Promise.reject(new Error('browser gone')))).rejects.toThrow('browser gone');
    await questions.idle();
    expect(questions.verdict('popup', 'app')).toBe('close');
  });
});

describe("fileFor (the window's files, answered from disk)", () => {
  it('serves files under the built folder and nothing outside it', () => {
    expect(fileFor('/app/out/renderer', '/')).toBe('/app/out/renderer/index.html');
    expect(fileFor('/app/out/renderer', '/assets/index-1.js')).toBe('/app/out/renderer/assets/index-1.js');
    expect(fileFor('/app/out/renderer', '/../../../etc/passwd')).toBeNull();
    expect(fileFor('/app/out/renderer', '/%2e%2e/%2e%2e/secret')).toBeNull();
    expect(fileFor('/app/out/renderer', '/%E0%A4%A')).toBeNull();
  });
});

describe('chromiumSandboxChoice', () => {
  it("keeps Chromium's sandbox on for a normal user and on Windows (no uid), without a word", () => {
    expect(chromiumSandboxChoice(1000)).toEqual({ chromiumSandbox: true, notice: null });
    expect(chromiumSandboxChoice(undefined)).toEqual({ chromiumSandbox: true, notice: null });
  });

  it('turns it off only as root, where Chromium refuses to start sandboxed, and says why in one line', () => {
    const root = chromiumSandboxChoice(0);
    expect(root.chromiumSandbox).toBe(false);
    expect(root.notice).toMatch(/^crm-console: running as root, so Chromium's sandbox is off/);
    expect(root.notice).not.toContain('\n');
  });
});
