// Response parsers: docs/API.md shapes, tolerated variations, and 'bad_response' for the rest,
// with messages that name the path and never a value.
import { describe, expect, it } from 'vitest';
import { CrmError, toErrorInfo } from '../../../../src-main/core/errors';
import { DETECT_CONTACTS, DEFAULT_OPERATIONS } from '../../../../src-main/core/api/defaults';
import { readContactAnswer } from '../../../../src-main/core/contacts/paging';
import type { ContactPage } from '../../../../src-main/core/model';
import { parseMessagePage, parseSentMessage } from '../../../../src-main/core/parse/message';
import { parseCreatedKey, parseServerKeys } from '../../../../src-main/core/parse/server-keys';

const contact = {
  id: 'c_1',
  name: 'Ana Souza',
  number: '5511999990000',
  email: 'ana@example.com',
  tags: ['vip'],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-02T00:00:00Z',
};

function thrown(fn: () => unknown): CrmError {
  try {
    fn();
  } catch (err) {
    if (err instanceof CrmError) return err;
    throw err;
  }
  throw new Error('expected a CrmError');
}

const defaultSpec = DEFAULT_OPERATIONS['contacts.list'];
const parseContactPage = (json: unknown, page = 1, perPage = 50): ContactPage =>
  readContactAnswer(json, {}, defaultSpec, page, perPage).page;
const detectSpec = { ...defaultSpec, contacts: DETECT_CONTACTS };

