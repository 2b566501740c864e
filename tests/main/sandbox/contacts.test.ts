import { describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { seedContacts } from '../../../src-main/sandbox/seed';
import type { SeedContact } from '../../../src-main/sandbox/seed';
import { call, detailFields, errorOf, ranked, start } from './helpers';
import { sandboxAround } from './sandbox-around';

interface Page {
  data: SeedContact[];
  meta: { page: number; per_page: number; total: number; total_pages: number };
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('GET /api/v1/contacts (1000 contacts)', () => {
  let sb: RunningSandbox;
  sandboxAround({ contacts: 1000 }, (started) => (sb = started));

  it('answers 401 without a key, with a malformed header and with an unknown key', async () => {
    const none = await call(sb, 'GET', '/api/v1/contacts');
    expect(none.status).toBe(401);
    expect(errorOf(none).code).toBe('unauthorized');
    expect(errorOf(none).details).toBeUndefined();
    expect(none.headers.get('x-ratelimit-limit')).toBeNull();
    const basic = await call(sb, 'GET', '/api/v1/contacts', { headers: { Authorization: `Basic ${sb.adminKey}` } });
    expect(basic.status).toBe(401);
    const short = await call(sb, 'GET', '/api/v1/contacts', { key: 'short' });
    expect(short.status).toBe(401);
    const unknown = await call(sb, 'GET', '/api/v1/contacts', { key: 'crm_sk_0000000000000000000000000000000' });
    expect(unknown.status).toBe(401);
    expect(errorOf(unknown).code).toBe('unauthorized');
  });

  it('answers 403 to a key without contacts:read', async () => {
    const { key } = sb.createKey('sender', ['messages:send']);
    const res = await call(sb, 'GET', '/api/v1/contacts', { key });
    expect(res.status).toBe(403);
    expect(errorOf(res).code).toBe('forbidden');
    expect(res.headers.get('x-ratelimit-limit')).toBe('1000');
  });

  it('pages with defaults page=1, per_page=50 and the meta block', async () => {
    const res = await call(sb, 'GET', '/api/v1/contacts', { key: sb.adminKey });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const page = res.body as Page;
    expect(page.meta).toEqual({ page: 1, per_page: 50, total: 1000, total_pages: 20 });
    expect(page.data).toHaveLength(50);
    expect(page.data[0]!.id).toBe('c_000001');
    for (const c of page.data) {
      expect(Object.keys(c).sort()).toEqual(['created_at', 'email', 'id', 'name', 'number', 'tags', 'updated_at']);
      expect(c.id).toMatch(/^c_\d{6}$/);
      expect(c.name).toMatch(/^\S.* \S+/);
      expect(c.number).toMatch(/^[0-9]{8,15}$/);
      if (c.email !== null) expect(c.email).toMatch(/^[a-z0-9.]+@example\.(com|net|org)$/);
      expect(Array.isArray(c.tags)).toBe(true);
      expect(c.created_at).toMatch(ISO);
      expect(c.updated_at).toMatch(ISO);
      expect(c.updated_at >= c.created_at).toBe(true);
    }
  });

  it('returns every contact exactly once across pages, and an empty page past the end', async () => {
    const ids = new Set<string>();
    for (const pageNo of [1, 2]) {
      const page = (await call(sb, 'GET', `/api/v1/contacts?per_page=500&page=${pageNo}`, { key: sb.adminKey })).body as Page;
      expect(page.meta).toEqual({ page: pageNo, per_page: 500, total: 1000, total_pages: 2 });
      for (const c of page.data) ids.add(c.id);
    }
    expect(ids.size).toBe(1000);
    const past = (await call(sb, 'GET', '/api/v1/contacts?per_page=500&page=3', { key: sb.adminKey })).body as Page;
    expect(past.data).toEqual([]);
    expect(past.meta).toEqual({ page: 3, per_page: 500, total: 1000, total_pages: 2 });
  });

  it.each([
    ['page=0', ['page']],
    ['page=-1', ['page']],
    ['page=1.5', ['page']],
    ['page=abc', ['page']],
    ['page=', ['page']],
    ['per_page=0', ['per_page']],
    ['per_page=501', ['per_page']],
    ['per_page=1e2', ['per_page']],
    ['page=0&per_page=9999', ['page', 'per_page']],
    [`search=${'x'.repeat(201)}`, ['search']],
  ])('answers 400 for %s naming %j', async (query, fields) => {
    const res = await call(sb, 'GET', `/api/v1/contacts?${query}`, { key: sb.adminKey });
    expect(res.status).toBe(400);
    expect(errorOf(res).code).toBe('bad_request');
    expect(detailFields(res)).toEqual(fields);
  });

  it('accepts the extremes per_page=1 and per_page=500', async () => {
    const one = (await call(sb, 'GET', '/api/v1/contacts?per_page=1', { key: sb.adminKey })).body as Page;
    expect(one.meta.total_pages).toBe(1000);
    expect(one.data).toHaveLength(1);
    const max = (await call(sb, 'GET', '/api/v1/contacts?per_page=500', { key: sb.adminKey })).body as Page;
    expect(max.data).toHaveLength(500);
  });

  it('searches name, number and email case-insensitively', async () => {
    const all = seedContacts(1000, 42);
    const sample = all[123]!;
    const lastName = sample.name.split(' ').at(-1)!;
    const byName = (
      await call(sb, 'GET', `/api/v1/contacts?per_page=500&search=${encodeURIComponent(lastName.toUpperCase())}`, { key: sb.adminKey })
    ).body as Page;
    const expected = ranked(all, lastName);
    expect(byName.meta.total).toBe(expected.length);
    expect(byName.data.map((c) => c.id)).toEqual(expected.slice(0, 500).map((c) => c.id));
    expect(byName.data.map((c) => c.id)).toContain(sample.id);

    const byNumber = (await call(sb, 'GET', `/api/v1/contacts?search=${sample.number.slice(2, 11)}`, { key: sb.adminKey })).body as Page;
    expect(byNumber.data.map((c) => c.id)).toContain(sample.id);
    for (const c of byNumber.data) expect(c.number).toContain(sample.number.slice(2, 11));

    // written the way people write numbers: separators and a leading + are not part of the search
    const n = sample.number;
    const written = `+${n.slice(0, 2)} (${n.slice(2, 4)}) ${n.slice(4, 8)}-${n.slice(8)}`;
    const byWritten = (await call(sb, 'GET', `/api/v1/contacts?per_page=500&search=${encodeURIComponent(written)}`, { key: sb.adminKey }))
      .body as Page;
    expect(byWritten.data.map((c) => c.id)).toContain(sample.id);

    const withEmail = all.find((c) => c.email !== null)!;
    const byEmail = (
      await call(sb, 'GET', `/api/v1/contacts?search=${encodeURIComponent(withEmail.email!.toUpperCase())}`, { key: sb.adminKey })
    ).body as Page;
    expect(byEmail.data.map((c) => c.id)).toContain(withEmail.id);

    const padded = (await call(sb, 'GET', `/api/v1/contacts?search=%20%20${encodeURIComponent(lastName)}%20`, { key: sb.adminKey }))
      .body as Page;
    expect(padded.meta.total).toBe(expected.length);

    // a control character can only match across fields or contacts: no hits, no error
    for (const q of ['%00', `${encodeURIComponent(lastName)}%00`, '%01']) {
      const res = await call(sb, 'GET', `/api/v1/contacts?search=${q}`, { key: sb.adminKey });
      expect(res.status).toBe(200);
      expect((res.body as Page).meta.total).toBe(0);
    }

    const none = (await call(sb, 'GET', '/api/v1/contacts?search=zzzzqqqq', { key: sb.adminKey })).body as Page;
    expect(none).toEqual({ data: [], meta: { page: 1, per_page: 50, total: 0, total_pages: 0 } });
  });

  it('is deterministic for a seed and differs for another seed', async () => {
    const again = await start({ contacts: 1000 });
    const other = await start({ contacts: 1000, seed: 7 });
    try {
      const a = await call(sb, 'GET', '/api/v1/contacts?page=3', { key: sb.adminKey });
      const b = await call(again, 'GET', '/api/v1/contacts?page=3', { key: again.adminKey });
      const c = await call(other, 'GET', '/api/v1/contacts?page=3', { key: other.adminKey });
      expect(b.text).toBe(a.text);
      expect(c.text).not.toBe(a.text);
    } finally {
      await Promise.all([again.close(), other.close()]);
    }
  });
});

describe('GET /api/v1/contacts (100,000 contacts)', () => {
  let sb: RunningSandbox;
  sandboxAround({ contacts: 100_000 }, (started) => (sb = started));

  it('reports total and total_pages and serves the last page', async () => {
    const first = (await call(sb, 'GET', '/api/v1/contacts', { key: sb.adminKey })).body as Page;
    expect(first.meta).toEqual({ page: 1, per_page: 50, total: 100_000, total_pages: 2000 });
    const last = (await call(sb, 'GET', '/api/v1/contacts?page=2000', { key: sb.adminKey })).body as Page;
    expect(last.data).toHaveLength(50);
    expect(last.data.at(-1)!.id).toBe('c_100000');
    const uneven = (await call(sb, 'GET', '/api/v1/contacts?per_page=300&page=334', { key: sb.adminKey })).body as Page;
    expect(uneven.meta).toEqual({ page: 334, per_page: 300, total: 100_000, total_pages: 334 });
    expect(uneven.data).toHaveLength(100);
    expect(uneven.data[0]!.id).toBe('c_099901');
  });

  it('ranks contacts where a word starts with the term before those that only contain it ("Ana Lima" before "Mariana")', async () => {
    const all = seedContacts(100_000, 42);
    const page = (await call(sb, 'GET', '/api/v1/contacts?search=ana&per_page=500', { key: sb.adminKey })).body as Page;
    const expected = ranked(all, 'ana');
    expect(page.data.map((c) => c.id)).toEqual(expected.slice(0, 500).map((c) => c.id));
    const firstInside = expected.findIndex((c) => !/(^|[^\p{L}\p{N}])ana/iu.test(`${c.name} ${c.email ?? ''}`));
    expect(firstInside).toBeGreaterThan(0);
    expect(page.data[0]!.name.toLowerCase()).toMatch(/(^|[^\p{L}\p{N}])ana/u);
  });

  it('finds every hit of a search and pages through them', async () => {
    const all = seedContacts(100_000, 42);
    const expected = ranked(all, 'souza');
    expect(expected.length).toBeGreaterThan(500);
    const first = (await call(sb, 'GET', '/api/v1/contacts?search=Souza&per_page=500', { key: sb.adminKey })).body as Page;
    expect(first.meta.total).toBe(expected.length);
    expect(first.meta.total_pages).toBe(Math.ceil(expected.length / 500));
    const lastNo = first.meta.total_pages;
    const last = (await call(sb, 'GET', `/api/v1/contacts?search=souza&per_page=500&page=${lastNo}`, { key: sb.adminKey })).body as Page;
    expect(last.data.map((c) => c.id)).toEqual(expected.slice((lastNo - 1) * 500).map((c) => c.id));
  });

  it('seeds numbers of many countries', () => {
    const all = seedContacts(100_000, 42);
    const codes = new Set<string>();
    for (const c of all)
      for (const cc of ['55', '52', '1', '91', '34', '234', '62', '57', '63']) if (c.number.startsWith(cc)) codes.add(cc);
    expect([...codes].sort()).toEqual(['1', '234', '34', '52', '55', '57', '62', '63', '91']);
    expect(new Set(all.map((c) => c.number)).size).toBe(100_000);
    expect(new Set(all.map((c) => c.id)).size).toBe(100_000);
    const nullEmails = all.filter((c) => c.email === null).length;
    expect(nullEmails).toBeGreaterThan(10_000);
    expect(nullEmails).toBeLessThan(30_000);
  });
});
