// A saved key's life on the command line, as real `crm` processes over the REAL OS keychain:
// `keys check` exits 1 when a record and the keychain are out of step (0 when they are not),
// --recover links a stray value back to the record it belongs to instead of adding a second
// one, revoked keys leave the plain list once their revocation is done and `keys remove` drops
// them (never a live key), `keys create --expires` keeps an expiry, and an expired key is refused
// before any request is made. Run inside the keyring harness; elsewhere skipped with a reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-main/core/store/database';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { closeSandboxes, openSandbox, tempDir } from '../helpers/index';
import { startKeyTrap, type KeyTrap } from '../core/http/support/local-server';
import { forgetListedKeys, spawnCli, type CliRun } from './cli-harness';
import { fileKeychain } from '../helpers/keychain';

const { available, service, store } = await fileKeychain('cli-keys-lifecycle');
const DAY_MS = 24 * 60 * 60 * 1000;
let sandbox: RunningSandbox;
let trap: KeyTrap;
let env: Record<string, string>;
const strays: string[] = [];

interface KeyJson {
  id: string;
  name: string;
  state: string;
  fingerprint: string;
  expiresAt?: string | null;
  lifecycle: string[];
}

const crm = (argv: string[], input?: string): Promise<CliRun> => spawnCli(argv, { env, ...(input === undefined ? {} : { input }) });

async function listed(...flags: string[]): Promise<KeyJson[]> {
  const run = await crm(['keys', 'list', '--profile', 'shop', '--json', ...flags]);
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { keys: KeyJson[] }).keys;
}

function editKeys(sql: string, ...args: string[]): void {
  const db = openDatabase(env.CRM_DATA_DIR!);
  try {
    db.prepare(sql).run(...args);
  } finally {
    db.close();
  }
}

