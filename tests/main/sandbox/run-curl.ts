// Running a playground's cURL in bash, as a person pasting it would, for every dialect's tests.
import { execFile } from 'node:child_process';

/** Runs `command` in bash; resolves with the HTTP status curl saw and the body it got. */
export function runCurl(command: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    execFile('bash', ['-c', `${command} -s -w '\\n%{http_code}'`], { timeout: 10_000 }, (err, stdout) => {
      if (err) reject(err);
      else {
        const at = stdout.lastIndexOf('\n');
        resolve({ status: Number(stdout.slice(at + 1)), body: stdout.slice(0, at) });
      }
    });
  });
}

/** Whether curl is installed here (CI installs it; without it the cURL tests say they are skipped). */
export const curlAvailable = await new Promise<boolean>((resolve) => execFile('curl', ['--version'], (err) => resolve(!err)));