describe('contacts page', () => {
  it('reads the API.md shape', () => {
    expect(parseContactPage({ data: [contact], meta: { page: 3, per_page: 1, total: 1234, total_pages: 1234 } }, 3, 1)).toEqual({
      items: [
        {
          id: 'c_1',
          name: 'Ana Souza',
          number: '5511999990000',
          email: 'ana@example.com',
          tags: ['vip'],
          createdAt: '2026-01-01T00:00:00Z',
          updatedAt: '2026-01-02T00:00:00Z',
        },
      ],
      page: 3,
      perPage: 1,
      total: 1234,
      totalPages: 1234,
      hasMore: true,
    });
  });

  it('takes a bare array with no total; a short page is the last', () => {
    const read = (json: unknown) => readContactAnswer(json, {}, detectSpec, 1, 50).page;
    expect(read([contact, { ...contact, id: 'c_2' }])).toMatchObject({
      page: 1,
      perPage: 50,
      total: null,
      totalPages: null,
      hasMore: false,
    });
    expect(read([])).toEqual({ items: [], page: 1, perPage: 50, total: null, totalPages: null, hasMore: false });
  });

  it('ignores unknown fields and tolerates missing email, tags and timestamps; numeric ids and numbers become text', () => {
    const page = parseContactPage(
      {
        data: [{ id: 7, name: 'Bo', number: 14155550100, avatar: 'x', tags: ['a', 3, null] }],
        meta: { total: 10, extra: true },
        links: {},
      },
      2,
      5,
    );
    expect(page).toEqual({
      items: [{ id: '7', name: 'Bo', number: '14155550100', email: null, tags: ['a'], createdAt: null, updatedAt: null }],
      page: 2,
      perPage: 5,
      total: 10,
      totalPages: 2,
      hasMore: false,
    });
  });

  it.each([
    [
      'a bare array, first/last names, phone_number, numeric ids, labels',
      [{ id: 12, first_name: 'Ana', last_name: 'Souza', phone_number: '+5511999990000', labels: ['vip'] }],
      { id: '12', name: 'Ana Souza', number: '5511999990000', tags: ['vip'] },
    ],
    [
      'contacts[] with phone and full_name',
      { contacts: [{ id: 'x1', full_name: 'Bo Li', phone: '14155550100', email: 'b@x.io' }] },
      { id: 'x1', name: 'Bo Li', number: '14155550100', email: 'b@x.io' },
    ],
    [
      'items[] with wa_id and profile.name',
      { items: [{ wa_id: '5511988887777', profile: { name: 'Cy' } }] },
      { id: '5511988887777', name: 'Cy', number: '5511988887777' },
    ],
    [
      'results[] with a JID',
      { results: [{ remoteJid: '5511977776666@s.whatsapp.net', pushName: 'Di' }] },
      { id: '5511977776666@s.whatsapp.net', name: 'Di', number: '5511977776666' },
    ],
    [
      'data.items[] with mobile and tag objects',
      { data: { items: [{ _id: 'a', name: 'Ed', mobile: '4915112345678', tags: [{ name: 't1' }] }] } },
      { id: 'a', name: 'Ed', number: '4915112345678', tags: ['t1'] },
    ],
  ])('detects %s', (_, json, first) => {
    expect(readContactAnswer(json, {}, detectSpec, 1, 50).page.items[0]).toMatchObject(first);
  });

  it('finds the total in the body or in X-Total-Count, and the cursor of the next page', () => {
    expect(readContactAnswer({ contacts: [contact], meta: { total_count: 40 } }, {}, detectSpec, 1, 10).page).toMatchObject({
      total: 40,
      totalPages: 4,
    });
    expect(readContactAnswer([contact], { 'x-total-count': '57' }, detectSpec, 1, 20).page).toMatchObject({
      total: 57,
      totalPages: 3,
      hasMore: true,
    });
    const cursorSpec = { ...detectSpec, query: [{ name: 'cursor', value: { $role: 'cursor' as const } }] };
    expect(readContactAnswer({ data: [contact], meta: { next_cursor: 'abc' } }, {}, cursorSpec, 1, 20)).toMatchObject({
      next: { kind: 'cursor', param: null, value: 'abc' },
      page: { hasMore: true },
    });
    expect(readContactAnswer({ data: [contact], meta: { next_cursor: null } }, {}, cursorSpec, 2, 20)).toMatchObject({
      next: null,
      page: { hasMore: false },
    });
  });

  it('follows a Link rel="next" header when the query has no paging field', () => {
    const linkSpec = { ...detectSpec, query: [] };
    const headers = {
      link: '<https://crm.example.com/api/v1/contacts?page=1>; rel="prev", <https://crm.example.com/api/v1/contacts?page=3>; rel="next"',
    };
    expect(readContactAnswer([contact], headers, linkSpec, 2, 20)).toMatchObject({
      next: { kind: 'link', url: 'https://crm.example.com/api/v1/contacts?page=3' },
      page: { hasMore: true },
    });
  });

  it.each([
    [{ contacts: [contact], meta: { next_cursor: 'c2' } }, 'cursor'],
    [{ data: [contact], paging: { cursors: { after: 'QVFI' } } }, 'after'],
    [{ items: [contact], next_page_token: 't2' }, 'page_token'],
    [{ items: [contact], nextPageToken: 't2' }, 'pageToken'],
  ])('an answer that offers a cursor the example never asked with is followed (%j -> ?%s=)', (json, param) => {
    const plainSpec = { ...detectSpec, query: [{ name: 'limit', value: { $role: 'per_page' as const } }] };
    const read = readContactAnswer(json, {}, plainSpec, 1, 20);
    expect(read.next).toMatchObject({ kind: 'cursor', param });
    expect(read.page.hasMore).toBe(true);
    expect(readContactAnswer({ contacts: [contact], meta: { next_cursor: null } }, {}, plainSpec, 2, 20).page.hasMore).toBe(false);
  });

  it('numbers written with decoration become digits; JIDs lose their suffix', () => {
    const read = (number: string) => readContactAnswer([{ id: 1, number }], {}, detectSpec, 1, 50).page.items[0]!.number;
    expect(read('+55 (11) 99999-0000')).toBe('5511999990000');
    expect(read('5511977776666@s.whatsapp.net')).toBe('5511977776666');
    expect(read('ext. 12')).toBe('ext. 12');
  });

  it.each([
    [undefined, "The server's contacts list is not in the expected shape: the body is empty"],
    ['<html>', "The server's contacts list is not in the expected shape: expected a list, or an object holding one"],
    [
      { data: 'x' },
      "The server's contacts list is not in the expected shape: no list found (looked for a bare array and " +
        'data, contacts, items, results, records, ...); name it in Profiles → API',
    ],
    [
      { data: [contact, { ...contact, number: null }] },
      'The server\'s contacts list is not in the expected shape: item 1 has no phone number at "number"',
    ],
    [[contact, 'x'], "The server's contacts list is not in the expected shape: item 1 is not an object"],
  ])('rejects %j with bad_response', (json, message) => {
    expect(toErrorInfo(thrown(() => parseContactPage(json)))).toEqual({ code: 'bad_response', message });
  });

  it('names where it looked when it finds no list or no number', () => {
    expect(thrown(() => readContactAnswer({ ok: true }, {}, detectSpec, 1, 50)).message).toContain('no list found');
    expect(thrown(() => readContactAnswer([{ id: 1, name: 'x' }], {}, detectSpec, 1, 50)).message).toContain('no phone number found');
  });
});

