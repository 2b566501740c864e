// The ONE owner of canned_responses: stored answers, each shared by everyone on the data folder
// (owner '') or personal to one OS user (owner: the OS user name). Personal ones live here, in
// the data folder's database, keyed by the user name: the data folder already is the app's
// per-user folder (Electron's userData) unless CRM_DATA_DIR points several people at one
// folder, and a second file outside it would split the one home of saved state
// (docs/ARCHITECTURE.md, rule 7) and the cross-process change notices that come with it.
/** a canned response as stored: its media as given (a URL or an absolute path) */
export interface CannedRow {
  name: string;
  text: string;
  scope: 'shared' | 'personal';
  media: string | null;
}
import type { SqliteDatabase } from '../sqlite';
import { watchTables } from './table-versions';

/** the table and its counter (schema version 13) */
export function createCannedTable(db: SqliteDatabase): void {
  db.exec(`
    CREATE TABLE canned_responses (
      owner TEXT NOT NULL,
      name TEXT NOT NULL,
      text TEXT NOT NULL,
      -- a file sent with it: an http(s) URL or an absolute path on this computer; null: none
      media TEXT,
      created_at TEXT NOT NULL,
      PRIMARY KEY (owner, name)
    ) WITHOUT ROWID;
  `);
  watchTables(db, ['canned_responses']);
}

const SHARED_OWNER = '';

export class CannedTable {
  private readonly statements;

  constructor(db: SqliteDatabase) {
    this.statements = {
      // a name is one answer for this user: the shared one and their own cannot both hold it (compared case aside)
      visible: db.prepare<[string], { owner: string; name: string; text: string; media: string | null }>(
        "SELECT owner, name, text, media FROM canned_responses WHERE owner IN ('', ?) ORDER BY name COLLATE NOCASE",
      ),
      taken: db.prepare<[string, string], { name: string }>(
        "SELECT name FROM canned_responses WHERE owner IN ('', ?) AND name = ? COLLATE NOCASE",
      ),
      insert: db.prepare('INSERT INTO canned_responses (owner, name, text, media, created_at) VALUES (@owner, @name, @text, @media, @at)'),
      remove: db.prepare<[string, string]>("DELETE FROM canned_responses WHERE owner IN ('', ?) AND name = ? COLLATE NOCASE"),
    };
  }

  /** the shared ones and the user's own, by name */
  list(user: string): CannedRow[] {
    return this.statements.visible
      .all(user)
      .map((r) => ({ name: r.name, text: r.text, scope: r.owner === SHARED_OWNER ? 'shared' : 'personal', media: r.media }));
  }

  /** the name as stored when the user already sees one so called, else null */
  taken(user: string, name: string): string | null {
    return this.statements.taken.get(user, name)?.name ?? null;
  }

  /** false when the name was taken meanwhile (another process) */
  add(user: string, entry: { name: string; text: string; shared: boolean; media: string | null }, at: string): boolean {
    const owner = entry.shared ? SHARED_OWNER : user;
    try {
      this.statements.insert.run({ owner, name: entry.name, text: entry.text, media: entry.media, at });
      return true;
    } catch (err) {
      if (err instanceof Error && /UNIQUE|PRIMARY KEY/i.test(err.message)) return false;
      throw err;
    }
  }

  /** false: the user sees none so called */
  remove(user: string, name: string): boolean {
    return this.statements.remove.run(user, name).changes > 0;
  }
}
