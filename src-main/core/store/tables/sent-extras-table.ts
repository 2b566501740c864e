// The ONE owner of sent_extras: what a conversation shows of this app's own sends beyond the
// record's line (sent-messages-table.ts): a template's text with its parameters filled in, and a
// copy of a sent photo or voice note kept in the data folder. One row per record, removed with
// it (rows whose record is gone are dropped at the next write).
import { camelSelect } from '../camel-select';
import type { SqliteDatabase } from '../sqlite';

export interface SentExtra {
  recordId: string;
  profileId: string;
  /** the template's body with its parameters in place; null when the body was not known */
  renderedText: string | null;
  filePath: string | null;
  fileMimetype: string | null;
  fileSize: number | null;
  /** ISO 8601 */
  keptAt: string;
}

/** this app's sends as a conversation shows them (schema version 12) */
export function createSentExtrasTable(db: SqliteDatabase): void {
  db.exec(`
    CREATE TABLE sent_extras (
      record_id TEXT PRIMARY KEY,
      profile_id TEXT NOT NULL,
      rendered_text TEXT,
      file_path TEXT,
      file_mimetype TEXT,
      file_size INTEGER,
      kept_at TEXT NOT NULL
    );
    CREATE INDEX sent_extras_files ON sent_extras (kept_at) WHERE file_path IS NOT NULL;
  `);
}

const COLUMNS = 'record_id, profile_id, rendered_text, file_path, file_mimetype, file_size, kept_at';

/** the columns as a SentExtra's properties */
const SELECTED = camelSelect(COLUMNS);

function rowOf(r: SentExtra): SentExtra {
  return { ...r, fileSize: r.fileSize === null ? null : Number(r.fileSize) };
}

export class SentExtrasTable {
  private readonly statements;

  constructor(db: SqliteDatabase) {
    this.statements = {
      put: db.prepare(
        `INSERT OR REPLACE INTO sent_extras (${COLUMNS}) VALUES (@recordId, @profileId, @renderedText, @filePath, @fileMimetype, @fileSize, @keptAt)`,
      ),
      // reads the record of sends (sent-messages-table.ts owns it), writes nothing there
      orphans: db.prepare<[], { file_path: string | null }>(
        'SELECT file_path FROM sent_extras WHERE record_id NOT IN (SELECT id FROM sent_messages)',
      ),
      dropOrphans: db.prepare('DELETE FROM sent_extras WHERE record_id NOT IN (SELECT id FROM sent_messages)'),
      of: db.prepare<[string], SentExtra>(`SELECT ${SELECTED} FROM sent_extras WHERE record_id IN (SELECT value FROM json_each(?))`),
      byMessage: db.prepare<[string, string], SentExtra>(
        `SELECT ${camelSelect(COLUMNS, 'e')} FROM sent_extras e JOIN sent_messages s ON s.id = e.record_id ` +
          'WHERE s.profile_id = ? AND s.message_id = ? ORDER BY s.seq DESC LIMIT 1',
      ),
      bytes: db
        .prepare<[], number | null>(
          'SELECT sum(file_size) FROM (SELECT DISTINCT file_path, file_size FROM sent_extras WHERE file_path IS NOT NULL)',
        )
        .pluck(),
      oldestFile: db.prepare<[], SentExtra>(`SELECT ${SELECTED} FROM sent_extras WHERE file_path IS NOT NULL ORDER BY kept_at LIMIT 1`),
      dropFile: db.prepare('UPDATE sent_extras SET file_path = NULL WHERE file_path = ?'),
      pathUsers: db.prepare<[string], number>('SELECT count(*) FROM sent_extras WHERE file_path = ?').pluck(),
    };
  }

  /** keeps a send's extras; answers the files of records that are gone, for the caller to remove */
  put(extra: SentExtra): string[] {
    this.statements.put.run(extra);
    const gone = this.statements.orphans.all().flatMap((r) => (r.file_path === null ? [] : [r.file_path]));
    this.statements.dropOrphans.run();
    return gone;
  }

  of(recordIds: readonly string[]): Map<string, SentExtra> {
    if (recordIds.length === 0) return new Map();
    return new Map(this.statements.of.all(JSON.stringify(recordIds)).map((r) => [r.recordId, rowOf(r)]));
  }

  /** the extras of the send the service numbered `messageId` */
  byMessage(profileId: string, messageId: string): SentExtra | null {
    const row = this.statements.byMessage.get(profileId, messageId);
    return row === undefined ? null : rowOf(row);
  }

  storedBytes(): number {
    return Number(this.statements.bytes.get() ?? 0);
  }

  oldestFile(): SentExtra | null {
    const row = this.statements.oldestFile.get();
    return row === undefined ? null : rowOf(row);
  }

  /** the copy in `path` is removed: the sends that showed it keep their line */
  dropFile(path: string): void {
    this.statements.dropFile.run(path);
  }

  usersOf(path: string): number {
    return Number(this.statements.pathUsers.get(path) ?? 0);
  }
}
