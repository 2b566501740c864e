// The ONE owner of the conversations table: the inbox's summary, one row per contact number of a
// profile (name, newest line, when the contact last wrote, unread count, read mark), so the list
// pages through 100,000 conversations by an index instead of grouping every message at each ask;
// and of conversation_totals, each profile's counts over it (the list's totals, the unread total).
//
// Why triggers and not the owners' write paths: the rows it sums up are written by two owners
// (sent-messages-table.ts, conversation-tables.ts), by their trims, by the legacy import, and by
// every process on the data folder (the window, any number of `crm`). A trigger runs inside the
// writing transaction itself, whichever process and whichever statement wrote, so the summary
// can never be a commit behind or forgotten by a new write path.
//
// The triggers are incremental where traffic is (a new message adds to its row; a trim of an old
// one takes its unread count off), because a contact may have 20,000 messages and a trim deletes
// one per insert: recounting them at each would be quadratic. Only a delete of a conversation's
// newest line of a direction (its whole history of that direction is gone: trims go oldest
// first) or an update of a message row recomputes the row from its messages; a conversation with
// no line left goes away. The one column no trigger derives is the read mark (read_seq), which
// markRead() writes here. last_in_at is the newest time the contact wrote as far as this app
// heard, and stays so when older rows are trimmed.
//
// A delivery state is not summed up: the newest send's message id is kept and its state is read
// from message_states (unique per message) when a page is asked, so a state changes no row here.
import type { InboxFilter, InboxRow } from '../../../shared/inbox';
import { WINDOW_CLOSING_MS, windowClosesAt } from '../../../shared/inbox';
import { SERVICE_WINDOW_MS, type DeliveryStateShown } from '../../../shared/conversation';
import type { SqliteDatabase } from '../sqlite';
import type { SqliteStatement } from '../sqlite';
import { watchTables } from './table-versions';

/** characters of the newest line kept for the list (a preview, not the message) */
export const LAST_TEXT_CHARS = 200;

const COLUMNS_WRITTEN =
  'profile_id, number, name, last_at, last_direction, last_kind, last_text, last_out_message_id, last_out_seq, last_in_at, last_in_seq, read_seq, unread';

/**
 * The statement that makes (profile, number)'s row what its messages say now, when `when` holds
 * (an SQL condition), and the one that removes the row when no message is left. `p` and `n` are
 * the trigger's NEW./OLD. columns or parameters (this module's constants, never input).
 */
function refreshSql(p: string, n: string, when = '1'): string {
  const row = `profile_id = ${p} AND number = ${n}`;
  // a send and a reply seen at the same moment: the send is later, as the conversation shows them
  const outLast = 'o.at IS NOT NULL AND (i.arrived_at IS NULL OR o.at >= i.arrived_at)';
  return `
    INSERT INTO conversations (${COLUMNS_WRITTEN})
    SELECT ${p}, ${n},
      (SELECT name FROM received_messages WHERE ${row} AND name IS NOT NULL ORDER BY seq DESC LIMIT 1),
      CASE WHEN ${outLast} THEN o.at ELSE i.arrived_at END,
      CASE WHEN ${outLast} THEN 'out' ELSE 'in' END,
      CASE WHEN ${outLast} THEN o.kind ELSE i.type END,
      substr(CASE WHEN ${outLast} THEN coalesce(o.text, o.file_name) ELSE coalesce(i.text, i.media_name) END, 1, ${LAST_TEXT_CHARS}),
      o.message_id, coalesce(o.seq, 0),
      (SELECT max(at) FROM received_messages WHERE ${row}),
      coalesce(i.seq, 0), coalesce(c.read_seq, 0),
      (SELECT count(*) FROM received_messages WHERE ${row} AND seq > coalesce(c.read_seq, 0))
    FROM (SELECT 1)
    LEFT JOIN (SELECT seq, type, text, media_name, arrived_at FROM received_messages WHERE ${row} ORDER BY seq DESC LIMIT 1) i
    LEFT JOIN (SELECT seq, kind, text, file_name, at, message_id FROM sent_messages WHERE ${row} ORDER BY seq DESC LIMIT 1) o
    LEFT JOIN (SELECT read_seq FROM conversations WHERE ${row}) c
    WHERE (i.seq IS NOT NULL OR o.seq IS NOT NULL) AND (${when})
    -- an upsert, not INSERT OR REPLACE: a trigger's OR-clause gives way to the writing statement's
    -- own (INSERT OR IGNORE), while DO UPDATE always applies; read_seq stays as the agent set it
    ON CONFLICT (profile_id, number) DO UPDATE SET name = excluded.name, last_at = excluded.last_at, last_direction = excluded.last_direction,
      last_kind = excluded.last_kind, last_text = excluded.last_text, last_out_message_id = excluded.last_out_message_id, last_out_seq = excluded.last_out_seq,
      last_in_at = excluded.last_in_at, last_in_seq = excluded.last_in_seq, unread = excluded.unread;
    DELETE FROM conversations WHERE ${row} AND (${when})
      AND NOT EXISTS (SELECT 1 FROM received_messages WHERE ${row})
      AND NOT EXISTS (SELECT 1 FROM sent_messages WHERE ${row});`;
}

