// runCli in-process against the real sandbox and the REAL OS keychain (a unique service name
// for this file): profiles, keys (add from stdin or a hidden prompt, never from an argument;
// create; test; revoke with confirmation), profile-mode sends, the outbox and crm sync.
// Run inside the keyring harness (npm test); elsewhere the suite is skipped with a reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { closeSandboxes, openSandbox, tempDir } from '../helpers/index';
import { acceptedTextSendsTo } from '../helpers/sandbox';
import { runInProcess, spawnCli, stderrLines, transcript } from './cli-harness';
import { fileKeychain } from '../helpers/keychain';

const { available, service, store } = await fileKeychain('cli');
let sandbox: RunningSandbox;
let env: Record<string, string>;
/** every key value this file has seen: none may appear in any output */
const secrets: string[] = [];
/** the runs asked to print a new key (--print-key): their stdout is where it was meant to go */
const printedRuns = new Set<(typeof transcript)[number]>();

interface KeyJson {
  id: string;
  name: string;
  fingerprint: string;
  state: string;
  serverKeyId: string | null;
  profileId: string;
}

async function crm(argv: string[], options: Parameters<typeof runInProcess>[1] = {}) {
  return runInProcess(argv, { env, ...options });
}

async function json<T>(argv: string[]): Promise<T> {
  const run = await crm([...argv, '--json']);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
}

/** the files under `dir` whose bytes hold `value` */
async function filesHolding(dir: string, value: string): Promise<string[]> {
  const hits: string[] = [];
  for (const name of await readdir(dir, { recursive: true })) {
    const path = join(dir, name);
    if ((await stat(path)).isFile() && (await readFile(path, 'latin1')).includes(value)) hits.push(path);
  }
  return hits;
}

/** every saved key, revoked ones too (a plain list leaves out those whose revocation is done) */
async function keys(): Promise<KeyJson[]> {
  return (await json<{ keys: KeyJson[] }>(['keys', 'list', '--all'])).keys;
}

const messagesTo = (number: string): unknown[] => acceptedTextSendsTo(sandbox, number);

