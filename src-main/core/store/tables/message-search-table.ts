// The ONE owner of the search index over every conversation: two FTS5 tables, one over
// sent_messages (sent-messages-table.ts) and one over received_messages (conversation-tables.ts).
// Both are external-content tables: the words' index lives here, the texts stay in their own
// tables (read back through the rowid, which is each table's seq), so the file grows by the
// index alone. Triggers on the two tables keep the index right inside each writing transaction,
// whichever process writes: an insert adds, a delete (a trim drops the oldest) removes, an update
// of an indexed column replaces. Accents and case are folded by the tokenizer, on the stored text
// and on the query alike ("acao" finds "Ação").
// Replies are indexed in batches instead (schema version 21): a listener stores thousands a
// second, and the index's insert was a fifth of a reply's own write, each group's few rows a
// segment of their own. A mark in the file says up to which reply the index holds; whoever
// searches or checks the index first indexes the replies past it (catchUp), in one write with
// the mark moved, so each is indexed exactly once whichever process does it and whenever (a
// process that stored replies and died before indexing them leaves them to the next search). A
// listener catches up about every 100 ms (create-core.ts). A reply past the mark that is deleted
// or changed has the replies past the mark indexed first, by a trigger.
import type { SqliteDatabase } from '../sqlite';
import type { ReceivedSqlRow } from './conversation-tables';

const TOKENIZE = "tokenize = 'unicode61 remove_diacritics 2'";

/**
 * Each indexed table: its index, the view the index reads its rows through, and the columns
 * indexed besides the profile. The profile is indexed too, as ONE word: the hex of its id
 * (`p_3f2a…-…` would be six words, one of them in every row, and FTS5 reads a phrase of common
 * words slowly). With it, a search asks the index for "this profile's rows holding these words"
 * and reads none of another profile's; at 1,000,000 messages that is the difference between a
 * few milliseconds and a few hundred for a rare word (scripts/bench-message-search.ts).
 */
const INDEXED = {
  sent_messages: { index: 'sent_messages_search', rows: 'sent_messages_search_rows', texts: ['text', 'file_name'] },
  received_messages: { index: 'received_messages_search', rows: 'received_messages_search_rows', texts: ['text', 'name', 'media_name'] },
} as const;

type IndexedTable = keyof typeof INDEXED;

/** the profile's word in the index, as SQL over a row (`new`, `old`, or the table itself) */
const profileWordSql = (row: string): string => `hex(${row}profile_id)`;

/** the same word in JS: the hex of the id's UTF-8 bytes, as SQLite's hex() gives it for text */
export function profileWord(profileId: string): string {
  return Buffer.from(profileId, 'utf8').toString('hex');
}

/** the index, its triggers, and every row already there indexed (schema version 11) */
export function createMessageSearch(db: SqliteDatabase): void {
  // the names below are this module's constants, never input
  for (const table of Object.keys(INDEXED) as IndexedTable[]) {
    const { index, rows, texts } = INDEXED[table];
    const columns = ['profile', ...texts].join(', ');
    const values = (row: 'new' | 'old'): string => [profileWordSql(`${row}.`), ...texts.map((c) => `${row}.${c}`)].join(', ');
    db.exec(`
      -- what the index holds, row by row: an external-content index reads its rows (to rebuild,
      -- to check itself) from here, and the triggers give it exactly the same values
      CREATE VIEW ${rows} AS SELECT seq, ${profileWordSql('')} AS profile, ${texts.join(', ')} FROM ${table};
      CREATE VIRTUAL TABLE ${index} USING fts5(${columns}, content = '${rows}', content_rowid = 'seq', ${TOKENIZE});
      CREATE TRIGGER ${index}_insert AFTER INSERT ON ${table} BEGIN
        INSERT INTO ${index} (rowid, ${columns}) VALUES (new.seq, ${values('new')});
      END;
      CREATE TRIGGER ${index}_delete AFTER DELETE ON ${table} BEGIN
        INSERT INTO ${index} (${index}, rowid, ${columns}) VALUES ('delete', old.seq, ${values('old')});
      END;
      CREATE TRIGGER ${index}_update AFTER UPDATE OF seq, profile_id, ${texts.join(', ')} ON ${table} BEGIN
        INSERT INTO ${index} (${index}, rowid, ${columns}) VALUES ('delete', old.seq, ${values('old')});
        INSERT INTO ${index} (rowid, ${columns}) VALUES (new.seq, ${values('new')});
      END;
      INSERT INTO ${index} (${index}) VALUES ('rebuild');
    `);
  }
}