/** the row as it was (a column of the existing row in an upsert's SET) is newer than the line `excluded` brings when `newer` is false */
function takeLine(newer: string): string {
  return ['last_at', 'last_direction', 'last_kind', 'last_text']
    .map((c) => `${c} = CASE WHEN ${newer} THEN excluded.${c} ELSE ${c} END`)
    .join(', ');
}

/** a reply adds to its conversation: newest line (unless a send was seen at the same moment), unread + 1, name, the contact's time */
const RECEIVED_INSERT = `
  INSERT INTO conversations (${COLUMNS_WRITTEN})
  VALUES (NEW.profile_id, NEW.number, NEW.name, NEW.arrived_at, 'in', NEW.type,
    substr(coalesce(NEW.text, NEW.media_name), 1, ${LAST_TEXT_CHARS}), NULL, 0, NEW.at, NEW.seq, 0, 1)
  ON CONFLICT (profile_id, number) DO UPDATE SET
    ${takeLine("excluded.last_at > last_at OR (excluded.last_at = last_at AND last_direction = 'in')")},
    name = coalesce(excluded.name, name),
    last_in_at = CASE WHEN last_in_at IS NULL OR excluded.last_in_at > last_in_at THEN excluded.last_in_at ELSE last_in_at END,
    last_in_seq = excluded.last_in_seq,
    unread = unread + 1;`;

/** a send adds to its conversation: newest line, and the newest send whose state the row shows */
const SENT_INSERT = `
  INSERT INTO conversations (${COLUMNS_WRITTEN})
  VALUES (NEW.profile_id, NEW.number, NULL, NEW.at, 'out', NEW.kind,
    substr(coalesce(NEW.text, NEW.file_name), 1, ${LAST_TEXT_CHARS}), NEW.message_id, NEW.seq, NULL, 0, 0, 0)
  ON CONFLICT (profile_id, number) DO UPDATE SET
    ${takeLine('excluded.last_at >= last_at')},
    last_out_message_id = excluded.last_out_message_id,
    last_out_seq = excluded.last_out_seq;`;

const OLD_ROW = 'profile_id = OLD.profile_id AND number = OLD.number';

/** a reply trimmed: its unread count goes, the name it gave is looked up again, and the newest reply's going recomputes the row */
const RECEIVED_DELETE = `
  UPDATE conversations SET unread = unread - 1 WHERE ${OLD_ROW} AND OLD.seq > read_seq AND unread > 0;
  UPDATE conversations SET name = (SELECT name FROM received_messages WHERE ${OLD_ROW} AND name IS NOT NULL ORDER BY seq DESC LIMIT 1)
    WHERE ${OLD_ROW} AND OLD.name IS NOT NULL AND name = OLD.name;
  ${refreshSql('OLD.profile_id', 'OLD.number', `EXISTS (SELECT 1 FROM conversations WHERE ${OLD_ROW} AND last_in_seq = OLD.seq)`)}`;

