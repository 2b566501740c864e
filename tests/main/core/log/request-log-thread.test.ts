// The request log's rows written on a thread of their own (core/log/thread/): this process lists
// every request it finished, another connection reads them, none is lost or stored twice when the
// thread cannot start or dies, a read never waits past its limit for another process's lock, and
// clear() and close() leave nothing behind them. A real crm.db and a real worker thread.
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ObservedExchange } from '../../../../src-main/core/http/observed-exchange';
import { RequestLogService } from '../../../../src-main/core/log/request-log';
import { writeInThisThread } from '../../../../src-main/core/log/row-writer';
import { ThreadRowWriter, type StartLogThread } from '../../../../src-main/core/log/thread/thread-row-writer';
import { openDatabase, type SqliteDatabase } from '../../../../src-main/core/store/database';
import { RequestLogTable } from '../../../../src-main/core/store/tables/request-log-table';
import { startedLogThreads, startLogThreadFromSource } from '../../helpers/log-thread';
import { observedContactsPage } from '../../helpers/request-log';
import { tempDir } from '../../helpers/temp-dir';

const PAGE_BODY = JSON.stringify({ data: Array.from({ length: 100 }, (_, i) => ({ id: `c_${i}`, name: `Contact ${i}` })) });

function exchange(i: number): ObservedExchange {
  return {
    statusText: 'OK',
    responseHeaders: { 'content-type': 'application/json' },
    requestBody: null,
    responseBody: { kind: 'text', text: `${PAGE_BODY} ${i}`, contentType: 'application/json', truncated: false },
    curl: `curl 'https://crm.example/api/v1/contacts?page=${i}' -H 'Authorization: Bearer $CRM_API_KEY'`,
    sent: null,
  };
}

interface ThreadLog {
  log: RequestLogService;
  table: RequestLogTable;
  db: SqliteDatabase;
  dir: string;
  /** batches written by this thread itself, the writer's fallback */
  writtenHere: () => number;
  problems: string[];
  /** n requests finished, each handed to the writer at once (as a full batch is) */
  record(from: number, count: number): void;
  close(): void;
}

async function openThreadLog(options: { start?: StartLogThread; settleMs?: number; dir?: string } = {}): Promise<ThreadLog> {
  const dir = options.dir ?? (await tempDir('crm-log-thread-'));
  const db = openDatabase(dir);
  const table = new RequestLogTable(db);
  const problems: string[] = [];
  let here = 0;
  const direct = writeInThisThread(table);
  const rows = new ThreadRowWriter({
    start: options.start ?? startLogThreadFromSource,
    dataDir: dir,
    here: { ...direct, write: (batch) => ((here += 1), direct.write(batch)) },
    report: (message) => problems.push(message),
    ...(options.settleMs === undefined ? {} : { settleMs: options.settleMs }),
  });
  const log = new RequestLogService({ table, rows, process: 'window' });
  return {
    log,
    table,
    db,
    dir,
    writtenHere: () => here,
    problems,
    record(from, count) {
      for (let i = from; i < from + count; i += 1) log.record(observedContactsPage(i, 'crm.example'), () => exchange(i));
      log.flush();
    },
    close() {
      log.close();
      db.close();
    },
  };
}

/** the ids the file holds, read on a connection of their own (another process's view) */
function storedIds(dir: string): string[] {
  const other = openDatabase(dir);
  try {
    return other.prepare<[], string>('SELECT id FROM request_log ORDER BY seq').pluck().all();
  } finally {
    other.close();
  }
}

afterEach(async () => {
  await Promise.all(startedLogThreads.splice(0).map((worker) => worker.terminate()));
});