/** the replies the index holds: those up to this seq (schema version 21) */
const RECEIVED_MARK = 'received_messages_search_mark';

/** the replies past the mark, indexed (the index's own columns, as the insert trigger gave them) */
const INDEX_PAST_MARK = `INSERT INTO ${INDEXED.received_messages.index} (rowid, profile, ${INDEXED.received_messages.texts.join(', ')})
  SELECT seq, ${profileWordSql('')}, ${INDEXED.received_messages.texts.join(', ')} FROM received_messages
  WHERE seq > (SELECT indexed_through FROM ${RECEIVED_MARK}) ORDER BY seq`;

/** the mark moved past every reply there is (never back: the newest may have been trimmed) */
const MOVE_MARK = `UPDATE ${RECEIVED_MARK}
  SET indexed_through = max(indexed_through, (SELECT coalesce(max(seq), 0) FROM received_messages))`;

/**
 * The replies are indexed past the mark by catchUp, no longer by a trigger of each insert (schema
 * version 21). The delete and update triggers stay as they were: they take out of the index what
 * it holds of a row, so before a reply past the mark is deleted or its words change, the replies
 * past the mark are indexed first (BEFORE triggers doing what catchUp does), whatever process or
 * statement deletes or changes it.
 */
export function indexRepliesInBatches(db: SqliteDatabase): void {
  const { index, texts } = INDEXED.received_messages;
  const pastMark = `old.seq > (SELECT indexed_through FROM ${RECEIVED_MARK})`;
  db.exec(`
    -- one row: every reply up to indexed_through is in the index, none after it
    CREATE TABLE ${RECEIVED_MARK} (only INTEGER PRIMARY KEY CHECK (only = 1), indexed_through INTEGER NOT NULL);
    INSERT INTO ${RECEIVED_MARK} (only, indexed_through) SELECT 1, coalesce(max(seq), 0) FROM received_messages;
    DROP TRIGGER ${index}_insert;
    CREATE TRIGGER ${index}_before_delete BEFORE DELETE ON received_messages WHEN ${pastMark} BEGIN
      ${INDEX_PAST_MARK}; ${MOVE_MARK};
    END;
    CREATE TRIGGER ${index}_before_update BEFORE UPDATE OF seq, profile_id, ${texts.join(', ')} ON received_messages WHEN ${pastMark} BEGIN
      ${INDEX_PAST_MARK}; ${MOVE_MARK};
    END;
  `);
}

interface SentHitRow {
  seq: number;
  id: string;
  kind: string;
  number: string;
  text: string | null;
  file_name: string | null;
  at: string;
  message_id: string | null;
}

/** the received message's columns a hit shows, and its place in the search's order */
interface ReceivedHitRow extends Pick<
  ReceivedSqlRow,
  'message_id' | 'number' | 'type' | 'text' | 'name' | 'at' | 'arrived_at' | 'media_name'
> {
  seq: number;
}

/** a matching message as stored, with the order it is listed in */
export interface StoredHit {
  direction: 'out' | 'in';
  /** the row's seq in its own table: where a next page starts */
  seq: number;
  /** when this app saw it (a send when the service took it, a reply when it arrived): the listing's order */
  seen: string;
  key: string;
  number: string;
  name: string | null;
  messageId: string | null;
  kind: string;
  at: string;
  /** the indexed texts, in the order a snippet is looked for in them */
  fields: (string | null)[];
}

/** where a page starts in each table: rows below these seqs (null: from the newest) */
export interface SearchBounds {
  sentBefore: number | null;
  receivedBefore: number | null;
}

/**
 * The FTS5 expression that finds `match` (already made safe: search-query.ts) in a profile's
 * messages: the profile's word first, so FTS5 skips other profiles' rows inside the index
 * instead of reading each of them from its table (the row's profile_id is checked again by the
 * query all the same); the words are looked for in the texts only, never in the profile's word.
 */
function queryFor(table: IndexedTable, profileId: string, match: string): string {
  return `profile : "${profileWord(profileId)}" AND {${INDEXED[table].texts.join(' ')}} : (${match})`;
}

/** an unbounded "before" as a seq no row has */
const NO_BOUND = Number.MAX_SAFE_INTEGER;

export class MessageSearchTable {
  private readonly statements;

