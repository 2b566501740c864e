// The ONE owner of the sent_messages table: this app's record of the sends the service took, from
// every process on the data folder (the window and each `crm`), newest kept, oldest dropped past
// the limit. An append is one INSERT in its own transaction, so two processes finishing a send
// at the same moment both keep their line. Rows arrive scrubbed (sent-record.ts).
import { randomBytes } from 'node:crypto';
import type { RecordSlice } from '../../messages/history-page';
import type { SentRecord } from '../../messages/sent-record';
import { isSentRecord } from '../../messages/sent-record';
import { camelSelect } from '../camel-select';
import type { SqliteDatabase, SqliteTransaction } from '../sqlite';

/** how many sends are kept by default (the oldest go first) */
export const SENT_MESSAGES_LIMIT = 5_000;

export function createSentMessagesTable(db: SqliteDatabase): void {
  db.exec(`
    CREATE TABLE sent_messages (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      profile_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      number TEXT NOT NULL,
      text TEXT,
      file_name TEXT,
      status TEXT NOT NULL,
      at TEXT NOT NULL,
      message_id TEXT,
      origin TEXT NOT NULL
    );
    -- each index ends in seq (the rowid), so a page reads newest first straight off the index
    CREATE INDEX sent_messages_profile ON sent_messages (profile_id);
    CREATE INDEX sent_messages_recipient ON sent_messages (profile_id, number);
    CREATE INDEX sent_messages_message ON sent_messages (profile_id, message_id);
  `);
}

/** schema 18: who made each send (sent-record.ts); rows from before read as unknown (null) */
export function addSentSender(db: SqliteDatabase): void {
  db.exec('ALTER TABLE sent_messages ADD COLUMN sender TEXT');
}

/** every column but seq (the table's own order), as a record's properties: checked by isSentRecord as they are read */
const RECORD = camelSelect('id, profile_id, kind, number, text, file_name, status, at, message_id, origin, sender');

/** the insert's parameters: a record read from an older file has no sender, which is kept as unknown */
const paramsOf = (record: SentRecord): SentRecord => ({ ...record, sender: record.sender ?? null });

export class SentMessagesTable {
  private readonly statements;
  private readonly appendOne: SqliteTransaction<(record: SentRecord) => void>;

  constructor(
    db: SqliteDatabase,
    private readonly limit: number = SENT_MESSAGES_LIMIT,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.statements = {
      insert: db.prepare(
        `INSERT OR IGNORE INTO sent_messages (id, profile_id, kind, number, text, file_name, status, at, message_id, origin, sender)
         VALUES (@id, @profileId, @kind, @number, @text, @fileName, @status, @at, @messageId, @origin, @sender)`,
      ),
      trim: db.prepare<[number]>('DELETE FROM sent_messages WHERE seq <= (SELECT max(seq) FROM sent_messages) - ?'),
      lastSeq: db.prepare<[], number>('SELECT coalesce(max(seq), 0) FROM sent_messages').pluck(),
      profilesAfter: db.prepare<[number], string>('SELECT DISTINCT profile_id FROM sent_messages WHERE seq > ?').pluck(),
      pageAll: db.prepare<[string, number, number], unknown>(
        `SELECT ${RECORD} FROM sent_messages WHERE profile_id = ? ORDER BY seq DESC LIMIT ? OFFSET ?`,
      ),
      pageTo: db.prepare<[string, string, number, number], unknown>(
        `SELECT ${RECORD} FROM sent_messages WHERE profile_id = ? AND number = ? ORDER BY seq DESC LIMIT ? OFFSET ?`,
      ),
      countAll: db.prepare<[string], number>('SELECT count(*) FROM sent_messages WHERE profile_id = ?').pluck(),
      countTo: db.prepare<[string, string], number>('SELECT count(*) FROM sent_messages WHERE profile_id = ? AND number = ?').pluck(),
      byMessageIds: db.prepare<[string, string], unknown>(
        `SELECT ${RECORD} FROM sent_messages WHERE profile_id = ? AND message_id IN (SELECT value FROM json_each(?)) ORDER BY seq`,
      ),
      all: db.prepare<[number], unknown>(`SELECT ${RECORD} FROM (SELECT * FROM sent_messages ORDER BY seq DESC LIMIT ?) ORDER BY seq`),
    };
    this.appendOne = db.transaction((record: SentRecord) => {
      this.statements.insert.run(paramsOf(record));
      this.statements.trim.run(this.limit);
    });
  }

  /** oldest first, at most the limit */
  read(): Promise<SentRecord[]> {
    try {
      return Promise.resolve(this.statements.all.all(this.limit).filter(isSentRecord));
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  }

  /**
   * One page of one profile's records (optionally to one number), newest first, and how many
   * there are: read by the index, never the whole table. Rows of another shape are left out.
   */
  slice(query: { profileId: string; number: string | null; offset: number; limit: number }): RecordSlice {
    const { profileId, number, offset, limit } = query;
    const rows =
      number === null
        ? this.statements.pageAll.all(profileId, limit, offset)
        : this.statements.pageTo.all(profileId, number, limit, offset);
    const total = number === null ? this.statements.countAll.get(profileId) : this.statements.countTo.get(profileId, number);
    return { records: rows.filter(isSentRecord), total: total ?? 0 };
  }

  /** the profile's records of these message ids, oldest first */
  withMessageIds(profileId: string, messageIds: readonly string[]): SentRecord[] {
    if (messageIds.length === 0) return [];
    return this.statements.byMessageIds.all(profileId, JSON.stringify(messageIds)).filter(isSentRecord);
  }

  append(record: SentRecord): Promise<void> {
    try {
      this.appendOne.immediate(record);
      return Promise.resolve();
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  }

  /** where the table ends now: the mark to ask `profilesAfter` from */
  lastSeq(): number {
    return this.statements.lastSeq.get() ?? 0;
  }

  /** the profiles of the records added after `seq` (by any process) */
  profilesAfter(seq: number): string[] {
    return this.statements.profilesAfter.all(seq);
  }

  /** a new record id: the time first, so ids sort roughly by age, then randomness */
  newId(): string {
    return `r_${this.now().getTime().toString(36)}${randomBytes(5).toString('hex')}`;
  }

  /** rows written by an import, in the order given (oldest first), inside the caller's transaction */
  importRecords(records: readonly SentRecord[]): void {
    for (const record of records) this.statements.insert.run(paramsOf(record));
    this.statements.trim.run(this.limit);
  }
}
