// The start's keychain check (scripts/secret-service.mjs): on a private D-Bus session where no
// Secret Service runs or can be started (no gnome-keyring on it), `npm start` stops before the
// build with what is wrong and the one command that fixes it; without any session bus it says
// that; a service that never answers is named as such; with a real keyring it says nothing.
// Which message, never how long: the 2 s bound is the probe's, not the test's.
import { spawn } from 'node:child_process';
import { chmod, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeSecretService, secretServiceCheck, secretServiceProblem } from '../../../scripts/secret-service.mjs';
import { onPath } from '../../../scripts/system-packages.mjs';
import { keychainAvailable } from '../helpers/keychain';
import { tempDir } from '../helpers/temp-dir';

const root = process.cwd();
const canRunBus = process.platform === 'linux' && onPath('dbus-run-session');
const hasKeychain = await keychainAvailable();

/** a session bus with no service directories: nothing can be started on it, gnome-keyring least of all */
const BARE_BUS =
  `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" ` +
  `"http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>
  <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
</busconfig>`;

function run(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function bareBus(): Promise<string> {
  const dir = await tempDir('crm-bare-bus-');
  const config = join(dir, 'session.conf');
  await writeFile(config, BARE_BUS);
  return config;
}

describe.skipIf(!canRunBus)('npm start without a Secret Service', () => {
  it('on a private D-Bus with no gnome-keyring, the start stops before the build with the reason and the one command that fixes it', async () => {
    // an "Electron" that only says it ran: the start must not get that far
    const fake = await tempDir('crm-fake-electron-');
    await writeFile(join(fake, 'electron'), '#!/bin/sh\necho FAKE-ELECTRON-RAN\n');
    await chmod(join(fake, 'electron'), 0o755);
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      XDG_DATA_HOME: await tempDir('crm-xdg-'),
      ELECTRON_OVERRIDE_DIST_PATH: fake,
    };
    const r = await run('dbus-run-session', [`--config-file=${await bareBus()}`, '--', process.execPath, 'scripts/start.mjs'], env);
    expect(r.stderr).toContain('crm-console: cannot start: no Secret Service (the OS keychain) is running on this D-Bus session, and');
    expect(r.stderr).toContain(
      `crm-console: Fix: ${onPath('gnome-keyring-daemon') ? 'gnome-keyring-daemon --start --components=secrets' : 'sudo apt-get install -y gnome-keyring'}`,
    );
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain('FAKE-ELECTRON-RAN');
    // no build was started either
    expect(r.stdout).not.toContain('vite');
  }, 30_000);

  it('where gnome-keyring is not installed (not on PATH), the fix is the package to install', async () => {
    const bin = await tempDir('crm-path-');
    await symlink('/usr/bin/apt-get', join(bin, 'apt-get'));
    const script =
      `import(${JSON.stringify(join(root, 'scripts/secret-service.mjs'))}).then((m) => ` +
      `m.secretServiceCheck({ root: ${JSON.stringify(root)} })).then((lines) => ` +
      `console.log(JSON.stringify(lines)))`;
    const env = { PATH: bin, HOME: process.env.HOME, XDG_DATA_HOME: await tempDir('crm-xdg-') };
    const busPath = process.env.PATH ?? '';
    const r = await run(
      '/usr/bin/env',
      [
        `PATH=${busPath}`,
        'dbus-run-session',
        `--config-file=${await bareBus()}`,
        '--',
        '/usr/bin/env',
        `PATH=${bin}`,
        process.execPath,
        '--input-type=module',
        '-e',
        script,
      ],
      env,
    );
    const lines = JSON.parse(r.stdout.trim().split('\n').at(-1) ?? 'null') as string[] | null;
    expect(lines?.[0]).toContain('no Secret Service (the OS keychain) is running on this D-Bus session, and none is installed');
    expect(lines?.[1]).toBe('Fix: sudo apt-get install -y gnome-keyring');
    expect(lines?.[2]).toContain('Then run npm start again');
  }, 30_000);
});

describe('the keychain check', () => {
  it('with no session bus at all (no DBUS_SESSION_BUS_ADDRESS, no display), it says so and how to start one', async () => {
    const env = { PATH: process.env.PATH, HOME: process.env.HOME };
    const lines = await secretServiceCheck({ root, env, platform: 'linux' });
    expect(lines?.[0]).toContain('there is no D-Bus session bus');
    expect(lines?.[1]).toMatch(
      /^Fix: (dbus-run-session -- bash -c .*gnome-keyring-daemon --unlock --components=secrets.*npm start'|sudo apt-get install -y gnome-keyring)/,
    );
  });

  it('a service that never answers (a probe that hangs) is stopped and named as silent, not waited for', async () => {
    const result = await probeSecretService({ root, command: [process.execPath, '-e', 'setInterval(() => {}, 1000)'], timeoutMs: 300 });
    expect(result).toEqual({ outcome: 'silent' });
    expect(secretServiceProblem(result, { platform: 'linux', hasKeyring: true, apt: true })?.reason).toContain('does not reply');
  });

  it('an answer, an error the service gave itself (a locked collection), another OS, or a probe that cannot run: the start goes on', () => {
    const facts = { platform: 'linux', hasKeyring: true, apt: true };
    expect(secretServiceProblem({ outcome: 'answered' }, facts)).toBeNull();
    expect(
      secretServiceProblem(
        { outcome: 'failed', detail: 'Object does not exist at path “/org/freedesktop/secrets/collection/login”' },
        facts,
      ),
    ).toBeNull();
    expect(secretServiceProblem({ outcome: 'unknown' }, facts)).toBeNull();
    expect(secretServiceProblem({ outcome: 'silent' }, { ...facts, platform: 'darwin' })).toBeNull();
  });

  it.skipIf(!hasKeychain)("with a running keyring (the test session's own), it says nothing", async () => {
    expect(await secretServiceCheck({ root, platform: 'linux' })).toBeNull();
  });
});