  constructor(private readonly db: SqliteDatabase) {
    // CROSS JOIN keeps the index as the outer loop: left to choose, SQLite may walk the profile's
    // rows by their own index and ask FTS5 about each one, which is thousands of times slower
    this.statements = {
      sent: db.prepare<[string, string, number, number], SentHitRow>(
        `SELECT s.seq, s.id, s.kind, s.number, s.text, s.file_name, s.at, s.message_id
         FROM sent_messages_search f CROSS JOIN sent_messages s ON s.seq = f.rowid
         WHERE sent_messages_search MATCH ? AND s.profile_id = ? AND f.rowid < ?
         ORDER BY f.rowid DESC LIMIT ?`,
      ),
      received: db.prepare<[string, string, number, number], ReceivedHitRow>(
        `SELECT r.seq, r.message_id, r.number, r.type, r.text, r.name, r.at, r.arrived_at, r.media_name
         FROM received_messages_search f CROSS JOIN received_messages r ON r.seq = f.rowid
         WHERE received_messages_search MATCH ? AND r.profile_id = ? AND f.rowid < ?
         ORDER BY f.rowid DESC LIMIT ?`,
      ),
      // the index alone: the profile's word is its id's hex, one word no other id has, so no row
      // needs reading to know whose it is (what makes counting a common word cheap)
      countSent: db
        .prepare<[string, number], number>(
          'SELECT count(*) FROM (SELECT 1 FROM sent_messages_search WHERE sent_messages_search MATCH ? LIMIT ?)',
        )
        .pluck(),
      check: Object.values(INDEXED).map(({ index }) => db.prepare(`INSERT INTO ${index} (${index}, rank) VALUES ('integrity-check', 1)`)),
      // seq is AUTOINCREMENT: a reply stored later never takes a seq at or below the mark
      repliesPastMark: db
        .prepare<[], number>(`SELECT (SELECT coalesce(max(seq), 0) FROM received_messages) > indexed_through FROM ${RECEIVED_MARK}`)
        .pluck(),
      indexPastMark: db.prepare(INDEX_PAST_MARK),
      moveMark: db.prepare(MOVE_MARK),
      countReceived: db
        .prepare<[string, number], number>(
          'SELECT count(*) FROM (SELECT 1 FROM received_messages_search WHERE received_messages_search MATCH ? LIMIT ?)',
        )
        .pluck(),
    };
  }

  /**
   * indexes the replies stored past the mark, by any process, in one write with the mark moved (a
   * savepoint inside a caller's transaction); asks for no write when there are none
   */
  catchUp(): void {
    if (this.statements.repliesPastMark.get() !== 1) return;
    this.db
      .transaction(() => {
        // read again under the write lock: another process may have caught up since
        this.statements.indexPastMark.run();
        this.statements.moveMark.run();
      })
      .immediate();
  }

  /** the profile's newest sends and replies matching `match` below `bounds`, each table's newest `limit`, each newest first */
  newest(profileId: string, match: string, bounds: SearchBounds, limit: number): { sent: StoredHit[]; received: StoredHit[] } {
    this.catchUp();
    const sent = this.statements.sent.all(queryFor('sent_messages', profileId, match), profileId, bounds.sentBefore ?? NO_BOUND, limit);
    const received = this.statements.received.all(
      queryFor('received_messages', profileId, match),
      profileId,
      bounds.receivedBefore ?? NO_BOUND,
      limit,
    );
    return { sent: sent.map(sentHit), received: received.map(receivedHit) };
  }

  /**
   * Throws when an index and its table disagree (FTS5's integrity-check, which compares an
   * external-content index with its table's rows): for tests and diagnostics.
   */
  checkIndex(): void {
    this.catchUp();
    for (const statement of this.statements.check) statement.run();
  }

  /** how many of the profile's messages match, counted up to `cap` in each table */
  count(profileId: string, match: string, cap: number): number {
    this.catchUp();
    return (
      (this.statements.countSent.get(queryFor('sent_messages', profileId, match), cap) ?? 0) +
      (this.statements.countReceived.get(queryFor('received_messages', profileId, match), cap) ?? 0)
    );
  }
}

function sentHit(r: SentHitRow): StoredHit {
  // the key the conversation gives the line (conversation-service.ts outgoingItem)
  return {
    direction: 'out',
    seq: r.seq,
    seen: r.at,
    key: r.id,
    number: r.number,
    name: null,
    messageId: r.message_id,
    kind: r.kind,
    at: r.at,
    fields: [r.text, r.file_name],
  };
}

function receivedHit(r: ReceivedHitRow): StoredHit {
  return {
    direction: 'in',
    seq: r.seq,
    seen: r.arrived_at,
    key: `in:${r.message_id}`,
    number: r.number,
    name: r.name,
    messageId: r.message_id,
    kind: r.type,
    at: r.at,
    fields: [r.text, r.media_name, r.name],
  };
}