/** a send trimmed: only the newest send's going changes the row */
const SENT_DELETE = refreshSql(
  'OLD.profile_id',
  'OLD.number',
  `EXISTS (SELECT 1 FROM conversations WHERE ${OLD_ROW} AND last_out_seq = OLD.seq)`,
);

/** the table, its indexes, the triggers that keep it, and every existing conversation (schema version 10) */
export function createConversationList(db: SqliteDatabase): void {
  db.exec(`
    CREATE TABLE conversations (
      profile_id TEXT NOT NULL,
      number TEXT NOT NULL,
      name TEXT,
      -- when this app saw the newest line, either way (a send when the service took it, a reply when it arrived)
      last_at TEXT NOT NULL,
      last_direction TEXT NOT NULL,
      last_kind TEXT NOT NULL,
      last_text TEXT,
      -- the newest send (sent_messages.seq) and its message id: its state is read from message_states when asked
      last_out_message_id TEXT,
      last_out_seq INTEGER NOT NULL,
      -- the service's time of the contact's newest message: the 24-hour window runs from it
      last_in_at TEXT,
      -- received_messages.seq of the contact's newest message, and of the newest the agent opened
      last_in_seq INTEGER NOT NULL,
      read_seq INTEGER NOT NULL,
      unread INTEGER NOT NULL,
      PRIMARY KEY (profile_id, number)
    ) WITHOUT ROWID;
    -- newest first, a page at a time; the filters each have a smaller index of their own rows
    CREATE INDEX conversations_newest ON conversations (profile_id, last_at DESC, number);
    CREATE INDEX conversations_unread ON conversations (profile_id, last_at DESC, number) WHERE unread > 0;
    CREATE INDEX conversations_waiting ON conversations (profile_id, last_at DESC, number) WHERE last_direction = 'in';
    CREATE INDEX conversations_window ON conversations (profile_id, last_in_at);
    -- each profile's counts, kept by the triggers below, so the list's total, the unread total
    -- (the title, the badge) and the filters' totals are one row, not a count over 100,000
    CREATE TABLE conversation_totals (
      profile_id TEXT PRIMARY KEY,
      conversations INTEGER NOT NULL,
      with_unread INTEGER NOT NULL,
      waiting INTEGER NOT NULL,
      unread INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE TRIGGER conversations_insert_totals AFTER INSERT ON conversations BEGIN
      INSERT INTO conversation_totals (profile_id, conversations, with_unread, waiting, unread)
      VALUES (NEW.profile_id, 1, NEW.unread > 0, NEW.last_direction = 'in', NEW.unread)
      ON CONFLICT (profile_id) DO UPDATE SET conversations = conversations + 1, with_unread = with_unread + excluded.with_unread,
        waiting = waiting + excluded.waiting, unread = unread + excluded.unread;
    END;
    CREATE TRIGGER conversations_delete_totals AFTER DELETE ON conversations BEGIN
      UPDATE conversation_totals SET conversations = conversations - 1, with_unread = with_unread - (OLD.unread > 0),
        waiting = waiting - (OLD.last_direction = 'in'), unread = unread - OLD.unread
      WHERE profile_id = OLD.profile_id;
    END;
    CREATE TRIGGER conversations_update_totals AFTER UPDATE ON conversations BEGIN
      UPDATE conversation_totals SET with_unread = with_unread + (NEW.unread > 0) - (OLD.unread > 0),
        waiting = waiting + (NEW.last_direction = 'in') - (OLD.last_direction = 'in'), unread = unread + NEW.unread - OLD.unread
      WHERE profile_id = NEW.profile_id;
    END;
    CREATE TRIGGER received_messages_insert_conversation AFTER INSERT ON received_messages BEGIN ${RECEIVED_INSERT} END;
    CREATE TRIGGER sent_messages_insert_conversation AFTER INSERT ON sent_messages BEGIN ${SENT_INSERT} END;
    CREATE TRIGGER received_messages_delete_conversation AFTER DELETE ON received_messages BEGIN ${RECEIVED_DELETE} END;
    CREATE TRIGGER sent_messages_delete_conversation AFTER DELETE ON sent_messages BEGIN ${SENT_DELETE} END;
  `);
  // a message row changed in place (no write path does it today): both conversations it may belong to are recomputed
  for (const table of ['received_messages', 'sent_messages']) {
    db.exec(
      `CREATE TRIGGER ${table}_update_conversation AFTER UPDATE ON ${table} ` +
        `BEGIN ${refreshSql('OLD.profile_id', 'OLD.number')} ${refreshSql('NEW.profile_id', 'NEW.number')} END;`,
    );
  }
  // a read mark another process (another window) set shows here too
  watchTables(db, ['conversations']);
  // every conversation stored before this version, once
  const pairs = db
    .prepare<[], { profile_id: string; number: string }>(
      'SELECT profile_id, number FROM received_messages UNION SELECT profile_id, number FROM sent_messages',
    )
    .all();
  const refresh = db.prepare<[{ p: string; n: string }]>(refreshSql('@p', '@n').split(';')[0] ?? '');
  for (const pair of pairs) refresh.run({ p: pair.profile_id, n: pair.number });
}

