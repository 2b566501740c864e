// The two metadata files under the data dir: profiles.json and keys.json. Neither ever holds a
// key value (KeyMeta has none; the schemas drop unknown fields on load).
import { join } from 'node:path';
import { JsonDoc } from './json-doc';
import { hasLegacyKeyHashes, parseKeysDoc, parseProfilesDoc } from './schemas';
import type { KeysDoc, ProfilesDoc } from './schemas';

export type { KeysDoc, ProfilesDoc };

export const PROFILES_FILE = 'profiles.json';
export const KEYS_FILE = 'keys.json';

export interface MetaStores {
  profiles: JsonDoc<ProfilesDoc>;
  keys: JsonDoc<KeysDoc>;
  flush(): Promise<void>;
}

export function createMetaStores(dataDir: string, options: { onNotice?: (message: string) => void; now?: () => Date } = {}): MetaStores {
  const profiles = new JsonDoc<ProfilesDoc>({
    path: join(dataDir, PROFILES_FILE),
    empty: () => ({ version: 1, activeProfileId: null, profiles: [] }),
    validate: parseProfilesDoc,
    ...options,
  });
  const keys = new JsonDoc<KeysDoc>({
    path: join(dataDir, KEYS_FILE),
    empty: () => ({ version: 1, keys: [] }),
    validate: parseKeysDoc,
    rewriteIf: hasLegacyKeyHashes,
    ...options,
  });
  return {
    profiles,
    keys,
    async flush() {
      await Promise.all([profiles.flush(), keys.flush()]);
    },
  };
}
