// The inbox's summary table is kept by triggers inside each writing transaction: whatever writes
// a reply or a send (this process, another one, a trim, a backfill), each conversation's row is
// what a recount of its messages gives, and the agent's read marks are kept durably.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ReceivedEvent, StatusEvent } from '../../../../src-main/core/events/event-finder';
import { ConversationListTable, LAST_TEXT_CHARS } from '../../../../src-main/core/store/tables/conversation-list-table';
import { ConversationTables } from '../../../../src-main/core/store/tables/conversation-tables';
import { openDatabase, type SqliteDatabase } from '../../../../src-main/core/store/database';
import { migrate } from '../../../../src-main/core/store/migrate';
import { MIGRATIONS } from '../../../../src-main/core/store/schema';
import { openSqlite } from '../../../../src-main/core/store/sqlite';
import { SentMessagesTable } from '../../../../src-main/core/store/tables/sent-messages-table';
import type { SentRecord } from '../../../../src-main/core/messages/sent-record';
import { tempDir } from '../../helpers/temp-dir';
import { startWriterChild } from '../../helpers/writer-child';
import { insertSentAsBefore } from './old-rows';

const A = '5511900000001';
const B = '5511900000002';
const NOW = new Date('2026-03-01T12:00:00.000Z');

function reply(id: string, number: string, extra: Partial<ReceivedEvent> = {}): ReceivedEvent {
  return { kind: 'received', messageId: id, number, type: 'text', text: `reply ${id}`, name: null, at: null, media: null, ...extra };
}

function send(id: string, number: string, at: Date, extra: Partial<SentRecord> = {}): SentRecord {
  return {
    id,
    profileId: 'p',
    kind: 'text',
    number,
    text: `send ${id}`,
    fileName: null,
    status: 'accepted',
    at: at.toISOString(),
    messageId: `m-${id}`,
    origin: 'sent',
    ...extra,
  };
}

function state(messageId: string, s: StatusEvent['state']): StatusEvent {
  return { kind: 'status', messageId, state: s, number: null, at: null, reason: null };
}

const later = (ms: number): Date => new Date(NOW.getTime() + ms);

/** a fresh crm.db with its tables; `rows` and `sends`: how many replies and sends a profile keeps, when not the defaults */
async function open(limits: { rows?: number; sends?: number } = {}): Promise<{
  db: SqliteDatabase;
  dir: string;
  list: ConversationListTable;
  tables: ConversationTables;
  sent: SentMessagesTable;
}> {
  const dir = await tempDir('crm-inbox-');
  const db = openDatabase(dir);
  const tables = new ConversationTables(db, limits.rows === undefined ? {} : { rows: limits.rows });
  return { db, dir, list: new ConversationListTable(db), tables, sent: new SentMessagesTable(db, limits.sends) };
}

/** every column of every row, as the triggers left them */
function summary(db: SqliteDatabase): unknown[] {
  return db
    .prepare(
      'SELECT profile_id, number, name, last_at, last_direction, last_kind, last_text, ' +
        'last_out_message_id, last_out_seq, last_in_at, last_in_seq, read_seq, unread FROM conversations ' +
        'ORDER BY profile_id, number',
    )
    .all()
    .map((r) => {
      const { _metadata, ...row } = r as Record<string, unknown>;
      void _metadata;
      return row;
    });
}

/** the table rebuilt from the messages alone (read marks kept), to compare with what the triggers keep */
function recounted(db: SqliteDatabase): unknown[] {
  const marks = db
    .prepare<[], { profile_id: string; number: string; read_seq: number }>('SELECT profile_id, number, read_seq FROM conversations')
    .all();
  db.exec('DELETE FROM conversations;');
  // an UPDATE that changes nothing fires each row's trigger: the conversation is computed afresh
  db.exec('UPDATE received_messages SET number = number; UPDATE sent_messages SET number = number;');
  const setMark = db.prepare<[number, number, string, string]>(
    'UPDATE conversations SET read_seq = ?, unread = (SELECT count(*) FROM received_messages r WHERE ' +
      'r.profile_id = conversations.profile_id AND r.number = conversations.number AND r.seq > ?) WHERE ' +
      'profile_id = ? AND number = ?',
  );
  for (const m of marks) setMark.run(m.read_seq, m.read_seq, m.profile_id, m.number);
  return summary(db);
}

