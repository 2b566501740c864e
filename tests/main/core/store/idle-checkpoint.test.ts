// The request log's rows stay in the WAL while requests go on, and are copied into crm.db once
// the process has gone quiet (store/idle-checkpoint.ts); nothing is lost either way, and another
// connection reads every row at once.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../../../../src-main/core/store/sqlite';
import { IdleCheckpoint } from '../../../../src-main/core/store/idle-checkpoint';
import { openTestRequestLog, pageEntry as entry, type TestRequestLog } from '../../helpers/request-log';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const IDLE_MS = 50;

/** a contacts page's worth of answer, so each row takes several pages of the file */
const observePage = () => ({
  statusText: 'OK',
  responseHeaders: {},
  requestBody: null,
  responseBody: {
    kind: 'text' as const,
    text: JSON.stringify({ data: 'x'.repeat(20_000) }),
    contentType: 'application/json',
    truncated: false,
  },
  curl: null,
  sent: null,
});

const fileBytes = (t: TestRequestLog): number => statSync(join(t.dir, 'crm.db')).size;

let open: TestRequestLog | null = null;
afterEach(() => {
  open?.close();
  open = null;
});

async function logWith(checkpointAfterWrites: boolean): Promise<TestRequestLog> {
  let idle: IdleCheckpoint | null = null;
  const t = await openTestRequestLog({ onWritten: () => idle?.noteWrite() });
  idle = new IdleCheckpoint(t.db, IDLE_MS);
  if (!checkpointAfterWrites) idle = null;
  open = t;
  return t;
}

describe('the checkpoint waits for a quiet moment', () => {
  it('copies the rows into crm.db once the process is quiet, not while it writes', async () => {
    const t = await logWith(true);
    const before = fileBytes(t);
    for (let i = 0; i < 30; i += 1) t.log.record(entry(i), observePage);
    expect(t.log.list()).toHaveLength(30); // written now, in the WAL
    expect(fileBytes(t)).toBe(before);
    // another connection reads them from the WAL before any checkpoint
    const reader = openSqlite(join(t.dir, 'crm.db'), { readonly: true });
    expect(reader.prepare<[], number>('SELECT count(*) FROM request_log').pluck().get()).toBe(30);
    reader.close();
    // a loaded machine may run the timer late: wait for it, up to a bound far past the quiet moment
    for (let waited = 0; fileBytes(t) === before && waited < 10_000; waited += IDLE_MS) await sleep(IDLE_MS);
    expect(fileBytes(t)).toBeGreaterThan(before + 30 * 20_000);
  });

  it('without a quiet checkpoint the rows stay in the WAL (the threshold is far off)', async () => {
    const t = await logWith(false);
    const before = fileBytes(t);
    for (let i = 0; i < 30; i += 1) t.log.record(entry(i), observePage);
    t.log.list();
    await sleep(IDLE_MS * 6);
    expect(fileBytes(t)).toBe(before);
  });
});
