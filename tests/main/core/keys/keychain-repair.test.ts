// Key records (crm.db) and key values (the real OS keychain) pulled apart, as a crash, a restored
// backup or a reset keychain leaves them: the window's start says so, nothing is dropped on its
// own, and the two repairs (list a lost record's value again; forget a record whose value is gone)
// do what they say. Run inside the keyring harness (npm test); elsewhere skipped with a reason.
import { afterAll, describe, expect, it } from 'vitest';
import { compareKeychain, describeFindings } from '../../../../src-main/core/keys/keychain-consistency';
import type { SavedKey } from '../../../../src-main/core/model';
import { FINGERPRINT_KEY_ACCOUNT, keyAccount, revokingAccount } from '../../../../src-main/core/secrets/secret-store';
import { openDatabase } from '../../../../src-main/core/store/database';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import { openTestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { closeSandboxes, openSandbox } from '../../helpers/sandbox';
import { runInProcess } from '../../cli/cli-harness';

const available = await keychainAvailable();

function record(id: string, state: SavedKey['state'] = 'active'): SavedKey {
  return {
    id,
    name: id,
    profileId: 'p',
    fingerprint: 'abcd',
    permissions: null,
    addedAt: 'x',
    lastUsedAt: null,
    lastStatus: null,
    state,
    serverKeyId: null,
    revokedAt: state === 'revoked' ? 'x' : null,
  };
}

describe('comparing records with the keychain', () => {
  it('an active record without its value is missing; a revoked one is not (its value goes on purpose)', () => {
    const findings = compareKeychain([record('lk_1'), record('lk_2', 'revoked'), record('lk_3')], [keyAccount('lk_3')]);
    expect(findings.missingValues.map((k) => k.id)).toEqual(['lk_1']);
    expect(findings.unlisted).toEqual([]);
  });

  it('a key value no record names is unlisted; the fingerprint key and revocation copies are not key values', () => {
    const findings = compareKeychain(
      [record('lk_1')],
      [keyAccount('lk_1'), keyAccount('lk_9'), FINGERPRINT_KEY_ACCOUNT, revokingAccount('lk_7')],
    );
    expect(findings).toEqual({ missingValues: [], unlisted: ['lk_9'] });
    expect(describeFindings(findings)).toEqual([
      '1 key value in the OS keychain is not a saved key of this data folder (a lost record, or a key of ' +
        "another data folder such as a development build's). It is kept: crm keys check --recover PROFILE " +
        'lists it here under that profile.',
    ]);
  });
});

describe.skipIf(!available)('repairing records and keychain values', () => {
  let sandbox: RunningSandbox;
  const cleanups: (() => Promise<void>)[] = [];

  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    await closeSandboxes();
  });

  /** a folder whose profile "Shop" on a new sandbox of `contacts` has the saved key "ops" (the sandbox's), its core closed */
  async function closedShopFolder(name: string, contacts: number) {
    sandbox = await openSandbox({ contacts });
    const first = await openTestCore(name);
    const profile = await first.core.profiles.create({ name: 'Shop', baseUrl: sandbox.baseUrl });
    const saved = await first.core.keys.addKey({ profileId: profile.id, name: 'ops', value: sandbox.adminKey });
    await first.core.close();
    return { first, profile, saved };
  }

  it('a lost record: said at start, its value kept, listed again under the profile the person names, and usable', async () => {
    const { first, profile, saved } = await closedShopFolder('repair-lost-record', 3);
    // the record is lost (a restored older database, a hand edit); the keychain still holds the value
    const db = openDatabase(first.dataDir);
    db.prepare('DELETE FROM saved_keys WHERE id = ?').run(saved.id);
    db.close();

    const second = await openTestCore('repair-lost-record', { dataDir: first.dataDir, raw: first.raw, checkKeychain: true });
    cleanups.push(() => second.cleanup());
    expect(second.core.notices).toContain(
      '1 key value in the OS keychain is not a saved key of this data folder (a lost record, or a key of ' +
        "another data folder such as a development build's). It is kept: crm keys check --recover PROFILE " +
        'lists it here under that profile.',
    );
    expect(await first.raw.get(keyAccount(saved.id))).toBe(sandbox.adminKey);

    const recovered = await second.core.keychain.recoverInto(profile.id);
    expect(recovered.map((k) => [k.id, k.name, k.origin])).toEqual([
      [saved.id, `Recovered key …${sandbox.adminKey.slice(-4)}`, new URL(sandbox.baseUrl).origin],
    ]);
    expect(await second.core.keychain.check()).toEqual({ missingValues: [], unlisted: [] });
    await second.core.profiles.setActiveKey(profile.id, saved.id);
    expect((await second.core.contacts.list({ profileId: profile.id, perPage: 1 })).items).toHaveLength(1);
    // asking again finds nothing more to do
    expect(await second.core.keychain.recoverInto(profile.id)).toEqual([]);
  });

  it('a value gone from the keychain: said at start, kept until the person asks, then forgotten and no longer the active key', async () => {
    const { first, profile, saved } = await closedShopFolder('repair-lost-value', 1);
    await first.raw.delete(keyAccount(saved.id));

    const second = await openTestCore('repair-lost-value', { dataDir: first.dataDir, raw: first.raw, checkKeychain: true });
    cleanups.push(() => second.cleanup());
    expect(second.core.notices).toContain(
      'The saved key “ops” has no value in the OS keychain, so it cannot be used: add it again, or remove it (crm keys check --forget-missing).',
    );
    expect((await second.core.keys.list()).map((k) => k.name)).toEqual(['ops']);

    expect(await second.core.keychain.forgetMissing()).toEqual(['ops']);
    expect(await second.core.keys.list()).toEqual([]);
    expect((await second.core.profiles.get(profile.id)).activeKeyId).toBeNull();
  });

  it('records and keychain in step: nothing is said', async () => {
    const { first } = await closedShopFolder('repair-in-step', 1);
    const second = await openTestCore('repair-in-step', { dataDir: first.dataDir, raw: first.raw, checkKeychain: true });
    cleanups.push(() => second.cleanup());
    expect(second.core.notices).toEqual([]);
  });

  it('crm keys check says what is out of step and changes nothing; --forget-missing mends it', async () => {
    const { first, saved } = await closedShopFolder('repair-cli', 1);
    cleanups.push(() => first.cleanup());
    await first.raw.delete(keyAccount(saved.id));
    const env = { CRM_DATA_DIR: first.dataDir, CRM_KEYCHAIN_SERVICE: (first.raw as unknown as { service: string }).service };
    const check = await runInProcess(['keys', 'check'], { env });
    // found something: exit 1, so a script notices
    expect(check.code, check.stderr).toBe(1);
    expect(check.stdout).toContain('The saved key “ops” has no value in the OS keychain');
    expect(JSON.parse((await runInProcess(['keys', 'list', '--json'], { env })).stdout)).toMatchObject({ keys: [{ name: 'ops' }] });
    const forget = await runInProcess(['keys', 'check', '--forget-missing'], { env });
    expect(forget.stdout).toContain('Removed "ops": its value was no longer in the keychain.');
    const mended = await runInProcess(['keys', 'check'], { env });
    expect(mended.stdout).toContain('Every saved key has its value in the keychain');
    expect(mended.code).toBe(0);
  });
});
