// app-shell/crash-report.ts: what a saved crash report holds (versions, the error, the log's
// last lines), that no key or bearer credential gets in, and when sending it may be offered.
import { describe, expect, it } from 'vitest';
import {
  crashReportFileName,
  crashReportText,
  crashUploadOffer,
  recentLines,
  RECENT_LOG_LINES,
} from '../../../src-main/app-shell/crash-report';

const KEY = 'crm_sk_live_9f8e7d6c5b4a3210';
// as the core's scrubber does: any 8+ character run of a key in use, any case
const scrub = (t: string) => t.replace(/crm_sk_live_[0-9a-f]+/gi, '***');
const environment = {
  appVersion: '1.2.3',
  build: 'installed',
  platform: 'darwin',
  osRelease: '24.1.0',
  arch: 'arm64',
  versions: { electron: '45.4.1', chrome: '142.0.7444.52', node: '22.20.0' },
};
const at = new Date('2026-11-26T17:30:05.123Z');

describe('a crash report', () => {
  it('says the versions, the OS, what happened and the error', () => {
    const text = crashReportText({
      incident: { kind: 'uncaughtException', error: 'TypeError: x is undefined\n    at send (main.js:1:2)' },
      environment,
      at,
      recentLog: '',
      scrub,
    });
    expect(text).toContain('App: 1.2.3 (installed)');
    expect(text).toContain('OS: darwin 24.1.0 (arm64)');
    expect(text).toContain('Electron: 45.4.1, Chrome: 142.0.7444.52, Node: 22.20.0');
    expect(text).toContain('What happened: An error nothing in the main process caught');
    expect(text).toContain('TypeError: x is undefined\n    at send (main.js:1:2)');
    expect(text).toContain('Written: 2026-11-26T17:30:05.123Z');
  });

  it('names the folder where native crash dumps are kept, when it is known', () => {
    const base = { incident: { kind: 'renderer' as const, error: 'crashed (exit code 139)' }, environment, at, recentLog: '', scrub };
    const text = crashReportText({ ...base, nativeDumpsDir: '/Users/ana/Library/Application Support/crm-console/Crashpad' });
    expect(text).toContain(
      'Native crash dumps (a crash of the app itself or its window) are kept on this computer in: /Users/ana/Library/Application Support/crm-console/Crashpad',
    );
    expect(crashReportText({ ...base, nativeDumpsDir: null })).not.toContain('Native crash dumps');
  });

  it('holds no key value and no bearer credential, in the error or the log lines', () => {
    const log = [`2026-11-26T17:29:00.000Z sending with ${KEY}`, '2026-11-26T17:29:01.000Z Authorization: Bearer abcdefghijklmnop'].join(
      '\n',
    );
    const text = crashReportText({
      incident: { kind: 'unhandledRejection', error: `request failed: Bearer zyxwvutsrqpo\nkey ${KEY.toUpperCase()}` },
      environment,
      at,
      recentLog: log,
      scrub,
    });
    expect(text).not.toMatch(/crm_sk_live_9f8e/i);
    expect(text).not.toContain('abcdefghijklmnop');
    expect(text).not.toContain('zyxwvutsrqpo');
    expect(text).toContain('sending with ***');
    expect(text).toContain('Bearer ***');
  });

  it("keeps only the log's last lines, skipping blank ones", () => {
    const log = Array.from({ length: RECENT_LOG_LINES + 5 }, (_, i) => `line ${i}`).join('\n\n');
    const lines = recentLines(log);
    expect(lines).toHaveLength(RECENT_LOG_LINES);
    expect(lines[0]).toBe('line 5');
    expect(lines.at(-1)).toBe(`line ${RECENT_LOG_LINES + 4}`);
    const text = crashReportText({
      incident: { kind: 'renderer', error: 'the window went away: crashed (exit code 139)' },
      environment,
      at,
      recentLog: log,
      scrub,
    });
    expect(text).toContain(`The log's last ${RECENT_LOG_LINES} lines:`);
    expect(text).not.toContain('line 4\n');
    expect(text).toContain("What happened: The window's page went away");
  });

  it('is named by its time, with no character a file system refuses', () => {
    expect(crashReportFileName(at)).toBe('crash-2026-11-26T17-30-05-123Z.txt');
  });
});

describe('sending a report', () => {
  it('is not offered unless the packager set an address', () => {
    expect(crashUploadOffer(undefined)).toBeNull();
    expect(crashUploadOffer('  ')).toBeNull();
  });

  it('is offered for an https address (plain http only to this computer), naming where it goes', () => {
    const offer = crashUploadOffer('https://crash.example.com/reports');
    expect(offer?.url).toBe('https://crash.example.com/reports');
    expect(offer?.question.message).toBe('Send this crash report to crash.example.com?');
    expect(crashUploadOffer('http://127.0.0.1:9000/r')?.url).toBe('http://127.0.0.1:9000/r');
  });

  it('is never offered to plain http elsewhere, an address with a password, or something not an address', () => {
    expect(crashUploadOffer('http://crash.example.com/reports')).toBeNull();
    expect(crashUploadOffer('https://user:pw@crash.example.com/')).toBeNull();
    expect(crashUploadOffer('not a url')).toBeNull();
    expect(crashUploadOffer('file:///tmp/x')).toBeNull();
  });
});
