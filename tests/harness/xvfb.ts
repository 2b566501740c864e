// A private X server for tests that open real windows (the Chromium host, Electron) on machines
// without a display: Xvfb picks a free display number itself (-displayfd) and is stopped after.
import { spawn, spawnSync } from 'node:child_process';

export interface VirtualDisplay {
  display: string;
  stop(): void;
}

export const hasProgram = (program: string): boolean => spawnSync('which', [program]).status === 0;

export async function startXvfb(): Promise<VirtualDisplay> {
  const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1400x900x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const number = await new Promise<string>((resolve, reject) => {
    let text = '';
    xvfb.stdout.on('data', (d: Buffer) => {
      text += d.toString();
      if (text.includes('\n')) resolve(text.trim());
    });
    xvfb.on('error', reject);
    xvfb.on('exit', () => reject(new Error('Xvfb did not start')));
  });
  return { display: `:${number}`, stop: () => xvfb.kill() };
}

/** the display to use: the session's own when there is one, else a private Xvfb (Linux) */
export async function displayForWindows(env: NodeJS.ProcessEnv = process.env): Promise<VirtualDisplay | null> {
  if (process.platform !== 'linux' || env.DISPLAY || env.WAYLAND_DISPLAY) return null;
  return startXvfb();
}
