// `npm start` (scripts/start.mjs): it needs nothing on PATH (every JS entry point runs with
// process.execPath: Windows cannot spawn npx.cmd without a shell), and it knows the Linux
// case where Electron would abort at start (AppArmor-restricted user namespaces).
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { sandboxBlocker } from '../../../scripts/linux-sandbox.mjs';

describe('sandboxBlocker', () => {
  const base = { platform: 'linux', restricted: true, sandboxPath: '/app/node_modules/electron/dist/chrome-sandbox' };

  it('explains and gives the fix where user namespaces are restricted and chrome-sandbox is not setuid root', () => {
    const message = sandboxBlocker({ ...base, sandbox: { uid: 1000, mode: 0o100755 } });
    expect(message).toContain('AppArmor');
    expect(message).toContain('sudo chown root:root "/app/node_modules/electron/dist/chrome-sandbox" && sudo chmod 4755');
    expect(sandboxBlocker({ ...base, sandbox: { uid: 0, mode: 0o100755 } })).not.toBeNull();
    expect(sandboxBlocker({ ...base, sandbox: null })).not.toBeNull();
  });

  it('says nothing where Electron can start', () => {
    expect(sandboxBlocker({ ...base, sandbox: { uid: 0, mode: 0o104755 } })).toBeNull();
    expect(sandboxBlocker({ ...base, restricted: false, sandbox: null })).toBeNull();
    expect(sandboxBlocker({ ...base, platform: 'darwin', sandbox: null })).toBeNull();
  });
});

describe('scripts/start.mjs', () => {
  it('runs with an empty PATH: no npx, no shell, only this Node; with no display it says so and exits 2', async () => {
    const env: Record<string, string> = {
      PATH: '',
      HOME: process.env.HOME ?? '/tmp',
      ELECTRON_OVERRIDE_DIST_PATH: '/nonexistent-electron',
    };
    const child = spawn(process.execPath, ['scripts/start.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(stdout).toContain('not using Electron: ELECTRON_OVERRIDE_DIST_PATH is set but /nonexistent-electron');
    expect(stderr.trim()).toMatch(/^crm-console: cannot open the window: no display/);
    expect(code).toBe(2);
  }, 30_000);
});
