// A core for tests: a fresh data dir, a keychain store on a unique service (the real keytar
// store unless another is given) behind a counting wrapper, and a cleanup that removes every
// keychain entry the core made.
import { createCore } from '../../../src-main/core/create-core';
import type { Core, CoreOptions } from '../../../src-main/core/create-core';
import { CountingSecretStore } from '../../../src-main/core/secrets/counting-store';
import { KeytarSecretStore } from '../../../src-main/core/secrets/keytar-store';
import { FINGERPRINT_KEY_ACCOUNT, keyAccount, revokingAccount } from '../../../src-main/core/secrets/secret-store';
import type { SecretStore } from '../../../src-main/core/secrets/secret-store';
import { uniqueKeychainService } from './keychain';
import { tempDir } from './temp-dir';

export interface TestCore {
  core: Core;
  /** counts every keychain call the core makes */
  store: CountingSecretStore;
  /** the store under the counter (direct reads here are not counted) */
  raw: SecretStore;
  dataDir: string;
  /** closes the core and deletes every keychain entry of its keys (and the fingerprint key) */
  cleanup(): Promise<void>;
}

export async function openTestCore(label: string, options: Partial<CoreOptions> & { raw?: SecretStore } = {}): Promise<TestCore> {
  const { raw: givenRaw, ...coreOptions } = options;
  const raw = givenRaw ?? new KeytarSecretStore({ service: uniqueKeychainService(label) });
  const store = new CountingSecretStore(raw);
  const dataDir = options.dataDir ?? (await tempDir(`crm-${label}-`));
  const core = await createCore({ ...coreOptions, dataDir, secretStore: store });
  const seen = new Set<string>();
  const remember = async (): Promise<void> => {
    for (const key of await core.keys.list()) seen.add(key.id);
  };
  return {
    core,
    store,
    raw,
    dataDir,
    async cleanup() {
      await remember().catch(() => undefined);
      await core.close();
      for (const id of seen) {
        await raw.delete(keyAccount(id)).catch(() => false);
        await raw.delete(revokingAccount(id)).catch(() => false);
      }
      await raw.delete(FINGERPRINT_KEY_ACCOUNT).catch(() => false);
    },
  };
}

/** A profile for `baseUrl` with one key saved for it (its first key, so the one it uses). */
export async function addProfileWithKey(
  core: Core,
  profile: { name: string; baseUrl: string; sandbox?: boolean },
  key: { name: string; value: string },
): Promise<{ profileId: string; keyId: string }> {
  const profileId = (await core.profiles.create(profile)).id;
  const keyId = (await core.keys.addKey({ profileId, ...key })).id;
  return { profileId, keyId };
}

/** A profile named `name` on the sandbox, with the sandbox's admin key saved as its key `keyName`. */
export function addSandboxProfile(
  core: Core,
  sandbox: { baseUrl: string; adminKey: string },
  name: string,
  keyName: string,
): Promise<{ profileId: string; keyId: string }> {
  return addProfileWithKey(core, { name, baseUrl: sandbox.baseUrl }, { name: keyName, value: sandbox.adminKey });
}

/** Runs `fn` with a fresh test core and cleans the core up afterwards, however `fn` ends. */
export async function withTestCore<T>(label: string, fn: (tc: TestCore) => Promise<T>): Promise<T> {
  const tc = await openTestCore(label);
  try {
    return await fn(tc);
  } finally {
    await tc.cleanup();
  }
}
