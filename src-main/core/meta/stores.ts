// The profiles and the saved keys as the services see them: two documents over rows of crm.db
// (store/profiles-table.ts, store/keys-table.ts), each change one transaction on the current rows
// (store/table-doc.ts), shared by every process on the data folder. Neither ever holds a key value.
import type { SqliteDatabase } from '../store/database';
import { KeysCodec } from '../store/tables/keys-table';
import { ProfilesCodec } from '../store/tables/profiles-table';
import { TableDoc, type DocStore } from '../store/table-doc';
import type { KeysDoc, ProfilesDoc } from './schemas';

export type { KeysDoc, ProfilesDoc };

export interface MetaStores {
  profiles: DocStore<ProfilesDoc>;
  keys: DocStore<KeysDoc>;
  flush(): Promise<void>;
}

export function createMetaStores(db: SqliteDatabase, options: { onNotice?: (message: string) => void } = {}): MetaStores {
  const profiles = new TableDoc(db, new ProfilesCodec(db, options.onNotice), 'the profiles');
  const keys = new TableDoc(db, new KeysCodec(db, options.onNotice), 'the saved keys');
  return {
    profiles,
    keys,
    async flush() {
      await Promise.all([profiles.flush(), keys.flush()]);
    },
  };
}
