// Asks a running app to quit the way a person or the OS would, never by force: SIGTERM on macOS
// and Linux (the app treats it as its menu's Quit), and on Windows `taskkill /PID <pid>` WITHOUT
// /F, which posts WM_CLOSE to the app's windows (closing the last one quits it). Windows has no
// SIGTERM: Node's child.kill() there is TerminateProcess, a forced kill that skips every clean-up.
import { spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

export type QuitRequest = { kind: 'signal'; signal: 'SIGTERM' } | { kind: 'command'; command: string; args: string[] };

export function quitRequest(platform: NodeJS.Platform, pid: number): QuitRequest {
  if (platform === 'win32') return { kind: 'command', command: 'taskkill', args: ['/PID', String(pid)] };
  return { kind: 'signal', signal: 'SIGTERM' };
}

/** sends the request; throws with the tool's own words when Windows refused it (no window to close) */
export function askToQuit(child: ChildProcess, platform: NodeJS.Platform = process.platform): void {
  if (child.pid === undefined) throw new Error('the app has no process id (it did not start)');
  const request = quitRequest(platform, child.pid);
  if (request.kind === 'signal') {
    child.kill(request.signal);
    return;
  }
  const run = spawnSync(request.command, request.args, { encoding: 'utf8', timeout: 30_000 });
  if (run.status !== 0)
    throw new Error(
      `${request.command} ${request.args.join(' ')} failed: ${`${run.stdout ?? ''}${run.stderr ?? ''}`.trim() || String(run.error)}`,
    );
}