interface ListSqlRow {
  number: string;
  name: string | null;
  last_at: string;
  last_direction: string;
  last_kind: string;
  last_text: string | null;
  last_in_at: string | null;
  last_out_seq: number;
  unread: number;
  state: string | null;
}

export interface ListQuery {
  profileId: string;
  /** one filter, or several that must all hold ('all' adds nothing) */
  filter: InboxFilter | readonly InboxFilter[];
  offset: number;
  limit: number;
  now: Date;
}

const SHOWN_STATES = new Set<string>(['accepted', 'sent', 'delivered', 'read', 'failed']);

function rowOf(r: ListSqlRow): InboxRow {
  const direction = r.last_direction === 'in' ? 'in' : 'out';
  return {
    number: r.number,
    name: r.name,
    lastDirection: direction,
    lastKind: r.last_kind,
    lastText: r.last_text,
    lastAt: r.last_at,
    unread: r.unread,
    needsAnswer: direction === 'in',
    // a send the service took and has said nothing more of is "accepted", as its conversation shows it
    lastSentState: r.state !== null && SHOWN_STATES.has(r.state) ? (r.state as DeliveryStateShown) : r.last_out_seq > 0 ? 'accepted' : null,
    windowClosesAt: windowClosesAt(r.last_in_at),
  };
}

const COLUMNS = `c.number, c.name, c.last_at, c.last_direction, c.last_kind, c.last_text, c.last_in_at, c.last_out_seq, c.unread, m.state`;
const STATE_JOIN = 'LEFT JOIN message_states m ON m.profile_id = c.profile_id AND m.message_id = c.last_out_message_id';

/** each filter's condition on the table (its rows, its own index) */
const WHERE: Record<InboxFilter, string> = {
  all: '1',
  unread: 'c.unread > 0',
  'needs-answer': "c.last_direction = 'in'",
  'window-closing': 'c.last_in_at > @windowOpenSince AND c.last_in_at <= @closingSince',
};

/** a filter the totals row counts is read there; others (the window's, a combination) are counted off their index */
function countSql(filters: readonly InboxFilter[], where: string): string {
  const only = [...new Set(filters.filter((f) => f !== 'all'))];
  const column =
    only.length === 0
      ? 'conversations'
      : only.length === 1 && only[0] === 'unread'
        ? 'with_unread'
        : only.length === 1 && only[0] === 'needs-answer'
          ? 'waiting'
          : null;
  return column === null
    ? `SELECT count(*) FROM conversations c WHERE ${where}`
    : `SELECT coalesce((SELECT ${column} FROM conversation_totals WHERE profile_id = @profileId), 0)`;
}

