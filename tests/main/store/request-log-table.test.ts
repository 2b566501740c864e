// The request log table's bounds: at most N rows and D days (pruned every Nth insert, so a few
// more may wait for the next turn), and a budget of body characters past which the oldest rows
// keep their line but lose their bodies.
import { describe, expect, it } from 'vitest';
import type { KeptDetail } from '../../../src-main/core/log-detail';
import type { RequestLogEntry } from '../../../src-main/core/model';
import { openDatabase } from '../../../src-main/core/store/database';
import { RequestLogTable, type RequestLogRow } from '../../../src-main/core/store/request-log-table';
import { tempDir } from '../helpers/temp-dir';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-03-14T12:00:00Z');

function row(i: number, at = NOW, body = ''): RequestLogRow {
  const entry: RequestLogEntry = { id: `r${i}`, at: new Date(at).toISOString(), process: 'window', host: 'crm.example', method: 'GET', path: `/x?i=${i}`, status: 200, durationMs: 1, requestHeaders: {}, errorCode: null, attempt: 1 };
  const detail: KeptDetail | null =
    body === '' ? null : { statusText: 'OK', responseHeaders: {}, requestBody: null, responseBody: { kind: 'text', text: body, contentType: null, truncated: false }, curl: null, released: false, sent: null };
  return { entry, detail, writer: 'w', bodyChars: body.length };
}

async function table(bounds: ConstructorParameters<typeof RequestLogTable>[1]) {
  const db = openDatabase(await tempDir('crm-log-table-'));
  return { db, table: new RequestLogTable(db, bounds, () => NOW) };
}

describe('the request log table', () => {
  it('keeps at most maxEntries rows, the newest, pruning every pruneEvery inserts', async () => {
    const { db, table: t } = await table({ maxEntries: 100, pruneEvery: 10 });
    for (let i = 0; i < 1000; i += 1) t.insert([row(i)]);
    expect(t.count()).toBeLessThanOrEqual(100 + 10);
    t.prune();
    expect(t.count()).toBe(100);
    expect(t.newest(1)[0]?.id).toBe('r999');
    expect(t.newest(100)[0]?.id).toBe('r900');
    db.close();
  });

  it('removes rows older than maxDays, by when the request started', async () => {
    const { db, table: t } = await table({ maxDays: 7 });
    t.insert([row(1, NOW - 8 * DAY), row(2, NOW - 7 * DAY - 1000), row(3, NOW - 6 * DAY), row(4, NOW)]);
    t.prune();
    expect(t.newest(10).map((e) => e.id)).toEqual(['r3', 'r4']);
    db.close();
  });

  it('releases the oldest bodies past the body budget; the rows stay', async () => {
    const { db, table: t } = await table({ bodyChars: 10_000, pruneEvery: 1 });
    for (let i = 0; i < 10; i += 1) t.insert([row(i, NOW, 'z'.repeat(3000))]);
    expect(t.heldChars()).toBeLessThanOrEqual(10_000);
    expect(t.count()).toBe(10);
    expect(t.detail('r0')).toMatchObject({ released: true, responseBody: null, statusText: 'OK' });
    expect(t.detail('r9')).toMatchObject({ released: false, responseBody: { text: 'z'.repeat(3000) } });
    db.close();
  });

  it('answers null for an id it does not hold, and an entry recorded without detail with an empty one', async () => {
    const { db, table: t } = await table({});
    t.insert([row(1)]);
    expect(t.detail('nope')).toBeNull();
    expect(t.detail('r1')).toMatchObject({ id: 'r1', statusText: null, responseHeaders: null, requestBody: null, responseBody: null, curl: null, sent: null, released: false });
    db.close();
  });
});