describe.skipIf(!available)('crm with the OS keychain', () => {
  beforeAll(async () => {
    sandbox = await openSandbox();
    secrets.push(sandbox.adminKey);
    env = { CRM_DATA_DIR: await tempDir('crm-cli-keychain-'), CRM_KEYCHAIN_SERVICE: service };
  });

  afterAll(async () => {
    await closeSandboxes();
    // forget what this file stored in the keychain
    for (const key of (await keys().catch(() => [])) as KeyJson[]) {
      await store.delete(`key:${key.id}`).catch(() => false);
      await store.delete(`revoking:${key.id}`).catch(() => false);
    }
  });

  it('profiles add / list / use / show', async () => {
    const first = await crm(['profiles', 'add', '--name', 'local', '--url', sandbox.baseUrl]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('Added profile "local"');
    expect(first.stdout).toContain('now active');
    expect((await crm(['profiles', 'add', '--name', 'other', '--url', 'https://crm.example.com'])).code).toBe(0);

    const listed = await json<{ profiles: { id: string; name: string }[]; activeProfileId: string }>(['profiles', 'list']);
    expect(listed.profiles.map((p) => p.name)).toEqual(['local', 'other']);
    expect(listed.activeProfileId).toBe(listed.profiles[0]?.id);

    const text = await crm(['profiles', 'list']);
    expect(text.stdout.split('\n').find((l) => l.includes('local'))).toMatch(/^\*\s+local/);

    expect((await crm(['profiles', 'use', 'OTHER'])).code).toBe(0);
    expect((await json<{ profile: { name: string } }>(['profiles', 'show'])).profile.name).toBe('other');
    expect((await crm(['profiles', 'use', 'local'])).stdout).toContain('Active profile: local');

    const missing = await crm(['profiles', 'use', 'nope']);
    expect(missing.code).toBe(1);
    expect(stderrLines(missing)).toHaveLength(1);

    const insecure = await crm(['profiles', 'add', '--name', 'plain', '--url', 'http://crm.example.com']);
    expect(insecure.code).toBe(1);
    expect(stderrLines(insecure)).toHaveLength(1);
  });

  it('profiles remove needs --yes without a terminal', async () => {
    const refused = await crm(['profiles', 'remove', 'other']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('pass --yes');
    expect((await crm(['profiles', 'remove', 'other', '--yes'])).code).toBe(0);
    expect((await json<{ profiles: unknown[] }>(['profiles', 'list'])).profiles).toHaveLength(1);
  });

  it('keys add refuses the key as an argument or an option, and stores nothing', async () => {
    const value = sandbox.createKey('cli-arg', ['contacts:read']).key;
    secrets.push(value);
    for (const argv of [
      ['keys', 'add', '--name', 'x', value],
      ['keys', 'add', '--name', 'x', `--key=${value}`],
      ['keys', 'add', '--name', 'x', '--key', value],
      ['keys', 'add', '--value', value, '--name', 'x'],
    ]) {
      const run = await crm(argv, { input: value });
      expect(run.code).toBe(2);
      expect(stderrLines(run)).toHaveLength(1);
      expect(run.stderr).toContain('never takes the key on the command line');
      expect(run.stderr).toContain('shell history');
    }
    expect(await keys()).toEqual([]);
  });

  it('keys add reads a piped key into the keychain; keys list shows only its last 4 characters', async () => {
    const run = await crm(['keys', 'add', '--name', 'admin'], { input: `${sandbox.adminKey}\n` });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`…${sandbox.adminKey.slice(-4)}`);
    expect(run.stdout).toContain('the profile now uses it');

    const [meta] = await keys();
    expect(meta).toMatchObject({ name: 'admin', fingerprint: sandbox.adminKey.slice(-4), state: 'active' });
    expect(await store.get(`key:${meta?.id}`)).toBe(sandbox.adminKey);

    const list = await crm(['keys', 'list']);
    expect(list.stdout).toContain(`…${sandbox.adminKey.slice(-4)}`);
    expect(list.stdout).toMatch(/^\*\s+lk_/m);
  });

  it('keys list fits 100 columns (short ids, short permissions, long names cut) and takes the short id back', async () => {
    const long = sandbox.createKey('k', ['contacts:read', 'messages:send', 'keys:manage']).key;
    secrets.push(long);
    const added = await crm(
      [
        'keys',
        'add',
        '--name',
        'a very long key name for the support team laptop',
        '--permissions',
        'contacts:read,messages:send,keys:manage',
        '--json',
      ],
      { input: long },
    );
    expect(added.code, added.stderr).toBe(0);
    const list = await crm(['keys', 'list']);
    const widths = list.stdout
      .trimEnd()
      .split('\n')
      .map((line) => [...line].length);
    expect(Math.max(...widths)).toBeLessThanOrEqual(100);
    expect(list.stdout).toContain('read,send,manage');
    const id = (JSON.parse(added.stdout) as { key: KeyJson }).key.id;
    const shown = list.stdout
      .split('\n')
      .find((line) => line.includes('a very long key'))!
      .trim()
      .split(/\s+/)[0]!;
    expect(id.startsWith(shown.replace(/…$/, ''))).toBe(true);
    const test = await crm(['keys', 'test', shown]);
    expect(test.code, test.stderr).toBe(0);
  });

  it('keys add through the real executable with piped stdin', async () => {
    const value = sandbox.createKey('cli-spawned', ['contacts:read']).key;
    secrets.push(value);
    const run = await spawnCli(['keys', 'add', '--name', 'spawned', '--json'], { env, input: value });
    expect(run.code, run.stderr).toBe(0);
    const { key } = JSON.parse(run.stdout) as { key: KeyJson };
    expect(key.fingerprint).toBe(value.slice(-4));
    expect(await store.get(`key:${key.id}`)).toBe(value);
  });

  it('keys add on a terminal reads a hidden line in raw mode and echoes nothing', async () => {
    const value = sandbox.createKey('cli-typed', ['contacts:read']).key;
    secrets.push(value);
    const typed = [value.slice(0, 5), value.slice(5), 'x\u007f', '\r'];
    const run = await crm(['keys', 'add', '--name', 'typed', '--json'], { tty: { typed } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.rawModes).toEqual([true, false]);
    expect(run.stderr).toBe('API key for profile "local": the bare token (input is hidden): \n');
    const { key } = JSON.parse(run.stdout) as { key: KeyJson };
    expect(await store.get(`key:${key.id}`)).toBe(value);
  });

  it('keys add on a terminal that cannot hide input refuses; Ctrl-C at the prompt stores nothing', async () => {
    const before = (await keys()).length;
    const noRaw = await crm(['keys', 'add', '--name', 'visible'], { tty: { typed: ['whatever\r'], raw: false } });
    expect(noRaw.code).toBe(2);
    expect(noRaw.stderr).toContain('cannot hide typed input');
    const cancelled = await crm(['keys', 'add', '--name', 'cancelled'], { tty: { typed: ['abc', '\u0003'] } });
    expect(cancelled.code).toBe(2);
    expect(cancelled.stderr).toContain('no key entered');
    expect(await keys()).toHaveLength(before);
  });

  it('keys test: exit 0 for a working key, with its outcome in --json', async () => {
    const run = await crm(['keys', 'test']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('valid');
    const doc = await json<{ outcome: string }>(['keys', 'test', 'admin']);
    expect(doc.outcome).toBe('valid');
  });

  it('keys create stores the new key in the keychain and never prints it', async () => {
    const run = await crm(['keys', 'create', '--name', 'ci', '--permissions', 'contacts:read,messages:send', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const { key } = JSON.parse(run.stdout) as { key: KeyJson & { permissions: string[] } };
    expect(key.permissions).toEqual(['contacts:read', 'messages:send']);
    expect(key.serverKeyId).toMatch(/^k_/);
    const value = await store.get(`key:${key.id}`);
    expect(value).toMatch(/^\S{8,}$/);
    secrets.push(value ?? '');
    expect(run.stdout).not.toContain(value);

    const server = await json<{ serverKeys: { id: string }[] }>(['keys', 'list', '--server']);
    expect(server.serverKeys.map((k) => k.id)).toContain(key.serverKeyId);
  });

  it('keys create --print-key writes the new value once, to stdout alone, and into no file', async () => {
    const run = await crm(['keys', 'create', '--name', 'printed', '--permissions', 'contacts:read', '--print-key']);
    printedRuns.add(transcript.at(-1)!);
    expect(run.code, run.stderr).toBe(0);
    const created = (await keys()).find((k) => k.name === 'printed')!;
    const value = (await store.get(`key:${created.id}`))!;
    secrets.push(value);
    // stdout is the value and nothing else (KEY=$(crm keys create … --print-key)); the sentence goes to stderr
    expect(run.stdout).toBe(`${value}\n`);
    expect(run.stderr).toContain('Created key "printed"');
    expect(run.stderr).not.toContain(value);
    expect(run.stderr).not.toContain('scrollback'); // not a terminal: no warning
    // it is the keychain's value, and it is written nowhere else: no file of the data folder (crm.db with its request log)
    expect(await filesHolding(env.CRM_DATA_DIR!, value)).toEqual([]);

    // at a terminal it says the value stays on screen; --json carries it as "value", once
    const tty = await crm(['keys', 'create', '--name', 'printed-json', '--permissions', 'contacts:read', '--print-key', '--json'], {
      stdoutTty: true,
    });
    printedRuns.add(transcript.at(-1)!);
    expect(tty.code, tty.stderr).toBe(0);
    expect(stderrLines(tty).join('\n')).toMatch(/printed below, once: it stays in this terminal's scrollback/);
    const doc = JSON.parse(tty.stdout) as { key: KeyJson; value: string };
    secrets.push(doc.value);
    expect(doc.value).toBe(await store.get(`key:${doc.key.id}`));
    expect(tty.stdout.split(doc.value)).toHaveLength(2);
    expect(await filesHolding(env.CRM_DATA_DIR!, doc.value)).toEqual([]);
  });

  it('profile mode: send text arrives with the profile key', async () => {
    const number = '5511977776666';
    const run = await crm(['send', 'text', '--to', number, '--text', 'from the keychain key']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Sent text to 5511977776666: message m_/);
    expect(messagesTo(number)).toEqual([{ number, text: 'from the keychain key' }]);
  });

  it('keys revoke: refused without a terminal, declined on one, done with --yes (also on the server)', async () => {
    const before = (await keys()).find((k) => k.name === 'ci');
    expect(before?.state).toBe('active');

    const refused = await crm(['keys', 'revoke', 'ci']);
    expect(refused.code).toBe(2);
    expect(stderrLines(refused)).toEqual([
      'crm: refusing to revoke the key without confirmation: stdin is not a terminal; pass --yes to confirm (see crm keys revoke --help)',
    ]);

    const declined = await crm(['keys', 'revoke', 'ci'], { tty: { typed: ['n\n'] } });
    expect(declined.code).toBe(1);
    expect(declined.stderr).toContain('Revoke key "ci"');
    expect((await keys()).find((k) => k.name === 'ci')?.state).toBe('active');

    const confirmed = await crm(['keys', 'revoke', 'ci'], { tty: { typed: ['y\n'] } });
    expect(confirmed.code, confirmed.stderr).toBe(0);
    expect(confirmed.stdout).toContain('revoked on the server');
    expect((await keys()).find((k) => k.name === 'ci')?.state).toBe('revoked');
    const server = await json<{ serverKeys: { id: string }[] }>(['keys', 'list', '--server']);
    expect(server.serverKeys.map((k) => k.id)).not.toContain(before?.serverKeyId);

    const again = await crm(['keys', 'revoke', 'ci', '--yes']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('already revoked');
  });

  it('send --queue while the server is down; crm sync reports pending, then sends once it is back', async () => {
    const number = '5511966665555';
    await sandbox.suspend();
    try {
      const queued = await crm(['send', 'text', '--to', number, '--text', 'queued while offline', '--queue', '--json']);
      expect(queued.code, queued.stderr).toBe(0);
      const doc = JSON.parse(queued.stdout) as { status: string; outboxId: string };
      expect(doc.status).toBe('queued');
      // in words: one sentence after another, never "back.. It is sent"
      const said = await crm(['send', 'text', '--to', '5511966665556', '--text', 'queued in words', '--queue']);
      expect(said.stdout).toMatch(/when the API is back\. It is sent by `crm sync` or the app\.$/m);
      expect(said.stdout).not.toContain('..');
      const extra = /Queued in the outbox as (ob_\S+):/.exec(said.stdout)?.[1] ?? '';
      expect((await crm(['outbox', 'cancel', extra])).code).toBe(0);

      const listed = await json<{ items: { id: string; state: string; kind: string }[] }>(['outbox', 'list']);
      expect(listed.items.find((i) => i.id === doc.outboxId)).toMatchObject({ kind: 'send.text', state: 'pending' });

      const offline = await crm(['sync', '--timeout', '5']);
      expect(offline.code).toBe(1);
      expect(offline.stdout).toContain('1 still pending');
      expect(stderrLines(offline)).toHaveLength(1);
      expect(offline.stderr).toMatch(
        /^crm: 1 operation\(s\) did not reach the service \(0 failed, 1 still pending\): ob_\S+ to 5511966665555/,
      );
    } finally {
      await sandbox.resume();
    }
    const synced = await crm(['sync', '--json']);
    expect(synced.code, synced.stderr).toBe(0);
    const summary = JSON.parse(synced.stdout) as { sent: string[]; failed: string[]; pending: string[] };
    expect(summary.sent).toHaveLength(1);
    expect(summary.pending).toEqual([]);
    expect(messagesTo(number)).toEqual([{ number, text: 'queued while offline' }]);
  });

  it('send without --queue fails with exit 1 while the server is down, and says that --queue exists', async () => {
    await sandbox.suspend();
    try {
      const run = await crm(['send', 'text', '--to', '5511955554444', '--text', 'nope']);
      expect(run.code).toBe(1);
      expect(stderrLines(run)).toHaveLength(1);
      expect(run.stderr).toContain('Nothing was sent. Add --queue to keep it in the outbox');
    } finally {
      await sandbox.resume();
    }
  });

  it('outbox cancel and retry', async () => {
    await sandbox.suspend();
    try {
      const queued = await crm(['send', 'text', '--to', '5511944443333', '--text', 'to cancel', '--queue', '--json']);
      const id = (JSON.parse(queued.stdout) as { outboxId: string }).outboxId;
      const cancelled = await crm(['outbox', 'cancel', id, '--json']);
      expect(cancelled.code, cancelled.stderr).toBe(0);
      expect((JSON.parse(cancelled.stdout) as { item: { state: string } }).item.state).toBe('cancelled');
    } finally {
      await sandbox.resume();
    }
    // a permanent failure (400) can be retried by hand
    sandbox.injectFaults(
      [{ kind: 'status', status: 400, body: '{"error":{"code":"bad_request","message":"injected"}}', contentType: 'application/json' }],
      { method: 'POST', pathPrefix: '/api/v1/messages' },
    );
    await sandbox.suspend();
    const queued = await crm(['send', 'text', '--to', '5511933332222', '--text', 'retry me', '--queue', '--json']).finally(() =>
      sandbox.resume(),
    );
    const failedId = (JSON.parse(queued.stdout) as { outboxId: string }).outboxId;
    const failing = await crm(['sync', '--json']);
    expect(failing.code).toBe(1);
    expect((JSON.parse(failing.stdout) as { failed: string[] }).failed).toEqual([failedId]);
    expect(failing.stderr).toMatch(/^crm: 1 operation\(s\) did not reach the service \(1 failed, 0 still pending\)/);

    const retried = await crm(['outbox', 'retry', failedId.slice(0, 12)]);
    expect(retried.code, retried.stderr).toBe(0);
    const synced = await crm(['sync', '--json']);
    expect(synced.code, synced.stderr).toBe(0);
    expect((JSON.parse(synced.stdout) as { sent: string[] }).sent).toEqual([failedId]);
    expect(messagesTo('5511933332222')).toEqual([{ number: '5511933332222', text: 'retry me' }]);
    expect(messagesTo('5511944443333')).toEqual([]);
  });

  it('no key value appears in any output of any command in this file', () => {
    expect(secrets.length).toBeGreaterThanOrEqual(5);
    // but the one stdout each --print-key run was asked to write the value to (its stderr counts)
    const all = transcript.map((r) => (printedRuns.has(r) ? r.stderr : r.stdout + r.stderr)).join('\n');
    for (const secret of secrets) expect(all.includes(secret), `…${secret.slice(-4)} leaked`).toBe(false);
  });
});