describe.skipIf(!available)('crm keys: check, recover, list, remove, expiry', () => {
  beforeAll(async () => {
    sandbox = await openSandbox({ contacts: 3 });
    trap = await startKeyTrap('{"data":[]}');
    env = { CRM_DATA_DIR: await tempDir('crm-keys-lifecycle-'), CRM_KEYCHAIN_SERVICE: service };
    expect((await crm(['profiles', 'add', '--name', 'shop', '--url', sandbox.baseUrl])).code).toBe(0);
    const admin = await crm(['keys', 'add', '--name', 'admin', '--profile', 'shop', '--use'], `${sandbox.adminKey}\n`);
    expect(admin.code, admin.stderr).toBe(0);
  });

  afterAll(async () => {
    await forgetListedKeys(() => crm(['keys', 'list', '--all-profiles', '--all', '--json']), store);
    for (const id of strays) await store.delete(`key:${id}`).catch(() => false);
    await trap?.close();
    await closeSandboxes();
  });

  it('keys check exits 0 when all is well, 1 with a missing value, 1 with a value no key names; --json says the same', async () => {
    const clean = await crm(['keys', 'check']);
    expect(clean.code, clean.stderr).toBe(0);
    expect(JSON.parse((await crm(['keys', 'check', '--json'])).stdout)).toMatchObject({ checked: true, ok: true });

    const [admin] = await listed();
    await store.delete(`key:${admin!.id}`);
    try {
      const missing = await crm(['keys', 'check']);
      expect(missing.code).toBe(1);
      expect(missing.stdout).toContain('The saved key “admin” has no value in the OS keychain');
      expect(missing.stderr).toContain('keys check: 1 saved key without its value in the keychain');
      const json = await crm(['keys', 'check', '--json']);
      expect(json.code).toBe(1);
      expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, missingValues: [{ id: admin!.id, name: 'admin' }], unlisted: 0 });
    } finally {
      await store.set(`key:${admin!.id}`, sandbox.adminKey);
    }
    expect((await crm(['keys', 'check'])).code).toBe(0);

    strays.push('lk_orphan_cli_lifecycle');
    await store.set('key:lk_orphan_cli_lifecycle', 'crm_sk_orphan_value_zZ01');
    try {
      const orphan = await crm(['keys', 'check', '--json']);
      expect(orphan.code).toBe(1);
      expect(JSON.parse(orphan.stdout)).toMatchObject({ ok: false, missingValues: [], unlisted: 1 });
    } finally {
      await store.delete('key:lk_orphan_cli_lifecycle');
    }
    expect((await crm(['keys', 'check'])).code).toBe(0);
  });

  it('--recover links a stray value back to the record with its fingerprint: no "Recovered key", no question', async () => {
    const [admin] = await listed();
    // the value survived under another entry; the record lost its own
    strays.push('lk_stray_cli_lifecycle');
    await store.set('key:lk_stray_cli_lifecycle', sandbox.adminKey);
    await store.delete(`key:${admin!.id}`);
    expect((await crm(['keys', 'check'])).code).toBe(1);

    // no terminal and no --yes: a re-link needs no question
    const recovered = await crm(['keys', 'check', '--recover', 'shop']);
    expect(recovered.code, recovered.stderr).toBe(0);
    expect(recovered.stdout).toBe(`Linked the keychain value …${sandbox.adminKey.slice(-4)} back to the saved key "admin".\n`);
    expect((await listed()).map((k) => k.name)).toEqual(['admin']);
    expect(await store.get(`key:${admin!.id}`)).toBe(sandbox.adminKey);
    expect(await store.get('key:lk_stray_cli_lifecycle')).toBeNull();
    expect((await crm(['keys', 'check'])).code).toBe(0);
    // and the key works again
    expect((await crm(['keys', 'test', 'admin'])).code).toBe(0);
  });

  it('a revoked key leaves the plain list once its revocation is done; --revoked and --all keep the history', async () => {
    const created = await crm(['keys', 'create', '--name', 'old-ci', '--profile', 'shop', '--json']);
    expect(created.code, created.stderr).toBe(0);
    const revoked = await crm(['keys', 'revoke', 'old-ci', '--yes']);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain('revoked on the server');

    expect((await listed()).map((k) => k.name)).toEqual(['admin']);
    expect((await listed('--revoked')).map((k) => [k.name, k.state])).toEqual([['old-ci', 'revoked']]);
    expect((await listed('--all')).map((k) => k.name)).toEqual(['admin', 'old-ci']);
    const table = await crm(['keys', 'list', '--profile', 'shop']);
    expect(table.stdout).not.toContain('old-ci');
  });

  it('keys remove drops a revoked key and refuses a live one, pointing to revoke', async () => {
    const live = await crm(['keys', 'remove', 'admin']);
    expect(live.code).toBe(2);
    expect(live.stderr).toContain('"admin" (…');
    expect(live.stderr).toContain('is live: revoke it first (crm keys revoke');
    expect((await listed()).map((k) => k.name)).toEqual(['admin']);

    const [old] = await listed('--revoked');
    // a value the revocation could not delete from the keychain goes with the record
    await store.set(`key:${old!.id}`, 'crm_sk_left_behind_value_0042');
    const removed = await crm(['keys', 'remove', 'old-ci']);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain('Removed the revoked key "old-ci"');
    expect(await listed('--all')).toHaveLength(1);
    expect(await store.get(`key:${old!.id}`)).toBeNull();
  });

  it('keys create --expires keeps an expiry, shown as "expires in N days"; a wrong one is refused before any key is made', async () => {
    const creations = () => sandbox.requests().filter((r) => r.method === 'POST' && r.path.includes('api-keys')).length;
    const before = creations();
    const bad = await crm(['keys', 'create', '--name', 'never', '--profile', 'shop', '--expires', 'soon']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--expires: An expiry is a number of days (7d, 30d, 90d) or a date (2027-01-31).');
    expect(creations()).toBe(before);

    const made = await crm(['keys', 'create', '--name', 'month', '--profile', 'shop', '--expires', '30d']);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/It is not sent after \d{4}-\d{2}-\d{2}/);
    const dated = await crm(['keys', 'create', '--name', 'dated', '--profile', 'shop', '--expires', '2099-01-31']);
    expect(dated.code, dated.stderr).toBe(0);
    const keys = await listed();
    expect(keys.find((k) => k.name === 'month')?.lifecycle).toEqual(['expires in 30 days']);
    expect(keys.find((k) => k.name === 'dated')?.expiresAt).toBe('2099-02-01T00:00:00.000Z');
    expect((await crm(['keys', 'list', '--profile', 'shop'])).stdout).toContain('active, expires in 30 days');
  });

  it('an unused key is called so after 45 days; an expired key is refused before any request (the server sees nothing)', async () => {
    expect((await crm(['profiles', 'add', '--name', 'trap', '--url', trap.url])).code).toBe(0);
    const added = await crm(['keys', 'add', '--name', 'soon-gone', '--profile', 'trap'], 'crm_sk_trap_expiring_key_0077\n');
    expect(added.code, added.stderr).toBe(0);
    const run = await crm(['keys', 'list', '--profile', 'trap', '--json']);
    const [key] = (JSON.parse(run.stdout) as { keys: KeyJson[] }).keys;
    editKeys('UPDATE saved_keys SET last_used_at = ? WHERE id = ?', new Date(Date.now() - 60 * DAY_MS).toISOString(), key!.id);
    expect((await crm(['keys', 'list', '--profile', 'trap'])).stdout).toContain('active, unused for 60 days');

    editKeys('UPDATE saved_keys SET expires_at = ? WHERE id = ?', new Date(Date.now() - 1000).toISOString(), key!.id);
    expect((await crm(['keys', 'list', '--profile', 'trap'])).stdout).toContain('active, expired');
    const before = trap.received.length;
    const refused = await crm(['contacts', '--profile', 'trap']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('The key "soon-gone" expired');
    expect(refused.stderr).toContain('is not sent');
    expect(trap.received.length).toBe(before);
    expect(trap.requestsWithKey('crm_sk_trap_expiring_key_0077')).toEqual([]);
  });
});
