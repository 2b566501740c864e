// Requests that follow each other closely share one write to crm.db: the first after a quiet
// spell is written at once, those close behind it together a moment later; a read or close
// never waits for that moment.
import { describe, expect, it } from 'vitest';
import type { ObservedEntry } from '../../../src-main/core/http/sender';
import { openTestRequestLog } from '../helpers/request-log';

function entry(i: number): ObservedEntry {
  return { id: `r${i}`, at: new Date().toISOString(), host: 'crm.example', method: 'GET', path: `/api/v1/contacts?page=${i}`, status: 200, durationMs: 1, requestHeaders: {}, errorCode: null, attempt: 1 };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('request log writes in batches', () => {
  it('writes the first request at once and the ones close behind it together, later', async () => {
    const t = await openTestRequestLog();
    t.log.record(entry(1));
    await tick();
    expect(t.table.count()).toBe(1);
    for (let i = 2; i <= 6; i += 1) {
      t.log.record(entry(i));
      await tick();
    }
    // still within the batch window: queued, announced, not yet written
    expect(t.table.count()).toBe(1);
    await sleep(60);
    expect(t.table.count()).toBe(6);
    t.close();
  });

  it('a list or a close writes what is queued without waiting for the batch', async () => {
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
