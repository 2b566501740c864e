// `crm profiles edit NAME --url URL` moves the saved keys to the new origin only with the
// person's yes: asked on a terminal, or --move-keys; otherwise they stay held back, unused
// (issue 10 item 4). Real keychain (keyring harness), real sandbox, a recording "elsewhere".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { closeSandboxes, openSandbox, tempDir } from '../helpers/index';
import { startKeyTrap, type KeyTrap } from '../core/http/support/local-server';
import { runInProcess } from './cli-harness';
import { fileKeychain } from '../helpers/keychain';

const { available, service, store } = await fileKeychain('cli-origin');

interface KeyJson {
  id: string;
  origin?: string | null;
  heldBack?: boolean;
}

describe.skipIf(!available)('crm profiles edit and the keys of a profile', () => {
  let sandbox: RunningSandbox;
  let elsewhere: KeyTrap;
  let env: Record<string, string>;
  const crm = (argv: string[], options: Parameters<typeof runInProcess>[1] = {}) => runInProcess(argv, { env, ...options });
  const keys = async (): Promise<KeyJson[]> => (JSON.parse((await crm(['keys', 'list', '--json'])).stdout) as { keys: KeyJson[] }).keys;
  const sentTheKey = () => elsewhere.requestsWithKey(sandbox.adminKey);

  beforeAll(async () => {
    sandbox = await openSandbox({ contacts: 10 });
    elsewhere = await startKeyTrap('{"data":[]}');
    env = { CRM_DATA_DIR: await tempDir('crm-cli-origin-'), CRM_KEYCHAIN_SERVICE: service };
    expect((await crm(['profiles', 'add', '--name', 'prod', '--url', sandbox.baseUrl])).code).toBe(0);
    const added = await crm(['keys', 'add', '--name', 'admin'], { input: `${sandbox.adminKey}\n` });
    expect(added.code, added.stderr).toBe(0);
  });

  afterAll(async () => {
    for (const key of await keys().catch(() => [])) {
      await store.delete(`key:${key.id}`).catch(() => false);
      await store.delete(`revoking:${key.id}`).catch(() => false);
    }
    await elsewhere?.close();
    await closeSandboxes();
  });

  it('without a terminal or a flag, the keys stay held back and are never sent to the new address', async () => {
    const edited = await crm(['profiles', 'edit', 'prod', '--url', elsewhere.url]);
    expect(edited.code, edited.stderr).toBe(0);
    expect(edited.stdout).toContain('1 saved key stays held back');
    expect(await keys()).toMatchObject([{ origin: new URL(sandbox.baseUrl).origin, heldBack: true }]);
    const listed = await crm(['keys', 'list']);
    expect(listed.stdout).toContain('held back');
    const tested = await crm(['keys', 'test', 'admin']);
    expect(tested.code).toBe(1);
    expect(tested.stderr).toContain('not sent there until you approve it');
    expect((await crm(['contacts', '--json'])).code).toBe(1);
    expect(sentTheKey()).toEqual([]);
  });

  it('a terminal asks; "n" keeps them back, "y" sends them along', async () => {
    const declined = await crm(['profiles', 'edit', 'prod', '--url', elsewhere.url], { tty: { typed: ['n\n'] } });
    expect(declined.code, declined.stderr).toBe(0);
    expect(declined.stderr).toContain(`Send its saved API key to ${elsewhere.url}?`);
    expect(await keys()).toMatchObject([{ heldBack: true }]);
    const accepted = await crm(['profiles', 'edit', 'prod', '--url', elsewhere.url], { tty: { typed: ['y\n'] } });
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.stdout).toContain('will be sent to');
    expect(await keys()).toMatchObject([{ origin: new URL(elsewhere.url).origin, heldBack: false }]);
    expect((await crm(['contacts', '--json'])).code).toBe(0);
    expect(sentTheKey()).toHaveLength(1);
  });

  it('--keep-keys never asks; --move-keys alone approves held-back keys where the profile points', async () => {
    const kept = await crm(['profiles', 'edit', 'prod', '--url', sandbox.baseUrl, '--keep-keys'], { tty: { typed: [] } });
    expect(kept.code, kept.stderr).toBe(0);
    expect(kept.stderr).not.toContain('?');
    expect(await keys()).toMatchObject([{ heldBack: true }]);
    const moved = await crm(['profiles', 'edit', 'prod', '--move-keys']);
    expect(moved.code, moved.stderr).toBe(0);
    expect(await keys()).toMatchObject([{ origin: new URL(sandbox.baseUrl).origin, heldBack: false }]);
    const tested = await crm(['keys', 'test', 'admin']);
    expect(tested.code, tested.stderr).toBe(0);
    expect((await crm(['profiles', 'edit', 'prod', '--move-keys', '--keep-keys'])).code).toBe(2);
  });
});
