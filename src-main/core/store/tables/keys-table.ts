// The ONE owner of the saved_keys table: the records of saved keys, never their values (those
// live in the OS keychain). KeyManager, KeyVault, KeyFingerprints and ProfileManager change it
// only through the keys document (meta/stores.ts), one transaction per change. A key's value tag
// (key-identity.ts, an HMAC under a key held in the keychain) sits in its row.
import type { SavedKey } from '../../model';
import { savedKeySchema, type KeysDoc } from '../../meta/schemas';
import type { SqliteDatabase } from '../sqlite';
import { jsonColumn, parseJsonColumn } from '../row-diff';
import { RowsCodec } from '../rows-codec';

export function createKeysTable(db: SqliteDatabase): void {
  db.exec(`
    CREATE TABLE saved_keys (
      id TEXT PRIMARY KEY,
      position INTEGER NOT NULL,
      profile_id TEXT NOT NULL,
      name TEXT NOT NULL,
      fingerprint TEXT NOT NULL,
      permissions TEXT,
      added_at TEXT NOT NULL,
      last_used_at TEXT,
      last_status TEXT,
      state TEXT NOT NULL,
      server_key_id TEXT,
      revoked_at TEXT,
      origin TEXT,
      proven TEXT,
      value_tag TEXT
    );
    CREATE INDEX saved_keys_profile ON saved_keys (profile_id);
  `);
}

/**
 * When the key expires (ISO time), chosen at creation: kept here for a service that records no
 * expiry of its own, so the app can warn before it and refuse to send it after. NULL: never.
 */
export function addKeyExpiry(db: SqliteDatabase): void {
  db.exec('ALTER TABLE saved_keys ADD COLUMN expires_at TEXT');
}

interface KeyRow {
  id: string;
  position: number;
  profile_id: string;
  name: string;
  fingerprint: string;
  permissions: string | null;
  added_at: string;
  last_used_at: string | null;
  last_status: string | null;
  state: string;
  server_key_id: string | null;
  revoked_at: string | null;
  origin: string | null;
  proven: string | null;
  value_tag: string | null;
  expires_at: string | null;
}

interface KeyWithTag {
  key: SavedKey;
  tag: string | null;
}

function rowOf({ key, tag }: KeyWithTag, position: number): Record<string, string | number | null> {
  return {
    id: key.id,
    position,
    profile_id: key.profileId,
    name: key.name,
    // kept as JSON, in quotes: a record's text columns lie side by side in the file, and a bare
    // last four characters next to a name could join into a longer run of the key
    fingerprint: JSON.stringify(key.fingerprint),
    permissions: jsonColumn(key.permissions),
    added_at: key.addedAt,
    last_used_at: key.lastUsedAt,
    last_status: key.lastStatus,
    state: key.state,
    server_key_id: key.serverKeyId,
    revoked_at: key.revokedAt,
    origin: key.origin ?? null,
    proven: jsonColumn(key.proven),
    value_tag: tag,
    expires_at: key.expiresAt ?? null,
  };
}

function keyOf(row: KeyRow): SavedKey | null {
  const parsed = savedKeySchema.safeParse({
    id: row.id,
    name: row.name,
    profileId: row.profile_id,
    fingerprint: parseJsonColumn(row.fingerprint),
    permissions: parseJsonColumn(row.permissions),
    addedAt: row.added_at,
    lastUsedAt: row.last_used_at,
    lastStatus: row.last_status,
    state: row.state,
    serverKeyId: row.server_key_id,
    revokedAt: row.revoked_at,
    ...(row.origin === null ? {} : { origin: row.origin }),
    ...(row.proven === null ? {} : { proven: parseJsonColumn(row.proven, undefined) }),
    ...(row.expires_at === null ? {} : { expiresAt: row.expires_at }),
  });
  return parsed.success ? (parsed.data as SavedKey) : null;
}

/** the keys with each one's tag, so a tag is written in its key's row */
function withTags(doc: KeysDoc): KeyWithTag[] {
  return doc.keys.map((key) => ({ key, tag: doc.valueTags?.[key.id] ?? null }));
}

/** the saved_keys columns a key's row is written with (rowOf gives each) */
const KEY_COLUMNS = [
  'id',
  'position',
  'profile_id',
  'name',
  'fingerprint',
  'permissions',
  'added_at',
  'last_used_at',
  'last_status',
  'state',
  'server_key_id',
  'revoked_at',
  'origin',
  'proven',
  'value_tag',
  'expires_at',
] as const;

/** what is said of a saved key whose row no longer reads */
function leftOutKey(row: KeyRow): string {
  const name = JSON.stringify(row.name);
  return `The saved key ${name} in crm.db could not be read and is left out; its record and its keychain entry are kept.`;
}

export class KeysCodec extends RowsCodec<KeysDoc, KeyRow> {
  constructor(db: SqliteDatabase, onUnreadable?: (message: string) => void) {
    super(db, { table: 'saved_keys', columns: KEY_COLUMNS, orderBy: 'position, added_at, id' }, onUnreadable);
  }

  load(): KeysDoc {
    const keys: SavedKey[] = [];
    const valueTags: Record<string, string> = {};
    for (const { row, item: key } of this.readRows(keyOf, leftOutKey)) {
      keys.push(key);
      if (row.value_tag !== null) valueTags[key.id] = row.value_tag;
    }
    const check = this.settings.get('key_tag_check');
    return { version: 1, keys, valueTags, ...(check === null ? {} : { tagKeyCheck: check }) };
  }

  save(before: KeysDoc, after: KeysDoc): void {
    this.writeRows(withTags(before), withTags(after), { idOf: ({ key }) => key.id, rowOf });
    if ((before.tagKeyCheck ?? null) !== (after.tagKeyCheck ?? null)) this.settings.set('key_tag_check', after.tagKeyCheck ?? null);
  }
}
