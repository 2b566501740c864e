// Two data folders share one keychain service (a development build beside the installed app):
// each sees the other's key values as values no saved key of its own names. `crm keys check
// --recover PROFILE` (the real process, the real keychain) must not bind such a value to its
// profile's origin without a question naming that origin: without a terminal and without --yes
// it refuses (exit 2) and changes nothing, so the other folder's key is never sent to this
// origin, and removing this folder's profile leaves it in the keychain. With --yes it binds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/index';
import { startKeyTrap, type KeyTrap } from '../core/http/support/local-server';
import { runInProcess, spawnCli, type CliRun } from './cli-harness';
import { fileKeychain } from '../helpers/keychain';

const { available, service, store } = await fileKeychain('cli-keys-recover');
const OTHER_KEY = 'crm_sk_other_folder_live_key_0001';

let home: KeyTrap;
let elsewhere: KeyTrap;
let first: Record<string, string>;
let second: Record<string, string>;

const crm = (env: Record<string, string>, argv: string[], input?: string): Promise<CliRun> =>
  spawnCli(argv, { env, ...(input === undefined ? {} : { input }) });

async function savedKeys(env: Record<string, string>): Promise<{ id: string; name: string }[]> {
  const listed = await crm(env, ['keys', 'list', '--json']);
  expect(listed.code, listed.stderr).toBe(0);
  return (JSON.parse(listed.stdout) as { keys: { id: string; name: string }[] }).keys;
}

describe.skipIf(!available)('crm keys check --recover with two data folders on one keychain', () => {
  beforeAll(async () => {
    home = await startKeyTrap('{"data":[]}');
    elsewhere = await startKeyTrap('{"data":[]}');
    first = { CRM_DATA_DIR: await tempDir('crm-recover-first-'), CRM_KEYCHAIN_SERVICE: service };
    second = { CRM_DATA_DIR: await tempDir('crm-recover-second-'), CRM_KEYCHAIN_SERVICE: service };
    expect((await crm(first, ['profiles', 'add', '--name', 'home', '--url', home.url])).code).toBe(0);
    const added = await crm(first, ['keys', 'add', '--name', 'live'], `${OTHER_KEY}\n`);
    expect(added.code, added.stderr).toBe(0);
    expect((await crm(second, ['profiles', 'add', '--name', 'elsewhere', '--url', elsewhere.url])).code).toBe(0);
  });

  afterAll(async () => {
    for (const env of [first, second])
      for (const key of env ? await savedKeys(env).catch(() => []) : []) await store.delete(`key:${key.id}`).catch(() => false);
    await home?.close();
    await elsewhere?.close();
  });

  it('refuses without a terminal or --yes, naming the origin; nothing is bound, sent or deleted', async () => {
    const check = await crm(second, ['keys', 'check']);
    expect(check.stdout).toContain('1 key value in the OS keychain is not a saved key of this data folder');

    const refused = await crm(second, ['keys', 'check', '--recover', 'elsewhere']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      `refusing to bind keychain values to ${elsewhere.url} without confirmation: stdin is not a terminal; pass --yes to confirm`,
    );
    const json = await crm(second, ['keys', 'check', '--recover', 'elsewhere', '--json']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toMatchObject({ error: { code: 'usage' } });
    expect(await savedKeys(second)).toEqual([]);

    // nothing in this folder can send it, and removing this folder's profile leaves it alone
    const used = await crm(second, ['contacts', '--json']);
    expect(used.code).toBe(1);
    expect(elsewhere.requestsWithKey(OTHER_KEY)).toEqual([]);
    expect((await crm(second, ['profiles', 'remove', 'elsewhere', '--yes'])).code).toBe(0);
    const [live] = await savedKeys(first);
    expect(await store.get(`key:${live!.id}`)).toBe(OTHER_KEY);
    expect((await crm(second, ['profiles', 'add', '--name', 'elsewhere', '--url', elsewhere.url])).code).toBe(0);
  });

  it('on a terminal it asks, naming the origin and the value\'s last 4; "no" binds nothing', async () => {
    const asked = await runInProcess(['keys', 'check', '--recover', 'elsewhere'], { env: second, tty: { typed: ['n\n'] } });
    expect(asked.code).toBe(1);
    expect(asked.stderr).toContain(
      `Bind 1 key value no saved key of this data folder names (…0001) to the profile "elsewhere" at ${elsewhere.url}?`,
    );
    expect(asked.stderr).toContain(`another data folder's key, which would then be sent to ${elsewhere.url}`);
    expect(await savedKeys(second)).toEqual([]);
  });

  it('with --yes the person has chosen: the value is bound to this profile', async () => {
    const recovered = await crm(second, ['keys', 'check', '--recover', 'elsewhere', '--yes']);
    expect(recovered.code, recovered.stderr).toBe(0);
    expect(recovered.stdout).toMatch(/^Recovered "Recovered key …0001" under profile "elsewhere"\./);
    expect((await savedKeys(second)).map((k) => k.name)).toEqual(['Recovered key …0001']);
    // the first folder still has its own record of it
    expect((await savedKeys(first)).map((k) => k.name)).toEqual(['live']);
  });
});