function whereOf(filters: readonly InboxFilter[]): string {
  return ['c.profile_id = @profileId', ...filters.filter((f) => f !== 'all').map((f) => WHERE[f])].join(' AND ');
}

export class ConversationListTable {
  /** a page's and a count's statement for each combination of filters asked so far (at most 16) */
  private readonly byFilters = new Map<string, { page: SqliteStatement<[object], ListSqlRow>; count: SqliteStatement<[object], number> }>();
  private readonly statements;

  constructor(private readonly db: SqliteDatabase) {
    this.statements = {
      markRead: db.prepare<[string, string]>(
        'UPDATE conversations SET read_seq = last_in_seq, unread = 0 WHERE profile_id = ? AND number = ? AND unread > 0',
      ),
      unreadTotal: db.prepare<[string], number>('SELECT unread FROM conversation_totals WHERE profile_id = ?').pluck(),
      one: db.prepare<[string, string], ListSqlRow>(
        `SELECT ${COLUMNS} FROM conversations c ${STATE_JOIN} WHERE c.profile_id = ? AND c.number = ?`,
      ),
    };
  }

  /** one page of the profile's conversations the filters match, newest first, and how many match */
  page(query: ListQuery): { rows: InboxRow[]; total: number } {
    const statements = this.statementsFor(typeof query.filter === 'string' ? [query.filter] : query.filter);
    const params = { profileId: query.profileId, ...windowBounds(query.now) };
    const rows = statements.page.all({ ...params, limit: query.limit, offset: query.offset }).map(rowOf);
    return { rows, total: statements.count.get(params) ?? 0 };
  }

  private statementsFor(filters: readonly InboxFilter[]): {
    page: SqliteStatement<[object], ListSqlRow>;
    count: SqliteStatement<[object], number>;
  } {
    const key = [...new Set(filters)].sort().join(' ');
    let found = this.byFilters.get(key);
    if (!found) {
      const where = whereOf(filters);
      found = {
        // the page's keys first, off the filter's index alone (a deep offset skips index entries,
        // not rows), then their rows
        page: this.db.prepare<[object], ListSqlRow>(
          `SELECT ${COLUMNS} FROM (
             SELECT c.profile_id, c.number FROM conversations c WHERE ${where}
             ORDER BY c.last_at DESC, c.number LIMIT @limit OFFSET @offset
           ) k
           JOIN conversations c ON c.profile_id = k.profile_id AND c.number = k.number ${STATE_JOIN} ORDER BY c.last_at DESC, c.number`,
        ),
        count: this.db.prepare<[object], number>(countSql(filters, where)).pluck(),
      };
      this.byFilters.set(key, found);
    }
    return found;
  }

  /** one conversation's row, or null when the profile has none with that number */
  one(profileId: string, number: string): InboxRow | null {
    const row = this.statements.one.get(profileId, number);
    return row ? rowOf(row) : null;
  }

  /** the agent opened the conversation: every message of the contact so far is read; false: nothing was unread */
  markRead(profileId: string, number: string): boolean {
    return this.statements.markRead.run(profileId, number).changes > 0;
  }

  /** unread messages over all of the profile's conversations */
  unreadTotal(profileId: string): number {
    return this.statements.unreadTotal.get(profileId) ?? 0;
  }
}

/** the contact's newest message times whose window is open now and closes within WINDOW_CLOSING_MS */
function windowBounds(now: Date): { windowOpenSince: string; closingSince: string } {
  return {
    windowOpenSince: new Date(now.getTime() - SERVICE_WINDOW_MS).toISOString(),
    closingSince: new Date(now.getTime() - SERVICE_WINDOW_MS + WINDOW_CLOSING_MS).toISOString(),
  };
}
