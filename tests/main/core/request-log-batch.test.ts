// A request's row is written off its path: at most REQUEST_LOG_BATCH_MS after it finished (when
// the caller has put its next requests on the wire), together with every request finished by
// then, in one transaction; a read or close never waits for that moment.
import { describe, expect, it, vi, type MockInstance } from 'vitest';
import { REQUEST_LOG_BATCH_MS, REQUEST_LOG_BATCH_ROWS } from '../../../src-main/core/log/request-log';
import type { RequestLogTable } from '../../../src-main/core/store/tables/request-log-table';
import { openTestRequestLog, pageEntry as entry, type TestRequestLog } from '../helpers/request-log';

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
/** past the batch window, when the queued rows have been written */
const afterTheWindow = (): Promise<void> => sleep(REQUEST_LOG_BATCH_MS + 30);

/** once the window has passed: the table holds `rows` rows, all written by a single insert */
async function expectOneInsertAfterTheWindow(
  t: TestRequestLog,
  inserts: MockInstance<RequestLogTable['insert']>,
  rows: number,
): Promise<void> {
  await afterTheWindow();
  expect(t.table.count()).toBe(rows);
  expect(inserts.mock.calls.map(([inserted]) => inserted.length)).toEqual([rows]);
}

describe('request log writes off the request path', () => {
  it('builds and writes no row in the turn its request finished, but a moment later', async () => {
    const t = await openTestRequestLog();
    let observed = 0;
    t.log.record(entry(1), () => {
      observed += 1;
      return {
        statusText: 'OK',
        responseHeaders: {},
        requestBody: null,
        responseBody: { kind: 'text', text: '{"data":[]}', contentType: 'application/json', truncated: false },
        curl: null,
        sent: null,
      };
    });
    // the exchange is not even looked at in the request's own turn, where the caller goes on
    // to send its next request
    expect(observed).toBe(0);
    expect(t.table.count()).toBe(0);
    await afterTheWindow();
    expect(observed).toBe(1);
    expect(t.table.count()).toBe(1);
    expect(t.log.detail('r1')?.responseBody?.text).toBe('{"data":[]}');
    t.close();
  });

  it('writes the requests of a burst together, in one insert', async () => {
    const t = await openTestRequestLog();
    const inserts = vi.spyOn(t.table, 'insert');
    for (let i = 1; i <= 6; i += 1) t.log.record(entry(i));
    await expectOneInsertAfterTheWindow(t, inserts, 6);
    t.close();
  });

  it('writes a full batch in the next turn instead of holding a stream of fast calls for the whole window', async () => {
    const t = await openTestRequestLog();
    const inserts = vi.spyOn(t.table, 'insert');
    for (let i = 1; i <= REQUEST_LOG_BATCH_ROWS + 3; i += 1) t.log.record(entry(i));
    // still not in the calls' own turn
    expect(t.table.count()).toBe(0);
    // a few milliseconds, far inside the window
    await sleep(5);
    expect(inserts.mock.calls.map(([rows]) => rows.length)).toEqual([REQUEST_LOG_BATCH_ROWS + 3]);
    expect(t.table.count()).toBe(REQUEST_LOG_BATCH_ROWS + 3);
    t.close();
  });

  it('writes the requests of a run of calls, one after another, together: one insert per window, not per call', async () => {
    const t = await openTestRequestLog();
    const inserts = vi.spyOn(t.table, 'insert');
    // a caller paging one request after another finishes one every few milliseconds
    for (let i = 1; i <= 4; i += 1) {
      t.log.record(entry(i));
      await sleep(5);
    }
    await expectOneInsertAfterTheWindow(t, inserts, 4);
    t.close();
  });

  it('an exchange that cannot be observed costs its own entry its detail, not the batch its rows', async () => {
    const t = await openTestRequestLog();
    t.log.record(entry(1));
    t.log.record(entry(2), () => {
      throw new Error('unexpected shape');
    });
    t.log.record(entry(3));
    expect(t.log.list().map((e) => e.id)).toEqual(['r1', 'r2', 'r3']);
    expect(t.log.detail('r2')?.responseBody ?? null).toBeNull();
    t.close();
  });

  it('a list or a close writes what is queued without waiting for the moment', async () => {
    const t = await openTestRequestLog();
    t.log.record(entry(1));
    await tick();
    t.log.record(entry(2));
    expect(t.log.list().map((e) => e.id)).toEqual(['r1', 'r2']);
    t.log.record(entry(3));
    t.close();
    const again = await openTestRequestLog({ dir: t.dir });
    expect(again.log.list().map((e) => e.id)).toEqual(['r1', 'r2', 'r3']);
    again.close();
  });
});
