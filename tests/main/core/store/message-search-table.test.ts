// Search across every conversation, on a real crm.db: the index follows both message tables
// through inserts (from two processes at once), trims and updates, folds accents and case, keeps
// each profile's messages to itself, lists newest first a page at a time, and an older file's
// messages are indexed when it is migrated. Replies are indexed in batches past a mark: a search
// indexes what another process (or one killed before it could) stored, exactly once.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MessageSearch } from '../../../../src-main/core/conversations/message-search';
import type { ReceivedEvent } from '../../../../src-main/core/events/event-finder';
import type { SentRecord } from '../../../../src-main/core/messages/sent-record';
import type { Profile } from '../../../../src-main/core/model';
import { ConversationTables } from '../../../../src-main/core/store/tables/conversation-tables';
import { openDatabase, type SqliteDatabase } from '../../../../src-main/core/store/database';
import { MessageSearchTable } from '../../../../src-main/core/store/tables/message-search-table';
import { migrate } from '../../../../src-main/core/store/migrate';
import { MIGRATIONS } from '../../../../src-main/core/store/schema';
import { SentMessagesTable } from '../../../../src-main/core/store/tables/sent-messages-table';
import { openSqlite } from '../../../../src-main/core/store/sqlite';
import type { SearchPage } from '../../../../src-main/shared/message-search';
import { tempDir } from '../../helpers/temp-dir';
import { startWriterChild, type WriterChild } from '../../helpers/writer-child';
import { insertSentAsBefore } from './old-rows';

const NUMBER = '5511999990000';
let clock = Date.UTC(2026, 0, 1);
const tick = (): Date => new Date((clock += 60_000));

function sentRecord(id: string, text: string | null, extra: Partial<SentRecord> = {}): SentRecord {
  return {
    id,
    profileId: 'p1',
    kind: 'text',
    number: NUMBER,
    text,
    fileName: null,
    status: 'queued',
    at: tick().toISOString(),
    messageId: `m-${id}`,
    origin: 'sent',
    ...extra,
  };
}

function reply(messageId: string, text: string | null, extra: Partial<ReceivedEvent> = {}): ReceivedEvent {
  return { kind: 'received', messageId, number: NUMBER, text, type: 'text', at: null, name: null, media: null, ...extra };
}

interface Store {
  db: SqliteDatabase;
  sent: SentMessagesTable;
  received: ConversationTables;
  index: MessageSearchTable;
  search: (text: string, options?: { profileId?: string; limit?: number; after?: string | null }) => Promise<SearchPage>;
}

function storeOn(db: SqliteDatabase, limits: { sent?: number; rows?: number } = {}): Store {
  const index = new MessageSearchTable(db);
  // the profile is taken as given: resolving names and the active profile is the profile manager's (tested there)
  const profiles = { resolve: (id?: string) => Promise.resolve({ id: id ?? 'p1' } as Profile) };
  const service = new MessageSearch({ table: index, profiles, scrubber: () => Promise.resolve((t: string) => t) });
  return {
    db,
    sent: new SentMessagesTable(db, limits.sent),
    received: new ConversationTables(db, limits.rows === undefined ? {} : { rows: limits.rows }),
    index,
    search: (text, options = {}) =>
      service.search({
        text,
        profileId: options.profileId ?? 'p1',
        ...(options.limit !== undefined ? { limit: options.limit } : {}),
        after: options.after ?? null,
      }),
  };
}

async function openStoreIn(limits: { sent?: number; rows?: number } = {}): Promise<Store> {
  return storeOn(openDatabase(await tempDir('crm-search-')), limits);
}

const keys = (page: SearchPage): string[] => page.hits.map((h) => h.key);
const marked = (page: SearchPage): string[] => page.hits.map((h) => h.snippet.map((p) => (p.match ? `[${p.text}]` : p.text)).join(''));

const SEARCH_CHILD = fileURLToPath(new URL('../../../fixtures/message-search-child.ts', import.meta.url));