/** the per-profile counts the triggers keep, beside the same counted over the table */
/** the stored summary and totals are what counting the message tables again gives */
function expectAsRecounted(db: SqliteDatabase): void {
  const { kept, counted } = totals(db);
  expect(kept).toEqual(counted);
  expect(summary(db)).toEqual(recounted(db));
}

function totals(db: SqliteDatabase): { kept: unknown[]; counted: unknown[] } {
  const rows = (sql: string) =>
    db
      .prepare(sql)
      .all()
      .map((r) => JSON.stringify({ ...(r as object), _metadata: undefined }));
  return {
    kept: rows(
      'SELECT profile_id, conversations, with_unread, waiting, unread FROM conversation_totals WHERE conversations > 0 ORDER BY profile_id',
    ),
    counted: rows(
      'SELECT profile_id, count(*) AS conversations, sum(unread > 0) AS with_unread, sum(last_direction = ' +
        "'in') AS waiting, sum(unread) AS unread FROM conversations GROUP BY profile_id ORDER BY profile_id",
    ),
  };
}

describe('the conversation list', () => {
  it('one row per contact: newest first, the newest line either way, unread replies, and the contact waiting for an answer', async () => {
    const { db, list, tables, sent } = await open();
    await sent.append(send('s1', A, NOW));
    await sent.append(send('s2', B, later(1000)));
    tables.record('p', [reply('r1', A, { name: 'Ana' }), reply('r2', A)], [], later(2000));

    const page = list.page({ profileId: 'p', filter: 'all', offset: 0, limit: 50, now: later(3000) });
    expect(page.total).toBe(2);
    expect(page.rows.map((r) => r.number)).toEqual([A, B]);
    const [a, b] = page.rows;
    expect(a).toMatchObject({
      name: 'Ana',
      lastDirection: 'in',
      lastText: 'reply r2',
      unread: 2,
      needsAnswer: true,
      lastAt: later(2000).toISOString(),
    });
    expect(a?.windowClosesAt).toBe(new Date(later(2000).getTime() + 24 * 3600_000).toISOString());
    expect(b).toMatchObject({
      name: null,
      lastDirection: 'out',
      lastText: 'send s2',
      unread: 0,
      needsAnswer: false,
      windowClosesAt: null,
      lastSentState: 'accepted',
    });
    expect(a?.lastSentState).toBe('accepted');
    expect(list.unreadTotal('p')).toBe(2);
    // another profile's list is its own
    expect(list.page({ profileId: 'other', filter: 'all', offset: 0, limit: 50, now: NOW })).toEqual({ rows: [], total: 0 });
    db.close();
  });

  it('an answer moves the row up and ends "needs an answer"; a state of our newest send shows on its row', async () => {
    const { db, list, tables, sent } = await open();
    tables.record('p', [reply('r1', A)], [], NOW);
    await sent.append(send('s1', B, later(1000)));
    await sent.append(send('s2', A, later(2000)));
    expect(list.page({ profileId: 'p', filter: 'all', offset: 0, limit: 50, now: NOW }).rows.map((r) => r.number)).toEqual([A, B]);
    expect(list.one('p', A)).toMatchObject({ needsAnswer: false, lastDirection: 'out', lastSentState: 'accepted', unread: 1 });
    tables.record('p', [], [state('m-s2', 'delivered')], later(3000));
    expect(list.one('p', A)?.lastSentState).toBe('delivered');
    // a state never moves back, and the row says what the table says
    tables.record('p', [], [state('m-s2', 'sent'), state('m-s1', 'failed')], later(4000));
    expect(list.one('p', A)?.lastSentState).toBe('delivered');
    expect(list.one('p', B)?.lastSentState).toBe('failed');
    db.close();
  });

  it('opening marks read: the mark is in the file, so another connection (another process) sees the same', async () => {
    const { db, dir, list, tables } = await open();
    tables.record('p', [reply('r1', A), reply('r2', B)], [], NOW);
    expect(list.markRead('p', A)).toBe(true);
    expect(list.markRead('p', A)).toBe(false);
    // a number without a conversation: nothing to mark, nothing made
    expect(list.markRead('p', '5511000000000')).toBe(false);
    const other = new ConversationListTable(openDatabase(dir));
    expect(other.one('p', A)?.unread).toBe(0);
    expect(other.unreadTotal('p')).toBe(1);
    // a reply after the mark is unread again
    tables.record('p', [reply('r3', A)], [], later(1000));
    expect(other.one('p', A)?.unread).toBe(1);
    expect(other.page({ profileId: 'p', filter: 'unread', offset: 0, limit: 50, now: NOW }).rows.map((r) => r.number)).toEqual([A, B]);
    db.close();
  });

  it('filters: unread, needs an answer, and windows that close within two hours', async () => {
    const { db, list, tables, sent } = await open();
    const C = '5511900000003';
    // A wrote 23 hours before "now" (window closing), B 10 hours before, C never (we wrote)
    tables.record(
      'p',
      [reply('a1', A, { at: new Date(NOW.getTime() - 23 * 3600_000).toISOString() })],
      [],
      new Date(NOW.getTime() - 23 * 3600_000),
    );
    tables.record(
      'p',
      [reply('b1', B, { at: new Date(NOW.getTime() - 10 * 3600_000).toISOString() })],
      [],
      new Date(NOW.getTime() - 10 * 3600_000),
    );
    await sent.append(send('c1', C, NOW));
    await sent.append(send('b2', B, later(1000)));
    list.markRead('p', B);
    const numbers = (filter: 'all' | 'unread' | 'needs-answer' | 'window-closing') =>
      list.page({ profileId: 'p', filter, offset: 0, limit: 50, now: NOW }).rows.map((r) => r.number);
    expect(numbers('all')).toEqual([B, C, A]);
    expect(numbers('unread')).toEqual([A]);
    expect(numbers('needs-answer')).toEqual([A]);
    expect(numbers('window-closing')).toEqual([A]);
    // filters together must all hold
    expect(
      list.page({ profileId: 'p', filter: ['unread', 'needs-answer'], offset: 0, limit: 50, now: NOW }).rows.map((r) => r.number),
    ).toEqual([A]);
    list.markRead('p', A);
    expect(list.page({ profileId: 'p', filter: ['unread', 'needs-answer'], offset: 0, limit: 50, now: NOW }).total).toBe(0);
    expect(numbers('needs-answer')).toEqual([A]);
    // an hour later A's window is shut: not "closing" any more, and B's is not yet within two hours
    expect(list.page({ profileId: 'p', filter: 'window-closing', offset: 0, limit: 50, now: later(3600_000 + 1) }).total).toBe(0);
    db.close();
  });

  it('pages: offset and limit over the newest-first order, with the total', async () => {
    const { db, list, sent } = await open();
    for (let i = 0; i < 25; i += 1) await sent.append(send(`s${i}`, `55119000001${String(i).padStart(2, '0')}`, later(i * 1000)));
    const first = list.page({ profileId: 'p', filter: 'all', offset: 0, limit: 10, now: NOW });
    const third = list.page({ profileId: 'p', filter: 'all', offset: 20, limit: 10, now: NOW });
    expect(first.total).toBe(25);
    expect(first.rows[0]?.number).toBe('5511900000124');
    expect(third.rows.map((r) => r.number)).toEqual(['5511900000104', '5511900000103', '5511900000102', '5511900000101', '5511900000100']);
    db.close();
  });

  it('a long text is cut for the list; a file shows its name', async () => {
    const { db, list, tables } = await open();
    tables.record(
      'p',
      [
        reply('r1', A, { text: 'x'.repeat(5000) }),
        reply('r2', B, { type: 'document', text: null, media: { url: null, mimetype: 'application/pdf', fileName: 'invoice.pdf' } }),
      ],
      [],
      NOW,
    );
    expect(list.one('p', A)?.lastText).toHaveLength(LAST_TEXT_CHARS);
    expect(list.one('p', B)).toMatchObject({ lastKind: 'document', lastText: 'invoice.pdf' });
    db.close();
  });

  it('trims of old rows: a conversation keeps its newest remaining line, and one with no line left leaves the list', async () => {
    const { db, list, tables, sent } = await open({ rows: 3, sends: 2 });
    tables.record('p', [reply('old', A)], [], NOW);
    await sent.append(send('s-old', A, later(1)));
    tables.record('p', [reply('b1', B), reply('b2', B), reply('b3', B)], [], later(1000));
    // A's reply was trimmed (the profile keeps 3): its send is its newest line, nothing is unread
    expect(list.one('p', A)).toMatchObject({ lastDirection: 'out', unread: 0, windowClosesAt: null });
    await sent.append(send('s-b1', B, later(2000)));
    await sent.append(send('s-b2', B, later(3000)));
    // A's send was trimmed too (2 sends kept): A has no line left
    expect(list.one('p', A)).toBeNull();
    expect(list.page({ profileId: 'p', filter: 'all', offset: 0, limit: 50, now: NOW }).rows.map((r) => r.number)).toEqual([B]);
    expectAsRecounted(db);
    db.close();
  });

  it('a chatty contact trimmed reply by reply keeps the right unread count and name, read mark included', async () => {
    const { db, list, tables } = await open({ rows: 50 });
    for (let i = 0; i < 120; i += 1) {
      tables.record('p', [reply(`r${i}`, A, { name: i < 100 ? 'Ana' : null })], [], later(i * 1000));
      if (i === 90) list.markRead('p', A);
    }
    // 50 replies kept (70..119), 29 of them after the mark (91..119)
    expect(list.one('p', A)).toMatchObject({ name: 'Ana', unread: 29, lastText: 'reply r119' });
    expectAsRecounted(db);
    db.close();
  });

  it('the migration fills the list from the messages stored before it', async () => {
    const dir = await tempDir('crm-inbox-');
    const old = openSqlite(`${dir}/crm.db`);
    migrate(
      old,
      MIGRATIONS.filter((m) => m.version < 10),
    );
    // the row as a file of that version holds it (today's ConversationTables writes columns added later)
    old
      .prepare(
        'INSERT INTO received_messages (profile_id, message_id, number, type, text, name, at, arrived_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run('p', 'r1', A, 'text', 'reply r1', 'Ana', NOW.toISOString(), NOW.toISOString());
    insertSentAsBefore(old, send('s1', B, later(1000)));
    old.close();
    const db = openDatabase(dir);
    const list = new ConversationListTable(db);
    expect(
      list
        .page({ profileId: 'p', filter: 'all', offset: 0, limit: 50, now: NOW })
        .rows.map((r) => [r.number, r.name, r.unread, r.needsAnswer]),
    ).toEqual([
      [B, null, 0, false],
      [A, 'Ana', 1, true],
    ]);
    db.close();
  });

  it(
    'two processes writing replies and sends to the same contacts at once: every row is what a recount gives',
    { timeout: 90_000 },
    async () => {
      const dir = await tempDir('crm-inbox-shared-');
      const db = openDatabase(dir);
      const child = fileURLToPath(new URL('../../../fixtures/inbox-writer-child.ts', import.meta.url));
      const each = 150;
      const writers = ['a', 'b'].map((label) => startWriterChild(child, dir, label, each));
      const until = Date.now() + 60_000;
      while (!writers.every((w) => w.out().includes('ready'))) {
        if (Date.now() > until) throw new Error(`the writers did not start: ${writers.map((w) => w.err()).join('\n')}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (const w of writers) w.process.stdin.write('go\n');
      // this connection marks conversations read while they write
      const list = new ConversationListTable(db);
      let marks = 0;
      while (writers.some((w) => !w.out().includes('done')) && marks < 10_000) {
        if (list.markRead('p', `55119000000${marks % 10}`)) marks += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (writers.some((w) => w.process.exitCode !== null && !w.out().includes('done'))) break;
      }
      expect(await Promise.all(writers.map((w) => w.exited)), writers.map((w) => w.err()).join('\n')).toEqual([0, 0]);
      const rows = list.page({ profileId: 'p', filter: 'all', offset: 0, limit: 50, now: NOW });
      expect(rows.total).toBe(10);
      const received = db.prepare<[], number>("SELECT count(*) FROM received_messages WHERE profile_id = 'p'").pluck().get();
      expect(received).toBe(2 * each);
      expectAsRecounted(db);
      db.close();
    },
  );
});
