// How the packaged smoke test asks the app to quit: a signal where there are signals, WM_CLOSE
// through taskkill without /F on Windows; and SIGTERM reaching a process that exits by itself.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { askToQuit, quitRequest } from '../../harness/quit-app';

describe('quitRequest', () => {
  it('is SIGTERM on macOS and Linux, and taskkill without /F on Windows', () => {
    expect(quitRequest('darwin', 42)).toEqual({ kind: 'signal', signal: 'SIGTERM' });
    expect(quitRequest('linux', 42)).toEqual({ kind: 'signal', signal: 'SIGTERM' });
    const windows = quitRequest('win32', 42);
    expect(windows).toEqual({ kind: 'command', command: 'taskkill', args: ['/PID', '42'] });
    expect(JSON.stringify(windows)).not.toMatch(/\/F/i);
  });
});

describe.skipIf(process.platform === 'win32')('askToQuit', () => {
  it('lets a process that handles SIGTERM end itself with code 0', async () => {
    const child = spawn(
      process.execPath,
      ['-e', "process.on('SIGTERM', () => { console.log('bye'); process.exit(0); }); console.log('up'); setInterval(() => {}, 1000);"],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    await new Promise<void>((ready) =>
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('up')) ready();
      }),
    );
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    askToQuit(child);
    expect(await exited).toBe(0);
    expect(out).toContain('bye');
  });
});
