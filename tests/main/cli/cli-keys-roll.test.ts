// `crm keys roll` as real processes against the sandbox and the REAL keychain: a new key is
// created, proved with a live request and used; the old one is revoked on the service at once
// (grace now) or when its grace ends (a scheduled revocation in the outbox, which can be
// cancelled). After the revocation syncs, the old value is tried until the service refuses it,
// and only then deleted from the keychain; with the sandbox's revoke delay the key is first
// "still accepted, checking again". A roll whose new key is refused stops and says where.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import type { KeyMeta, OutboxItem } from '../../../src-main/core/model';
import { closeSandboxes, findSecrets, openSandbox, tempDir } from '../helpers/index';
import { forgetListedKeys, spawnCli, transcript, type CliRun } from './cli-harness';
import { fileKeychain } from '../helpers/keychain';

const { available, service, store } = await fileKeychain('cli-keys-roll');
const ALL = ['contacts:read', 'messages:send', 'keys:manage'] as const;

let sandbox: RunningSandbox;
let slow: RunningSandbox;
let env: Record<string, string>;
let slowEnv: Record<string, string>;
const made: string[] = [];

const crm = (argv: string[], options: { input?: string; env?: Record<string, string> } = {}): Promise<CliRun> =>
  spawnCli(argv, { env: options.env ?? env, ...(options.input === undefined ? {} : { input: options.input }), timeoutMs: 60_000 });

async function listed(e = env): Promise<{ activeKeyId: string | null; keys: KeyMeta[] }> {
  const run = await crm(['keys', 'list', '--all', '--json'], { env: e });
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as { activeKeyId: string | null; keys: KeyMeta[] };
}

async function status(sb: RunningSandbox, key: string): Promise<number> {
  const res = await fetch(`${sb.baseUrl}/api/v1/contacts?per_page=1`, { headers: { authorization: `Bearer ${key}` } });
  await res.arrayBuffer();
  return res.status;
}

/** a key with every permission made on the sandbox, saved here and used by the profile */
async function savedInUse(sb: RunningSandbox, name: string, e = env): Promise<{ key: string; id: string }> {
  const key = sb.createKey(name, [...ALL]);
  made.push(key.key);
  const added = await crm(['keys', 'add', '--name', name, '--use'], { input: `${key.key}\n`, env: e });
  expect(added.code, added.stderr).toBe(0);
  const local = (await listed(e)).keys.find((k) => k.name === name)!;
  return { key: key.key, id: local.id };
}

