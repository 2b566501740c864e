// What a table of a data folder's crm.db holds, as text: for tests that check what is (and is
// not) stored, the way they once read a JSON file. Opened read-only, so it changes nothing.
import { join } from 'node:path';
import type { KeysDoc } from '../../../src-main/core/meta/schemas';
import { DATABASE_FILE } from '../../../src-main/core/store/database';
import { KeysCodec } from '../../../src-main/core/store/tables/keys-table';
import { openSqlite } from '../../../src-main/core/store/sqlite';

export function storedRows(
  dataDir: string,
  table: 'profiles' | 'saved_keys' | 'settings' | 'sent_messages' | 'server_key_lists' | 'request_log',
): Record<string, unknown>[] {
  const db = openSqlite(join(dataDir, DATABASE_FILE), { readonly: true });
  try {
    // the name is one of the literal table names above, never input
    return db.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

export function storedText(dataDir: string, table: Parameters<typeof storedRows>[1]): string {
  return JSON.stringify(storedRows(dataDir, table));
}

/** the saved keys document as the core reads it (records, value tags, tag check), read-only */
export function storedKeys(dataDir: string): KeysDoc {
  const db = openSqlite(join(dataDir, DATABASE_FILE), { readonly: true });
  try {
    return new KeysCodec(db).load();
  } finally {
    db.close();
  }
}
