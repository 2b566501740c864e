// The request log table's bounds: at most N rows and D days (pruned every Nth insert, so a few
// more may wait for the next turn), and a budget of body characters past which the oldest rows
// keep their line but lose their bodies.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { KeptDetail } from '../../../../src-main/core/log/log-detail';
import type { RequestLogEntry } from '../../../../src-main/core/model';
import { DATABASE_FILE, openDatabase } from '../../../../src-main/core/store/database';
import { migrate } from '../../../../src-main/core/store/migrate';
import { MIGRATIONS } from '../../../../src-main/core/store/schema';
import { RequestLogTable, type RequestLogRow } from '../../../../src-main/core/store/tables/request-log-table';
import { openSqlite, type SqliteDatabase } from '../../../../src-main/core/store/sqlite';
import { tempDir } from '../../helpers/temp-dir';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-03-14T12:00:00Z');

function row(i: number, at = NOW, body = ''): RequestLogRow {
  const entry: RequestLogEntry = {
    id: `r${i}`,
    at: new Date(at).toISOString(),
    process: 'window',
    host: 'crm.example',
    method: 'GET',
    path: `/x?i=${i}`,
    status: 200,
    durationMs: 1,
    requestHeaders: {},
    errorCode: null,
    attempt: 1,
  };
  const detail: KeptDetail | null =
    body === ''
      ? null
      : {
          statusText: 'OK',
          responseHeaders: {},
          requestBody: null,
          responseBody: { kind: 'text', text: body, contentType: null, truncated: false },
          curl: null,
          released: false,
          sent: null,
        };
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
    expect(t.detail('r1')).toMatchObject({
      id: 'r1',
      statusText: null,
      responseHeaders: null,
      requestBody: null,
      responseBody: null,
      curl: null,
      sent: null,
      released: false,
    });
    db.close();
  });

  it('keeps which profile a request was for, and an entry without one stays without', async () => {
    const { db, table: t } = await table({});
    const mine = row(1);
    t.insert([{ ...mine, entry: { ...mine.entry, profileId: 'p_live' } }, row(2)]);
    expect(t.newest(2).map((e) => e.profileId)).toEqual(['p_live', undefined]);
    expect(t.detail('r1')?.profileId).toBe('p_live');
    expect(t.after(0, 10)[0]?.entry.profileId).toBe('p_live');
    db.close();
  });

  it('a file written before the log kept profiles opens with its rows, none given a profile', async () => {
    const dir = await tempDir('crm-log-table-old-');
    const old = openSqlite(join(dir, DATABASE_FILE));
    migrate(
      old,
      MIGRATIONS.filter((m) => m.version <= 3),
    );
    old
      .prepare(
        `INSERT INTO request_log (id, at, at_ms, process, writer, host, method, status, duration_ms, attempt, path, request_headers)
         VALUES ('old', '2026-03-14T11:00:00.000Z', ?, 'crm', 'w', 'crm.example', 'GET', 200, 3, 1, '/api/v1/contacts', '{}')`,
      )
      .run(NOW - 3_600_000);
    old.close();
    const db = openDatabase(dir);
    const t = new RequestLogTable(db, {}, () => NOW);
    expect(t.newest(5)).toEqual([expect.objectContaining({ id: 'old', path: '/api/v1/contacts' })]);
    expect(t.newest(5)[0]).not.toHaveProperty('profileId');
    db.close();
  });
});

/** the step that gave the response body a column of its own, whatever number it has */
const RESPONSE_BODY_STEP = MIGRATIONS.find((m) => m.name.includes('response body in a column of its own'));

/** the response_body column of a row, as stored */
function responseColumn(db: SqliteDatabase, id: string): unknown {
  return db.prepare<[string], string | null>('SELECT response_body FROM request_log WHERE id = ?').pluck().get(id);
}