describe.skipIf(!available)('crm keys roll', () => {
  beforeAll(async () => {
    sandbox = await openSandbox();
    slow = await openSandbox({ revokeDelayMs: 4000 });
    env = { CRM_DATA_DIR: await tempDir('crm-cli-roll-'), CRM_KEYCHAIN_SERVICE: service };
    slowEnv = { CRM_DATA_DIR: await tempDir('crm-cli-roll-slow-'), CRM_KEYCHAIN_SERVICE: service };
    expect((await crm(['profiles', 'add', '--name', 'sb', '--url', sandbox.baseUrl])).code).toBe(0);
    expect((await crm(['profiles', 'add', '--name', 'slow', '--url', slow.baseUrl], { env: slowEnv })).code).toBe(0);
  });

  afterAll(async () => {
    expect(findSecrets(transcript, made)).toEqual([]);
    for (const e of [env, slowEnv]) {
      if (!e) continue;
      const keys = await listed(e)
        .then((l) => l.keys)
        .catch(() => []);
      for (const k of keys) await store.delete(`revoking:${k.id}`).catch(() => false);
      await forgetListedKeys(() => crm(['keys', 'list', '--all', '--json'], { env: e }), store);
    }
    await closeSandboxes();
  });

  it('--grace now: the new key is proved and used, the old one revoked, proved refused, and its value deleted', async () => {
    const old = await savedInUse(sandbox, 'ops');
    const rolled = await crm(['keys', 'roll', 'ops', '--grace', 'now']);
    expect(rolled.code, rolled.stderr).toBe(0);
    expect(rolled.stdout).toContain('Rolled "ops"');
    expect(rolled.stdout).toContain('"sb" now uses it');

    const after = await listed();
    const fresh = after.keys.find((k) => k.name === 'ops (rolled)')!;
    expect(after.activeKeyId).toBe(fresh.id);
    expect(fresh).toMatchObject({ state: 'active', lastStatus: 'valid' });
    const retired = after.keys.find((k) => k.id === old.id)!;
    expect(retired.state).toBe('revoked');
    expect(retired.sync).toMatchObject({ state: 'synced', proof: { state: 'refused', status: 401 } });
    expect(await status(sandbox, old.key)).toBe(401);
    // proved refused: nothing of the old value is kept
    expect(await store.get(`revoking:${old.id}`)).toBeNull();
    expect(await store.get(`key:${old.id}`)).toBeNull();
    const text = await crm(['keys', 'list', '--all']);
    expect(text.stdout).toMatch(/"ops" \(…\w{4}\): revoked on the server; refused \(401\) at \d\d:\d\d/);
  });

  it('--grace 1h: the retirement waits in the outbox with its time, sync leaves it, cancel keeps the old key working', async () => {
    const old = await savedInUse(sandbox, 'ci');
    const before = Date.now();
    const rolled = await crm(['keys', 'roll', 'ci', '--grace', '1h']);
    expect(rolled.code, rolled.stderr).toBe(0);
    expect(rolled.stdout).toContain('keeps working on the service until');

    const listedItems = await crm(['outbox', 'list', '--json']);
    const item = (JSON.parse(listedItems.stdout) as { items: OutboxItem[] }).items.find(
      (i) => i.kind === 'keys.revoke' && i.label === 'ci',
    )!;
    expect(item).toMatchObject({ state: 'pending', pendingReason: 'scheduled' });
    const due = Date.parse(item.nextAttemptAt!);
    expect(due).toBeGreaterThanOrEqual(before + 3_600_000 - 1000);
    expect(due).toBeLessThanOrEqual(Date.now() + 3_600_000);
    expect((await crm(['outbox', 'list'])).stdout).toMatch(/scheduled \(\d{4}-\d\d-\d\d \d\d:\d\d\)/);

    // a sync sends nothing early and does not count the retirement as a failure
    const synced = await crm(['sync']);
    expect(synced.code, synced.stderr).toBe(0);
    expect(synced.stdout).toContain('1 scheduled or checking');
    expect(await status(sandbox, old.key)).toBe(200);
    expect((await listed()).keys.find((k) => k.id === old.id)?.sync).toMatchObject({ state: 'pending', reason: 'scheduled' });

    const cancelled = await crm(['outbox', 'cancel', item.id]);
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect((await crm(['sync'])).code).toBe(0);
    expect(await status(sandbox, old.key)).toBe(200);
  });

  it('a new key the service refuses stops the roll: the old key stays in use, and it says where it stopped', async () => {
    const old = await savedInUse(sandbox, 'web');
    sandbox.injectFaults(
      [
        {
          kind: 'status',
          status: 401,
          body: '{"error":{"code":"unauthorized","message":"unknown or deleted API key"}}',
          contentType: 'application/json',
        },
      ],
      { method: 'GET', pathPrefix: '/api/v1/contacts' },
    );
    const rolled = await crm(['keys', 'roll', 'web', '--grace', 'now']);
    sandbox.clearFaults();
    expect(rolled.code).toBe(1);
    expect(rolled.stderr).toMatch(/Created and saved the new key …\w{4}, but it was refused by the service: the old key is still in use/);
    const after = await listed();
    expect(after.activeKeyId).toBe(old.id);
    expect(after.keys.find((k) => k.id === old.id)).toMatchObject({ state: 'active' });
    expect(await status(sandbox, old.key)).toBe(200);
  });

  it('with the sandbox\'s revoke delay: "still accepted, checking again", then "refused (401)"', async () => {
    const old = await savedInUse(slow, 'agent', slowEnv);
    const rolled = await crm(['keys', 'roll', 'agent', '--grace', 'now'], { env: slowEnv });
    expect(rolled.code, rolled.stderr).toBe(0);
    const first = await crm(['keys', 'list'], { env: slowEnv });
    expect(first.stdout).toMatch(/"agent" \(…\w{4}\): revoked on the server; still accepted \(200\) at \d\d:\d\d, checking again/);
    expect((await listed(slowEnv)).keys.find((k) => k.id === old.id)?.sync).toMatchObject({
      state: 'synced',
      proof: { state: 'accepted', status: 200 },
    });
    // still kept: it has not been proved refused yet
    expect(await store.get(`revoking:${old.id}`)).toBe(old.key);

    await new Promise((r) => setTimeout(r, 4500)); // the sandbox's own delay, in real time
    const synced = await crm(['sync'], { env: slowEnv });
    expect(synced.code, synced.stderr).toBe(0);
    const second = await crm(['keys', 'list', '--all'], { env: slowEnv });
    expect(second.stdout).toMatch(/"agent" \(…\w{4}\): revoked on the server; refused \(401\) at \d\d:\d\d/);
    expect(await store.get(`revoking:${old.id}`)).toBeNull();
  });
});
