// What the person is told and what the log keeps when part of the app fails, and the macOS
// microphone step: pure decisions, apart from Electron.
import { describe, expect, it } from 'vitest';
import { macMicrophoneStep } from '../../../src-main/app-shell/microphone-access';
import { mainProcessError, processGone } from '../../../src-main/app-shell/process-failure';
import { expectResults } from '../helpers/cases';

describe('processGone', () => {
  it("offers a reload for the window's renderer and the GPU process when they end abnormally", () => {
    expect(processGone('renderer', { reason: 'crashed', exitCode: 139 })).toEqual({
      log: 'the window went away: crashed (exit code 139)',
      offerReload: true,
      message: 'The window crashed.',
    });
    expect(processGone('renderer', { reason: 'oom', exitCode: 1 }).message).toBe('The window ran out of memory.');
    expect(processGone('child', { type: 'GPU', reason: 'launch-failed', exitCode: 1 }).offerReload).toBe(true);
  });

  it('only logs a clean exit, and helpers Chromium restarts on demand', () => {
    expect(processGone('renderer', { reason: 'clean-exit', exitCode: 0 }).offerReload).toBe(false);
    expect(processGone('child', { type: 'GPU', reason: 'clean-exit', exitCode: 0 }).offerReload).toBe(false);
    expect(processGone('child', { type: 'Utility', name: 'Network Service', reason: 'crashed', exitCode: 1 })).toMatchObject({
      offerReload: false,
      log: 'a Utility process (Network Service) went away: crashed (exit code 1)',
    });
  });

  it('names a reason Electron adds later instead of dropping it', () => {
    expect(processGone('renderer', { reason: 'something-new', exitCode: 2 }).message).toBe('The window ended (something-new).');
  });
});

describe('mainProcessError', () => {
  const scrub = (t: string) => t.replaceAll('crm_sk_live_abcdefgh', '***');

  it('scrubs before cutting, shows one line and points to the log', () => {
    const long = `crm_sk_live_abcdefgh ${'x'.repeat(400)}`;
    const report = mainProcessError('uncaughtException', new Error(long), '/l/main.log', scrub);
    expect(report.detail.startsWith(`*** ${'x'.repeat(296)}…`)).toBe(true);
    expect(report.detail).toContain('/l/main.log');
    expect(report.log).not.toContain('crm_sk_live_abcdefgh');
  });

  it('cuts any bearer credential out of the dialog, even one the app does not know', () => {
    const report = mainProcessError('unhandledRejection', 'GET failed: Authorization: Bearer someoneelsestoken123', '/l', scrub);
    expect(report.detail).toContain('Bearer ***');
    expect(report.detail).not.toContain('someoneelsestoken123');
  });

  it('says something for an empty error', () => {
    expect(mainProcessError('unhandledRejection', new Error(''), '/l', scrub).detail).toMatch(/^Error/);
    expect(mainProcessError('unhandledRejection', '', '/l', scrub).detail).toMatch(/^unknown error/);
  });
});

describe('macMicrophoneStep', () => {
  it('grants a granted microphone, asks when undecided, refuses a denial or a restriction', () => {
    expectResults(macMicrophoneStep, [
      ['granted', 'grant'],
      ['not-determined', 'ask'],
      ['unknown', 'ask'],
      ['denied', 'deny'],
      ['restricted', 'deny'],
    ]);
  });
});
