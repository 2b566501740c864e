// Rows written as a file of an earlier schema holds them: today's tables write columns added
// later (a send's sender, schema 18), which such a file does not have yet.
import type { SentRecord } from '../../../../src-main/core/messages/sent-record';
import type { SqliteDatabase } from '../../../../src-main/core/store/sqlite';

/** a sent_messages row with only the columns the table had from the start */
export function insertSentAsBefore(db: SqliteDatabase, r: SentRecord): void {
  const columns = 'id, profile_id, kind, number, text, file_name, status, at, message_id, origin';
  db.prepare(`INSERT INTO sent_messages (${columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
    r.id,
    r.profileId,
    r.kind,
    r.number,
    r.text,
    r.fileName,
    r.status,
    r.at,
    r.messageId,
    r.origin,
  );
}
