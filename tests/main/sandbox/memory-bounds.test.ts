// The sandbox runs inside the app, so it must not balloon it (issue 10 item 11): traffic without
// a key is not kept, the journal is bounded by bytes, and request bodies held in memory at once
// are bounded together (503 + Retry-After past the budget).
import { request } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { JOURNAL_BYTES, RequestJournal, recordBytes } from '../../../src-main/sandbox/journal';
import type { SandboxRequestRecord } from '../../../src-main/sandbox/index';
import { closeSandboxes, openSandbox } from '../helpers';
import { call } from './helpers';

afterEach(closeSandboxes);

const BIG = 'x'.repeat(64 * 1024);

function record(i: number, rawBody: string): SandboxRequestRecord {
  return { method: 'POST', path: `/${i}`, query: {}, headers: {}, rawBody, json: undefined, status: 200, at: i };
}

/** sends `headers` and the first `sent` bytes of a `total`-byte body, then waits; finish() sends the rest */
function partialUpload(baseUrl: string, key: string, total: number, sent: number) {
  const req = request(`${baseUrl}/api/v1/messages/text`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${key}`,
      'Content-Type': 'application/json',
      'Content-Length': String(total),
      'Idempotency-Key': `slow-${total}`,
    },
  });
  const answer = new Promise<{ status: number; retryAfter: string | undefined; text: string }>((resolve, reject) => {
    req.on('response', (res: IncomingMessage) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined, text }));
    });
    req.on('error', reject);
  });
  const body = Buffer.alloc(total, 0x20);
  req.write(body.subarray(0, sent));
  return {
    answer: () => answer,
    finish: () => req.end(body.subarray(sent)),
  };
}

describe('sandbox memory bounds', () => {
  it('keeps no request without a valid key in its journal, and drops their bodies', async () => {
    const sb = await openSandbox({ contacts: 10 });
    expect(
      (await call(sb, 'POST', '/api/v1/messages/text', { rawBody: BIG, headers: { 'Content-Type': 'application/json' } })).status,
    ).toBe(401);
    expect((await call(sb, 'POST', '/api/v1/messages/text', { key: 'crm_sk_notarealkey00000', rawBody: BIG })).status).toBe(401);
    expect((await call(sb, 'GET', '/nowhere', { rawBody: undefined })).status).toBe(404);
    expect((await call(sb, 'GET', '/playground.json')).status).toBe(200);
    expect(sb.requests()).toEqual([]);
    // with a valid key it is kept (also on an unknown route), and so is a request a test's fault met
    expect((await call(sb, 'GET', '/nowhere', { key: sb.adminKey })).status).toBe(404);
    sb.injectFaults([{ kind: 'status', status: 502 }]);
    expect((await call(sb, 'GET', '/api/v1/contacts')).status).toBe(502);
    expect(sb.requests().map((r) => `${r.path} ${r.status}`)).toEqual(['/nowhere 404', '/api/v1/contacts 502']);
  });

  it('bounds the journal by bytes as well as by count, newest kept', () => {
    const journal = new RequestJournal(10_000, 1024 * 1024);
    for (let i = 0; i < 100; i += 1) journal.add(record(i, BIG));
    const { records, bytes } = journal.size;
    expect(bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(records).toBeLessThan(100);
    expect(records).toBeGreaterThan(0);
    expect(journal.list().at(-1)!.path).toBe('/99');
    expect(recordBytes(record(0, BIG))).toBeGreaterThan(BIG.length);
  });

  it('a flood of large authenticated requests stays within the journal budget', async () => {
    const sb = await openSandbox({ contacts: 10, rate: 1e9, burst: 1e9 });
    const n = 600;
    for (let i = 0; i < n; i += 1) {
      const res = await call(sb, 'POST', '/api/v1/api-keys', {
        key: sb.adminKey,
        rawBody: BIG,
        headers: { 'Content-Type': 'application/json', 'X-Pad': 'p'.repeat(15 * 1024) },
      });
      expect(res.status).toBe(400);
    }
    const kept = sb.requests();
    expect(kept.length).toBeLessThan(n);
    expect(kept.reduce((sum, r) => sum + recordBytes(r), 0)).toBeLessThanOrEqual(JOURNAL_BYTES);
    expect(kept.at(-1)!.rawBody).toBe(BIG);
  });

  it('answers 503 with Retry-After past the upload budget, before reading the body; later it gets through', async () => {
    const sb = await openSandbox({ contacts: 10, uploadBudgetBytes: 1024 * 1024 });
    const first = partialUpload(sb.baseUrl, sb.adminKey, 900 * 1024, 1024);
    // the first upload is in flight and holds 900 KiB of the 1 MiB budget
    await new Promise((r) => setTimeout(r, 100));
    const refused = await call(sb, 'POST', '/api/v1/messages/text', {
      key: sb.adminKey,
      rawBody: 'y'.repeat(200 * 1024),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.text).toMatch(/too many large requests/);
    first.finish();
    const done = await first.answer();
    expect(done.status).toBe(400); // 900 KiB of spaces is not a JSON object: read, parsed, answered
    const after = await call(sb, 'POST', '/api/v1/messages/text', { key: sb.adminKey, body: { number: '5511912345678', text: 'after' } });
    expect(after.status).toBe(201);
  });
});