describe("the request log table: the response body's own column", () => {
  it('keeps the response body as it is in its own column, not escaped in the JSON of the bodies, and reads it back whole', async () => {
    const { db, table: t } = await table({});
    const body = JSON.stringify({ data: [{ name: 'Ana "A"', note: 'back\\slash\nline', emoji: '\u{1F600}' }] });
    const detail: KeptDetail = {
      statusText: 'OK',
      responseHeaders: { 'content-type': 'application/json' },
      requestBody: { kind: 'text', text: '{"to":"1"}', contentType: 'application/json', truncated: false },
      responseBody: { kind: 'text', text: body, contentType: 'application/json', truncated: true },
      curl: "curl 'https://crm.example/x'",
      released: false,
      sent: null,
    };
    t.insert([{ ...row(1), detail, bodyChars: 100 }]);
    expect(responseColumn(db, 'r1')).toBe(body);
    const bodies = db.prepare<[], string>("SELECT bodies FROM request_log WHERE id = 'r1'").pluck().get() ?? '';
    expect(bodies).not.toContain('Ana');
    expect(t.detail('r1')).toMatchObject({ ...detail, id: 'r1' });
    db.close();
  });

  it('a file at the version before opens with its rows, whose bodies still show; new rows use the column', async () => {
    expect(RESPONSE_BODY_STEP).toBeDefined();
    const before = (RESPONSE_BODY_STEP?.version ?? 0) - 1;
    const dir = await tempDir('crm-log-table-old-');
    const old = openSqlite(join(dir, DATABASE_FILE));
    migrate(
      old,
      MIGRATIONS.filter((m) => m.version <= before),
    );
    const stored = {
      requestBody: null,
      responseBody: { kind: 'text', text: '{"data":[{"name":"Old"}]}', contentType: 'application/json', truncated: false },
      curl: 'curl old',
      sent: null,
    };
    old
      .prepare(
        `INSERT INTO request_log (id, at, at_ms, process, writer, body_chars, host, method, status, duration_ms, attempt, path,
           request_headers, status_text, response_headers, bodies)
         VALUES ('old', '2026-03-14T11:00:00.000Z', ?, 'crm', 'w', ?, 'crm.example', 'GET', 200, 3, 1, '/api/v1/contacts', '{}', 'OK',
           '{}', ?)`,
      )
      .run(NOW - 3_600_000, 33, JSON.stringify(stored));
    old.close();

    const db = openDatabase(dir);
    const t = new RequestLogTable(db, {}, () => NOW);
    expect(t.detail('old')).toMatchObject({ id: 'old', ...stored, released: false });
    t.insert([row(1, NOW, 'new body')]);
    expect(t.detail('r1')?.responseBody).toEqual({ kind: 'text', text: 'new body', contentType: null, truncated: false });
    expect(responseColumn(db, 'r1')).toBe('new body');
    expect(t.heldChars()).toBe(33 + 'new body'.length);
    db.close();
  });

  it('a released row loses the text of its column too, and a pruned one goes whole', async () => {
    const { db, table: t } = await table({ bodyChars: 10_000, maxEntries: 5, pruneEvery: 1_000 });
    for (let i = 0; i < 10; i += 1) t.insert([row(i, NOW, String(i).repeat(3000))]);
    t.prune();
    expect(t.count()).toBe(5);
    expect(db.prepare<[], number>('SELECT count(*) FROM request_log WHERE response_body IS NOT NULL').pluck().get()).toBe(3);
    expect(responseColumn(db, 'r6')).toBeNull();
    expect(t.detail('r6')).toMatchObject({ released: true, responseBody: null });
    expect(t.detail('r9')).toMatchObject({ released: false, responseBody: { text: '9'.repeat(3000) } });
    expect(t.heldChars()).toBe(9000);
    db.close();
  });
});

describe('the request log table beside another connection', () => {
  it('still writes after a release walk once another connection has committed: the walk leaves no read open', async () => {
    const dir = await tempDir('crm-log-table-');
    const db = openDatabase(dir);
    const other = openDatabase(dir);
    try {
      const t = new RequestLogTable(db, { bodyChars: 25_000, pruneEvery: 300 }, () => NOW);
      // the walk stops at the 50th of 300 rows holding a body: far from the end of its reading
      t.insert(Array.from({ length: 300 }, (_, i) => row(i, NOW, 'z'.repeat(100))));
      expect(t.detail('r0')).toMatchObject({ released: true });
      expect(t.detail('r60')).toMatchObject({ released: false });
      new RequestLogTable(other, {}, () => NOW).insert([row(1000)]);
      t.insert([row(1001)]);
      expect(t.newest(2).map((e) => e.id)).toEqual(['r1000', 'r1001']);
    } finally {
      other.close();
      db.close();
    }
  });
});
