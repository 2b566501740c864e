// The app's record of sent messages in crm.db: bounded (the oldest go first), appends of another
// process (another connection) kept, rows of another shape left out; and what a record keeps.
import { describe, expect, it } from 'vitest';
import type { SentRecord } from '../../../../src-main/core/messages/sent-record';
import { sentRecordOf } from '../../../../src-main/core/messages/sent-record';
import { openDatabase } from '../../../../src-main/core/store/database';
import { SentMessagesTable } from '../../../../src-main/core/store/tables/sent-messages-table';
import { numberedSentFields } from '../../helpers/numbered-sent';
import { tempDir } from '../../helpers/temp-dir';

function record(n: number): SentRecord {
  return {
    id: `r_${n}`,
    profileId: 'p1',
    ...numberedSentFields(n),
    messageId: `m_${n}`,
  };
}

/** the table as the window and a `crm` command each open it: two connections to one file */
async function twoProcesses(): Promise<[SentMessagesTable, SentMessagesTable]> {
  const dir = await tempDir('crm-record-');
  return [new SentMessagesTable(openDatabase(dir)), new SentMessagesTable(openDatabase(dir))];
}

describe('SentMessagesTable', () => {
  it('keeps the last `limit` sends, oldest first', async () => {
    const table = new SentMessagesTable(openDatabase(await tempDir('crm-record-')), 3);
    await Promise.all([1, 2, 3, 4, 5].map((n) => table.append(record(n))));
    expect((await table.read()).map((r) => r.id)).toEqual(['r_3', 'r_4', 'r_5']);
  });

  it('an append keeps what another process (another connection to the file) wrote since, and each sees the other at once', async () => {
    const [app, cli] = await twoProcesses();
    await app.append(record(1));
    await cli.append(record(2));
    await app.append(record(3));
    expect((await cli.read()).map((r) => r.id)).toEqual(['r_1', 'r_2', 'r_3']);
    expect((await app.read()).map((r) => r.id)).toEqual(['r_1', 'r_2', 'r_3']);
  });

  it('tells which profiles got records after a mark (how a window hears of sends by `crm`)', async () => {
    const [app, cli] = await twoProcesses();
    await app.append(record(1));
    const mark = app.lastSeq();
    await cli.append({ ...record(2), profileId: 'p2' });
    await cli.append({ ...record(3), profileId: 'p2' });
    expect(app.profilesAfter(mark)).toEqual(['p2']);
    expect(app.profilesAfter(app.lastSeq())).toEqual([]);
  });

  it('rows of another shape (a hand edit of the database) are left out, the rest kept', async () => {
    const db = openDatabase(await tempDir('crm-record-'));
    const table = new SentMessagesTable(db);
    await table.append(record(1));
    await table.append({ ...record(2), origin: 'elsewhere' as SentRecord['origin'] });
    await table.append(record(4));
    expect((await table.read()).map((r) => r.id)).toEqual(['r_1', 'r_4']);
  });

  it('a page is read by the index: one profile or one recipient, newest first, with the count of all that match', async () => {
    const table = new SentMessagesTable(openDatabase(await tempDir('crm-record-')));
    for (let n = 1; n <= 7; n += 1)
      await table.append({ ...record(n), profileId: n % 2 === 0 ? 'p2' : 'p1', number: n <= 3 ? '5511000000001' : '5511000000002' });
    expect(table.slice({ profileId: 'p1', number: null, offset: 0, limit: 2 })).toMatchObject({
      total: 4,
      records: [{ id: 'r_7' }, { id: 'r_5' }],
    });
    expect(table.slice({ profileId: 'p1', number: null, offset: 2, limit: 2 }).records.map((r) => r.id)).toEqual(['r_3', 'r_1']);
    expect(table.slice({ profileId: 'p1', number: '5511000000001', offset: 0, limit: 10 })).toMatchObject({
      total: 2,
      records: [{ id: 'r_3' }, { id: 'r_1' }],
    });
    expect(table.slice({ profileId: 'p3', number: null, offset: 0, limit: 10 })).toEqual({ total: 0, records: [] });
  });

  it("finds a profile's records by message id, oldest first, and only that profile's", async () => {
    const table = new SentMessagesTable(openDatabase(await tempDir('crm-record-')));
    await table.append(record(1));
    await table.append({ ...record(2), messageId: 'm_1', origin: 'replayed' });
    await table.append({ ...record(3), profileId: 'p2', messageId: 'm_1' });
    expect(table.withMessageIds('p1', ['m_1', 'm_unknown']).map((r) => r.id)).toEqual(['r_1', 'r_2']);
    expect(table.withMessageIds('p1', [])).toEqual([]);
  });

  it('the same record id twice is kept once (a replayed append)', async () => {
    const table = new SentMessagesTable(openDatabase(await tempDir('crm-record-')));
    await table.append(record(1));
    await table.append(record(1));
    expect((await table.read()).map((r) => r.id)).toEqual(['r_1']);
  });
});

describe('sentRecordOf', () => {
  const at = new Date(Date.UTC(2024, 4, 1, 12, 0));
  const scrubKey = (text: string): string => text.replaceAll('crm_sk_secret_value', '***');
  const message = {
    id: 'm_1',
    type: 'media' as const,
    number: '5511999990000',
    status: 'queued',
    createdAt: null,
    raw: {},
    understood: true,
  };

  it('keeps the type, the recipient in digits, the caption and the file name, scrubbed, never the file path', () => {
    const r = sentRecordOf(
      {
        profileId: 'p1',
        origin: 'outbox',
        message,
        op: {
          op: 'messages.media',
          idempotencyKey: 'k',
          input: {
            number: '+55 (11) 99999-0000',
            mediatype: 'document',
            source: { kind: 'file', path: '/home/ana/private/Q1 report.pdf' },
            caption: 'for crm_sk_secret_value',
          },
        },
      },
      scrubKey,
      at,
      'r_x',
    );
    expect(r).toEqual({
      id: 'r_x',
      profileId: 'p1',
      kind: 'document',
      number: '5511999990000',
      text: 'for ***',
      fileName: 'Q1 report.pdf',
      status: 'queued',
      at: at.toISOString(),
      messageId: 'm_1',
      origin: 'outbox',
      sender: 'outbox',
    });
  });

  it('scrubs a key before it cuts a long text, so a cut never leaves part of a key', () => {
    const long = `${'a'.repeat(995)}crm_sk_secret_value and more`;
    const r = sentRecordOf(
      {
        profileId: 'p1',
        origin: 'sent',
        message: { ...message, type: 'text' },
        op: { op: 'messages.text', idempotencyKey: 'k', input: { number: '5511999990000', text: long } },
      },
      scrubKey,
      at,
      'r_y',
    );
    expect(r.text).toBe(`${'a'.repeat(995)}*** …`);
    expect([...(r.text ?? '')]).toHaveLength(1000);
  });
});