/** writer children storing sends and replies in `dir`, each told to go once all of them said ready */
async function childrenWriting(dir: string, labels: string[], count: number): Promise<WriterChild[]> {
  const children = labels.map((label) => startWriterChild(SEARCH_CHILD, dir, label, count));
  while (!children.every((c) => c.out().includes('ready'))) {
    if (children.some((c) => c.process.exitCode !== null)) throw new Error(children.map((c) => c.err()).join('\n'));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  for (const c of children) c.process.stdin.write('go\n');
  return children;
}

describe('searching every conversation', () => {
  it('finds sent texts and file names, replies, their names and file names, newest first, each with its number, direction and key', async () => {
    const s = await openStoreIn();
    await s.sent.append(sentRecord('s1', 'Seu pedido saiu para entrega'));
    s.received.record('p1', [reply('r1', 'Quando chega o pedido?', { name: 'Maria' })], [], tick());
    await s.sent.append(sentRecord('s2', null, { kind: 'document', fileName: 'pedido-4471.pdf' }));
    s.received.record(
      'p1',
      [
        reply('r2', null, {
          type: 'image',
          name: 'João',
          media: { url: 'https://x/y.jpg', mimetype: 'image/jpeg', fileName: 'foto-pedido.jpg' },
        }),
      ],
      [],
      tick(),
    );

    const page = await s.search('pedido');
    expect(keys(page)).toEqual(['in:r2', 's2', 'in:r1', 's1']);
    expect(page.hits[0]).toMatchObject({ direction: 'in', number: NUMBER, name: 'João', messageId: 'r2', kind: 'image' });
    expect(page.hits[3]).toMatchObject({ direction: 'out', number: NUMBER, name: null, messageId: 'm-s1', kind: 'text' });
    expect(marked(page)).toEqual(['foto-[pedido].jpg', '[pedido]-4471.pdf', 'Quando chega o [pedido]?', 'Seu [pedido] saiu para entrega']);
    expect(page).toMatchObject({ total: 4, totalCapped: false, next: null, query: 'pedido' });
    // a reply found by the name it carried
    expect(keys(await s.search('maria'))).toEqual(['in:r1']);
  });

  it('folds accents and case both ways: "acao" finds "Ação", "JOAO" finds "João", "joão" finds "JOAO"', async () => {
    const s = await openStoreIn();
    await s.sent.append(sentRecord('s1', 'A Ação começa amanhã'));
    s.received.record('p1', [reply('r1', 'oi', { name: 'João' }), reply('r2', 'FALE COM JOAO')], [], tick());
    expect(keys(await s.search('acao'))).toEqual(['s1']);
    expect(keys(await s.search('ACAO comeca'))).toEqual(['s1']);
    expect(keys(await s.search('JOAO '))).toEqual(['in:r2', 'in:r1']);
    expect(keys(await s.search('joão '))).toEqual(['in:r2', 'in:r1']);
  });

  it('ANDs the words and takes the last as the start of a word while it is typed', async () => {
    const s = await openStoreIn();
    await s.sent.append(sentRecord('s1', 'boleto vence amanhã'));
    await s.sent.append(sentRecord('s2', 'boleto pago'));
    expect(keys(await s.search('boleto ven'))).toEqual(['s1']);
    expect(keys(await s.search('boleto ven '))).toEqual([]);
    expect(keys(await s.search('bol'))).toEqual(['s2', 's1']);
  });

  it("never shows another profile's messages, and counts each profile's own", async () => {
    const s = await openStoreIn();
    await s.sent.append(sentRecord('a1', 'segredo da loja A'));
    await s.sent.append(sentRecord('b1', 'segredo da loja B', { profileId: 'p2' }));
    s.received.record('p2', [reply('rb', 'segredo do cliente B')], [], tick());
    expect(keys(await s.search('segredo'))).toEqual(['a1']);
    const other = await s.search('segredo', { profileId: 'p2' });
    expect(keys(other)).toEqual(['in:rb', 'b1']);
    expect(other.total).toBe(2);
    expect(keys(await s.search('segredo', { profileId: 'p3' }))).toEqual([]);
  });

  it('keeps profiles apart whatever their ids hold (quotes, accents, a prefix of another id)', async () => {
    const s = await openStoreIn();
    const ids = ['p"1', 'p', 'pé 1', 'p_1-a', 'p_1'];
    for (const [i, profileId] of ids.entries()) await s.sent.append(sentRecord(`s${i}`, 'mesma palavra', { profileId }));
    for (const [i, profileId] of ids.entries()) expect(keys(await s.search('palavra', { profileId }))).toEqual([`s${i}`]);
    s.index.checkIndex();
  });

  it('pages newest first with the page marker, every hit once, and refuses a marker no search gave', async () => {
    const s = await openStoreIn();
    for (let i = 0; i < 4; i += 1) {
      await s.sent.append(sentRecord(`s${i}`, `entrega ${i}`));
      s.received.record('p1', [reply(`r${i}`, `entrega? ${i}`)], [], tick());
    }
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: SearchPage = await s.search('entrega', { limit: 3, after });
      expect(page.total).toBe(8);
      seen.push(...keys(page));
      after = page.next;
    } while (after !== null);
    expect(seen).toEqual(['in:r3', 's3', 'in:r2', 's2', 'in:r1', 's1', 'in:r0', 's0']);
    await expect(s.search('entrega', { after: "s1.r2' OR 1=1" })).rejects.toThrow(/not one a search gave/);
    await expect(s.search('entrega', { limit: 0 })).rejects.toThrow(/1 to 100/);
    await expect(s.search('  ')).rejects.toMatchObject({ code: 'validation', message: 'Type a word to search for.' });
    await expect(s.search('🙂')).rejects.toMatchObject({ code: 'validation' });
  });

  it('trims: the oldest sends and replies that leave their tables leave the index', async () => {
    const s = await openStoreIn({ sent: 3, rows: 3 });
    for (let i = 0; i < 6; i += 1) {
      await s.sent.append(sentRecord(`s${i}`, `cupom ${i}`));
      s.received.record('p1', [reply(`r${i}`, `cupom ${i}`)], [], tick());
    }
    expect(keys(await s.search('cupom'))).toEqual(['in:r5', 's5', 'in:r4', 's4', 'in:r3', 's3']);
    expect(keys(await s.search('0 cupom'))).toEqual([]);
    s.index.checkIndex();
  });

  it('an update of a stored text replaces its words in the index', async () => {
    const s = await openStoreIn();
    await s.sent.append(sentRecord('s1', 'texto antigo'));
    s.received.record('p1', [reply('r1', 'resposta antiga', { name: 'Ana' })], [], tick());
    s.db.exec("UPDATE sent_messages SET text = 'texto novo' WHERE id = 's1'");
    s.db.exec("UPDATE received_messages SET name = 'Beatriz' WHERE message_id = 'r1'");
    expect(keys(await s.search('antigo '))).toEqual([]);
    expect(keys(await s.search('novo'))).toEqual(['s1']);
    expect(keys(await s.search('ana '))).toEqual([]);
    expect(keys(await s.search('beatriz'))).toEqual(['in:r1']);
    s.index.checkIndex();
  });

  it('a file from before the index has its messages indexed when it is migrated', async () => {
    const dir = await tempDir('crm-search-old-');
    const old = openSqlite(`${dir}/crm.db`);
    migrate(
      old,
      MIGRATIONS.filter((m) => m.version <= 9),
    );
    // the rows as a file of that version holds them (today's tables write columns added later)
    insertSentAsBefore(old, sentRecord('s1', 'mensagem de antes'));
    const at = tick().toISOString();
    old
      .prepare(
        'INSERT INTO received_messages (profile_id, message_id, number, type, text, name, at, arrived_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run('p1', 'r1', NUMBER, 'text', 'resposta de antes', null, at, at);
    old.close();
    const s = storeOn(openDatabase(dir));
    expect(keys(await s.search('antes'))).toEqual(['in:r1', 's1']);
    s.index.checkIndex();
  });

  it('replies are indexed in one batch past a mark: a search indexes them first, each once, and a second catch-up adds none', async () => {
    const s = await openStoreIn();
    for (let i = 0; i < 5; i += 1) s.received.record('p1', [reply(`r${i}`, `boleto ${i}`)], [], tick());
    // nothing indexed them yet: the index holds none of them, the mark is behind
    const indexed = (): number =>
      s.db
        .prepare<[], number>("SELECT count(*) FROM received_messages_search WHERE received_messages_search MATCH 'boleto'")
        .pluck()
        .get()!;
    const mark = (): number => s.db.prepare<[], number>('SELECT indexed_through FROM received_messages_search_mark').pluck().get()!;
    expect(indexed()).toBe(0);
    const newest = s.db.prepare<[], number>('SELECT max(seq) FROM received_messages').pluck().get()!;
    expect(mark()).toBeLessThan(newest);
    expect(keys(await s.search('boleto'))).toEqual(['in:r4', 'in:r3', 'in:r2', 'in:r1', 'in:r0']);
    expect(mark()).toBe(newest);
    s.index.catchUp();
    expect(indexed()).toBe(5);
    expect((await s.search('boleto')).total).toBe(5);
    s.index.checkIndex();
  });

  it('a reply past the mark deleted or changed by any statement has the replies past the mark indexed first', async () => {
    const s = await openStoreIn();
    for (let i = 0; i < 4; i += 1) s.received.record('p1', [reply(`r${i}`, `fatura ${i}`)], [], tick());
    // plain SQL, as another program or an older path would write: the triggers keep the index right
    s.db.exec("DELETE FROM received_messages WHERE message_id = 'r1'");
    s.db.exec("UPDATE received_messages SET text = 'recibo 2' WHERE message_id = 'r2'");
    s.index.checkIndex();
    expect(keys(await s.search('fatura'))).toEqual(['in:r3', 'in:r0']);
    expect(keys(await s.search('recibo'))).toEqual(['in:r2']);
    s.index.checkIndex();
  });

  it(
    'replies a process stored before it was killed, never indexed, are found by the next search, each once',
    { timeout: 60_000 },
    async () => {
      const dir = await tempDir('crm-search-killed-');
      const s = storeOn(openDatabase(dir));
      const [child] = await childrenWriting(dir, ['k'], 100_000);
      const stored = s.db.prepare<[], number>("SELECT count(*) FROM received_messages WHERE message_id LIKE 'k-%'").pluck();
      while (stored.get()! < 40) await new Promise((resolve) => setTimeout(resolve, 10));
      child!.process.kill('SIGKILL');
      await child!.exited;
      const count = stored.get()!;
      expect(count).toBeGreaterThanOrEqual(40);
      expect((await s.search('kreply')).total).toBe(count);
      expect(keys(await s.search(`kreply ${count - 1} `))).toEqual([`in:k-r${count - 1}`]);
      s.index.checkIndex();
    },
  );

  it('searches catching up while two other processes store replies: every reply is indexed exactly once', { timeout: 90_000 }, async () => {
    const dir = await tempDir('crm-search-racing-');
    const s = storeOn(openDatabase(dir));
    const EACH = 120;
    const children = await childrenWriting(dir, ['c', 'd'], EACH);
    let searches = 0;
    const exited = Promise.all(children.map((c) => c.exited));
    let done = false;
    void exited.then(() => (done = true));
    while (!done) {
      await s.search('pedido');
      searches += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await exited).toEqual([0, 0]);
    expect(searches).toBeGreaterThan(0);
    for (const label of ['c', 'd']) expect((await s.search(`${label}reply`)).total).toBe(EACH);
    s.index.checkIndex();
  });

  it(
    'two processes storing sends and replies at once: every message is found and the index matches its tables',
    { timeout: 90_000 },
    async () => {
      const dir = await tempDir('crm-search-two-');
      const s = storeOn(openDatabase(dir));
      const EACH = 150;
      const children = await childrenWriting(dir, ['a', 'b'], EACH);
      expect(await Promise.all(children.map((c) => c.exited))).toEqual([0, 0]);
      for (const label of ['a', 'b']) {
        expect((await s.search(`${label}sent`)).total).toBe(EACH);
        expect((await s.search(`${label}reply`)).total).toBe(EACH);
        expect(keys(await s.search(`${label}reply ${EACH - 1} `))).toEqual([`in:${label}-r${EACH - 1}`]);
      }
      expect((await s.search('pedido')).total).toBe(4 * EACH);
      s.index.checkIndex();
    },
  );
});
