// The request log: a 500-entry ring fed by the sender's observer, with live subscribers and a
// last check that no header value carrying a key is stored.
import { describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../../src-main/core/model';
import { REQUEST_LOG_SIZE, RequestLogBuffer } from '../../../src-main/core/request-log';

function entry(i: number, headers: Record<string, string> = {}): RequestLogEntry {
  return { id: `r${i}`, at: '2026-01-01T00:00:00.000Z', method: 'GET', path: `/api/v1/contacts?page=${i}`, status: 200, durationMs: 1, requestHeaders: headers, errorCode: null, attempt: 1 };
}

describe('RequestLogBuffer', () => {
  it('keeps the last 500 entries, oldest first', () => {
    const log = new RequestLogBuffer();
    for (let i = 0; i < REQUEST_LOG_SIZE + 10; i += 1) log.record(entry(i));
    const list = log.list();
    expect(list).toHaveLength(500);
    expect(list[0]?.id).toBe('r10');
    expect(list.at(-1)?.id).toBe('r509');
  });

  it('notifies subscribers until they unsubscribe; a throwing one does not stop the others', () => {
    const log = new RequestLogBuffer();
    const seen: string[] = [];
    log.subscribe(() => {
      throw new Error('boom');
    });
    const off = log.subscribe((e) => seen.push(e.id));
    log.record(entry(1));
    off();
    log.record(entry(2));
    expect(seen).toEqual(['r1']);
  });

  it('never stores a header value that carries a key', () => {
    const secret = 'crm_sk_live_abcdefghijklmnop';
    const log = new RequestLogBuffer((text) => text.includes(secret));
    log.record(entry(1, { Authorization: `Bearer ${secret}`, 'X-Debug': `echo ${secret}`, 'X-Forwarded': 'bearer abcdefghijkl', Accept: 'application/json' }));
    const stored = log.list()[0]?.requestHeaders;
    expect(stored).toEqual({ Authorization: 'Bearer ***', 'X-Debug': '***', 'X-Forwarded': '***', Accept: 'application/json' });
    expect(JSON.stringify(log.list())).not.toContain(secret);
  });
});
