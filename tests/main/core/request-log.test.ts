// The request log service over crm.db: entries of every process, newest listed, kept across a
// restart, announced to subscribers at once, and a last check that no header value carrying a
// key is stored.
import { describe, expect, it } from 'vitest';
import type { ObservedEntry } from '../../../src-main/core/http/sender';
import { REQUEST_LOG_BATCH_MS, REQUEST_LOG_SIZE } from '../../../src-main/core/log/request-log';
import { observedContactsPage, openTestRequestLog } from '../helpers/request-log';

const entry = (i: number, headers: Record<string, string> = {}): ObservedEntry => observedContactsPage(i, 'crm.example:8443', headers);

describe('RequestLogService', () => {
  it('lists the newest 500 entries, oldest first, each stamped with its process and host', async () => {
    const t = await openTestRequestLog({ process: 'crm' });
    for (let i = 0; i < REQUEST_LOG_SIZE + 10; i += 1) t.log.record(entry(i));
    const list = t.log.list();
    expect(list).toHaveLength(500);
    expect(list[0]?.id).toBe('r10');
    expect(list.at(-1)?.id).toBe('r509');
    expect(list[0]).toMatchObject({ process: 'crm', host: 'crm.example:8443' });
    // the table keeps more than the window lists
    expect(t.table.count()).toBe(510);
    t.close();
  });

  it('lasts: a log opened again on the same folder lists what the last one wrote', async () => {
    const first = await openTestRequestLog();
    first.log.record(entry(1));
    first.log.record(entry(2));
    // closing flushes what is still queued
    first.close();
    const again = await openTestRequestLog({ dir: first.dir });
    expect(again.log.list().map((e) => e.id)).toEqual(['r1', 'r2']);
    again.close();
  });

  it('writes off the send path: queued at once, in the database a moment later, in one batch', async () => {
    const t = await openTestRequestLog();
    for (let i = 0; i < 20; i += 1) t.log.record(entry(i));
    expect(t.table.count()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, REQUEST_LOG_BATCH_MS + 30));
    expect(t.table.count()).toBe(20);
    t.close();
  });

  it('notifies subscribers at once until they unsubscribe; a throwing one does not stop the others', async () => {
    const t = await openTestRequestLog();
    const seen: string[] = [];
    t.log.onDidAppend(() => {
      throw new Error('boom');
    });
    const subscription = t.log.onDidAppend(({ entry: e, own }) => seen.push(`${e.id} ${own}`));
    t.log.record(entry(1));
    subscription.dispose();
    t.log.record(entry(2));
    expect(seen).toEqual(['r1 true']);
    t.close();
  });

  it('never stores a header value that carries a key, nor a key in the path or host', async () => {
    const secret = 'crm_sk_live_abcdefghijklmnop';
    const t = await openTestRequestLog({
      containsSecret: (text) => text.includes(secret),
      scrub: (text) => text.split(secret).join('***'),
    });
    t.log.record({
      ...entry(1, {
        Authorization: `Bearer ${secret}`,
        'X-Debug': `echo ${secret}`,
        'X-Forwarded': 'bearer abcdefghijkl',
        Accept: 'application/json',
      }),
      path: `/api/v1/contacts?token=${secret}`,
      host: `${secret}.crm.example`,
    });
    const stored = t.log.list()[0];
    expect(stored?.requestHeaders).toEqual({
      Authorization: 'Bearer ***',
      'X-Debug': '***',
      'X-Forwarded': '***',
      Accept: 'application/json',
    });
    expect(stored).toMatchObject({ path: '/api/v1/contacts?token=***', host: '***.crm.example' });
    expect(JSON.stringify(t.log.list())).not.toContain(secret);
    t.close();
  });
});
