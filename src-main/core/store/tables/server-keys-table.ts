// The ONE owner of the last server key list seen per profile, kept so that, offline (even after a
// restart), an admin still sees the server's keys and can revoke one: the revocation is queued
// like any other. One row per profile, replaced whole in one statement, so the window and any
// `crm` writing lists for different profiles never undo each other's (a JSON file rewritten from
// a copy read earlier did). Ids, names and permissions only: not even the prefix the server shows
// (the first characters of a key are part of its value, and nothing of a value reaches the disk).
import type { ServerKey } from '../../model';
import type { SqliteDatabase } from '../sqlite';

const MAX_KEYS_PER_PROFILE = 1000;

export interface SeenServerKeys {
  /** when the list was read from the server (ISO 8601) */
  at: string;
  keys: ServerKey[];
}

export function createServerKeysTable(db: SqliteDatabase): void {
  db.exec('CREATE TABLE server_key_lists (profile_id TEXT PRIMARY KEY, seen_at TEXT NOT NULL, keys_json TEXT NOT NULL) WITHOUT ROWID');
}

export class ServerKeysTable {
  private readonly statements;

  constructor(db: SqliteDatabase) {
    this.statements = {
      get: db.prepare<[string], { seen_at: string; keys_json: string }>(
        'SELECT seen_at, keys_json FROM server_key_lists WHERE profile_id = ?',
      ),
      put: db.prepare<[string, string, string]>(
        'INSERT INTO server_key_lists (profile_id, seen_at, keys_json) VALUES (?, ?, ?) ON CONFLICT(profile_id) DO UPDATE ' +
          'SET seen_at = excluded.seen_at, keys_json = excluded.keys_json',
      ),
    };
  }

  /** the profile's last list, or null (never seen, or a row that no longer parses) */
  get(profileId: string): SeenServerKeys | null {
    const row = this.statements.get.get(profileId);
    if (row === undefined) return null;
    try {
      const keys = JSON.parse(row.keys_json) as unknown;
      return Array.isArray(keys) ? { at: row.seen_at, keys: keys as ServerKey[] } : null;
    } catch {
      return null;
    }
  }

  put(profileId: string, keys: readonly ServerKey[], at: string): void {
    const kept = keys.slice(0, MAX_KEYS_PER_PROFILE).map(({ revocation: _shown, ...key }) => ({ ...key, prefix: '' }));
    this.statements.put.run(profileId, at, JSON.stringify(kept));
  }
}
