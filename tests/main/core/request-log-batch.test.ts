// A request's row is written off its path: a moment after it finished (when the caller has put
// its next request on the wire), together with every request finished by then, in one
// transaction; a read or close never waits for that moment.
import { describe, expect, it, vi } from 'vitest';
import type { ObservedEntry } from '../../../src-main/core/http/sender';
import { observedContactsPage, openTestRequestLog } from '../helpers/request-log';

const entry = (i: number): ObservedEntry => observedContactsPage(i, 'crm.example');

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

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
    await sleep(30);
    expect(observed).toBe(1);
    expect(t.table.count()).toBe(1);
    expect(t.log.detail('r1')?.responseBody?.text).toBe('{"data":[]}');
    t.close();
  });

  it('writes the requests of a burst together, in one insert', async () => {
    const t = await openTestRequestLog();
    const inserts = vi.spyOn(t.table, 'insert');
    for (let i = 1; i <= 6; i += 1) t.log.record(entry(i));
    await sleep(30);
    expect(t.table.count()).toBe(6);
    expect(inserts.mock.calls.map(([rows]) => rows.length)).toEqual([6]);
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