describe('messages', () => {
  it('reads a created Message and drops large unknown values from raw', () => {
    const message = parseSentMessage({
      id: 'm_1',
      type: 'media',
      number: '5511999990000',
      status: 'queued',
      created_at: '2026-01-01T00:00:00Z',
      bytes: 10,
      media: 'A'.repeat(5000),
      mimetype: 'image/png',
    });
    expect(message).toEqual({
      id: 'm_1',
      type: 'media',
      number: '5511999990000',
      status: 'queued',
      createdAt: '2026-01-01T00:00:00Z',
      raw: {
        id: 'm_1',
        type: 'media',
        number: '5511999990000',
        status: 'queued',
        created_at: '2026-01-01T00:00:00Z',
        bytes: 10,
        mimetype: 'image/png',
      },
      understood: true,
    });
  });

  it('fills a missing type from the endpoint and rejects what is not a message', () => {
    expect(parseSentMessage({ id: 'm_2', number: '5511999990000' }, 'text')).toMatchObject({
      type: 'text',
      status: 'unknown',
      createdAt: null,
    });
    expect(thrown(() => parseSentMessage({ id: 'm_2', number: '5511999990000' })).message).toBe(
      "The server's message is not in the expected shape: message.type is missing or unknown",
    );
    expect(thrown(() => parseSentMessage(undefined, 'text')).message).toBe(
      "The server's message is not in the expected shape: message is missing (empty body)",
    );
  });

  it('reads the history page', () => {
    const page = parseMessagePage({
      data: [{ id: 'm_1', type: 'text', number: '5511999990000', text: 'hi' }],
      meta: { page: 1, per_page: 50, total: 1, total_pages: 1 },
    });
    expect(page).toMatchObject({ page: 1, perPage: 50, total: 1, totalPages: 1, items: [{ id: 'm_1', type: 'text' }] });
  });
});

describe('API keys', () => {
  it('reads the key list, dropping unknown permissions and never any key value', () => {
    const keys = parseServerKeys({
      data: [
        {
          id: 'k_1',
          name: 'CI',
          prefix: 'crm_sk_ab12',
          permissions: ['contacts:read', 'root'],
          created_at: '2026-01-01T00:00:00Z',
          last_used_at: null,
          key: 'crm_sk_should_not_be_here',
        },
      ],
    });
    expect(keys).toEqual([
      { id: 'k_1', name: 'CI', prefix: 'crm_sk_ab12', permissions: ['contacts:read'], createdAt: '2026-01-01T00:00:00Z', lastUsedAt: null },
    ]);
    expect(JSON.stringify(keys)).not.toContain('should_not_be_here');
    expect(parseServerKeys([])).toEqual([]);
    expect(thrown(() => parseServerKeys({ keys: [] })).code).toBe('bad_response');
  });

  it('splits a created key into metadata and the value for the keychain', () => {
    const created = parseCreatedKey({
      id: 'k_9',
      name: 'New',
      key: 'crm_sk_ab12XYZsecretvalue',
      prefix: 'crm_sk_ab12',
      permissions: ['messages:send'],
      created_at: '2026-01-01T00:00:00Z',
    });
    expect(created).toEqual({
      serverKey: {
        id: 'k_9',
        name: 'New',
        prefix: 'crm_sk_ab12',
        permissions: ['messages:send'],
        createdAt: '2026-01-01T00:00:00Z',
        lastUsedAt: null,
      },
      value: 'crm_sk_ab12XYZsecretvalue',
    });
  });

  it('never echoes a bad key value in its error', () => {
    const secret = 'crm_sk_has spaces_secret';
    const err = thrown(() => parseCreatedKey({ id: 'k_1', name: 'x', key: secret, prefix: 'crm_sk', permissions: [] }));
    expect(toErrorInfo(err)).toEqual({
      code: 'bad_response',
      message: 'The server\'s new API key is not in the expected shape: "key" is not 8 to 512 printable characters without spaces',
    });
    expect(JSON.stringify(err)).not.toContain('secret');
    expect(thrown(() => parseCreatedKey({ id: 'k_1', name: 'x' })).message).toBe(
      'The server\'s new API key is not in the expected shape: "key" is missing',
    );
    expect(thrown(() => parseCreatedKey({ name: 'x', key: 'crm_sk_0123456789' })).message).toBe(
      "The server's new API key is not in the expected shape: key record.id is missing",
    );
  });
});