describe('the request log written on a thread of its own', () => {
  it('lists every request this process finished, with its body, and another connection reads them', async () => {
    const t = await openThreadLog();
    t.record(0, 150);
    t.record(150, 150);
    const list = t.log.list();
    expect(list).toHaveLength(300);
    expect(list.at(-1)?.id).toBe('r299');
    expect(t.log.detail('r7')?.responseBody?.text).toBe(`${PAGE_BODY} 7`);
    // the thread wrote them: this thread wrote none itself, and a thread was started once
    expect(t.writtenHere()).toBe(0);
    expect(startedLogThreads).toHaveLength(1);
    expect(storedIds(t.dir)).toHaveLength(300);
    expect(t.problems).toEqual([]);
    t.close();
  });

  it('writes here when the thread cannot start: nothing lost, said once', async () => {
    const t = await openThreadLog({
      start: () => {
        throw new Error('no such file');
      },
    });
    t.record(0, 10);
    t.record(10, 10);
    expect(t.log.list().map((e) => e.id)).toEqual(Array.from({ length: 20 }, (_, i) => `r${i}`));
    expect(t.writtenHere()).toBe(2);
    expect(t.problems).toEqual([expect.stringContaining("the request log's thread failed")]);
    t.close();
  });

  it('a thread that fails on its own (its folder holds no crm.db) creates nothing there, and its rows are written here', async () => {
    const elsewhere = await tempDir('crm-log-thread-empty-');
    const t = await openThreadLog({ start: (data) => startLogThreadFromSource({ ...data, dataDir: elsewhere }) });
    t.record(0, 10);
    await expect.poll(() => t.problems.some((p) => p.includes("the request log's thread failed")), { timeout: 10_000 }).toBe(true);
    t.record(10, 10);
    expect(t.log.list()).toHaveLength(20);
    expect(storedIds(t.dir)).toHaveLength(20);
    expect(existsSync(join(elsewhere, 'crm.db'))).toBe(false);
    t.close();
  });

  it('when the thread dies, what it had not confirmed is written here and no row is stored twice', async () => {
    const t = await openThreadLog();
    t.record(0, 50);
    expect(t.log.list()).toHaveLength(50);
    t.record(50, 50);
    const [thread] = startedLogThreads;
    // ended at once: the second batch may or may not be committed; either way it is stored once
    await thread!.terminate();
    await new Promise((resolve) => setImmediate(resolve));
    t.record(100, 50);
    const ids = storedIds(t.dir);
    expect(ids).toHaveLength(150);
    expect(new Set(ids).size).toBe(150);
    expect(t.log.list()).toHaveLength(150);
    expect(t.writtenHere()).toBeGreaterThanOrEqual(1);
    expect(t.problems.some((p) => p.includes("the request log's thread failed"))).toBe(true);
    t.close();
  });

  it("waits out another process's lock, but a read does not wait past its limit", async () => {
    const t = await openThreadLog({ settleMs: 100 });
    const other = openDatabase(t.dir);
    other.exec('BEGIN IMMEDIATE');
    t.record(0, 20);
    // the thread waits for the lock; the read gives up after 100 ms and lists what is committed
    expect(t.log.list()).toHaveLength(0);
    other.exec('COMMIT');
    other.close();
    await expect.poll(() => storedIds(t.dir).length, { timeout: 5000 }).toBe(20);
    expect(t.log.list()).toHaveLength(20);
    t.close();
  });

  it('clear() empties the log of rows already handed to the thread too', async () => {
    const t = await openThreadLog();
    t.record(0, 100);
    t.log.clear();
    expect(t.log.list()).toEqual([]);
    t.record(100, 1);
    expect(t.log.list().map((e) => e.id)).toEqual(['r100']);
    expect(storedIds(t.dir)).toEqual(['r100']);
    t.close();
  });

  it('close() commits what is queued and lets the file go: a log opened again lists every row', async () => {
    const t = await openThreadLog();
    t.record(0, 40);
    for (let i = 40; i < 45; i += 1) t.log.record(observedContactsPage(i, 'crm.example'), () => exchange(i));
    t.close();
    const [thread] = startedLogThreads;
    if (thread !== undefined && thread.threadId !== -1) await once(thread, 'exit');
    expect(storedIds(t.dir)).toHaveLength(45);
  });
});
