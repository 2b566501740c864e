// The sandbox's other dialects ('cloud', 'desk'): the same data and rules in another shape, each
// error in the dialect's own body, and the playground of every dialect (whose examples must be
// requests the sandbox accepts).
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { PlaygroundTab, RunningSandbox, SandboxDialect } from '../../../src-main/sandbox/index';
import { parseSandboxArgs, playgroundTabs, startSandbox } from '../../../src-main/sandbox/index';
import { decodeCursor, encodeCursor } from '../../../src-main/sandbox/dialects/desk-cursor';
import { sniffBase64 } from '../../../src-main/sandbox/dialects/media-type';
import { call, invalidParameterError, lastMessages, messageCount, ranked, rateLimitedAnswer, start } from './helpers';
import { sandboxAround } from './sandbox-around';
import { playgroundAround } from './playground-around';
import type { ApiResponse } from './helpers';
import { curlAvailable, runCurl } from './run-curl';

const CONTACTS = 57;
const NUMBER = '5511999990000';
const MiB = 1024 * 1024;

/** base64 of a file that starts with `magic` (its signature) followed by `size` zero bytes. */
function file64(magic: string | Buffer, size = 100): string {
  return Buffer.concat([typeof magic === 'string' ? Buffer.from(magic, 'latin1') : magic, Buffer.alloc(size)]).toString('base64');
}
const PNG64 = file64(Buffer.from('89504e470d0a1a0a', 'hex'));
const OGG64 = file64('OggS');
const PDF64 = file64('%PDF-1.7\n');

/** The docs/API.md contacts of a default sandbox with the same seed and count, to compare against. */
async function defaultContacts(): Promise<{ id: string; name: string; number: string; email: string | null; tags: string[] }[]> {
  const sb = await start({ contacts: CONTACTS });
  try {
    const res = await call(sb, 'GET', '/api/v1/contacts?per_page=500', { key: sb.adminKey });
    return (res.body as { data: { id: string; name: string; number: string; email: string | null; tags: string[] }[] }).data;
  } finally {
    await sb.close();
  }
}

interface CloudError {
  error: { message: string; type: string; code: number; error_data: { messaging_product: string; details: string }; fbtrace_id: string };
}

function cloudError(res: ApiResponse): CloudError['error'] {
  const body = res.body as CloudError;
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.type).toBe('OAuthException');
  expect(body.error.error_data.messaging_product).toBe('whatsapp');
  expect(typeof body.error.error_data.details).toBe('string');
  expect(body.error.fbtrace_id).toMatch(/^[A-Za-z0-9_-]{16,}$/);
  return body.error;
}

interface DeskError {
  message: string;
  errors?: Record<string, string[]>;
}

describe('dialect "cloud"', () => {
  let sb: RunningSandbox;
  const send = (body: unknown, opts: { key?: string; headers?: Record<string, string> } = {}): Promise<ApiResponse> =>
    call(sb, 'POST', '/api/v1/messages', { key: opts.key ?? sb.adminKey, body, headers: opts.headers });
  const base = { messaging_product: 'whatsapp', to: `+${NUMBER}` };

  sandboxAround({ dialect: 'cloud', contacts: CONTACTS }, (started) => (sb = started));

  describe('contacts', () => {
    it('answers the first page as a bare array with numeric ids and X-Total-Count', async () => {
      const res = await call(sb, 'GET', '/api/v1/contacts', { key: sb.adminKey });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe(String(CONTACTS));
      const list = res.body as Record<string, unknown>[];
      expect(Array.isArray(list)).toBe(true);
      expect(list).toHaveLength(20);
      expect(list.map((c) => c.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(Object.keys(list[0]!)).toEqual(['id', 'first_name', 'last_name', 'phone_number', 'email', 'labels']);
    });

    it('serves the same seeded contacts as the default dialect', async () => {
      const expected = await defaultContacts();
      const res = await call(sb, 'GET', '/api/v1/contacts?limit=200', { key: sb.adminKey });
      const list = res.body as {
        id: number;
        first_name: string;
        last_name: string;
        phone_number: string;
        email: string | null;
        labels: string[];
      }[];
      expect(list).toHaveLength(CONTACTS);
      list.forEach((c, i) => {
        const d = expected[i]!;
        expect(d.id).toBe(`c_${String(c.id).padStart(6, '0')}`);
        expect(c.last_name === '' ? c.first_name : `${c.first_name} ${c.last_name}`).toBe(d.name);
        expect(c.first_name).toBe(d.name.slice(0, d.name.includes(' ') ? d.name.indexOf(' ') : undefined));
        expect(c.phone_number).toBe(`+${d.number}`);
        expect(c.email).toBe(d.email);
        expect(c.labels).toEqual(d.tags);
      });
    });

    it('pages by offset to the end', async () => {
      const ids: number[] = [];
      for (let offset = 0; ; offset += 20) {
        const res = await call(sb, 'GET', `/api/v1/contacts?limit=20&offset=${offset}`, { key: sb.adminKey });
        expect(res.status).toBe(200);
        expect(res.headers.get('x-total-count')).toBe(String(CONTACTS));
        const page = res.body as { id: number }[];
        if (page.length === 0) break;
        ids.push(...page.map((c) => c.id));
      }
      expect(ids).toEqual(Array.from({ length: CONTACTS }, (_, i) => i + 1));
      const past = await call(sb, 'GET', '/api/v1/contacts?offset=1000', { key: sb.adminKey });
      expect(past.body).toEqual([]);
    });

    it('searches with q (case-insensitive) like the default search, ignoring unknown parameters', async () => {
      const expected = ranked(await defaultContacts(), 'an');
      expect(expected.length).toBeGreaterThan(0);
      const res = await call(sb, 'GET', '/api/v1/contacts?q=AN&limit=200&page=7&search=zzz', { key: sb.adminKey });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe(String(expected.length));
      expect((res.body as { id: number }[]).map((c) => c.id)).toEqual(expected.map((c) => Number(c.id.slice(2))));
    });

    it.each([['limit=0'], ['limit=201'], ['offset=-1'], ['limit=ten'], [`q=${'x'.repeat(201)}`]])('answers 400 for %s', async (query) => {
      const res = await call(sb, 'GET', `/api/v1/contacts?${query}`, { key: sb.adminKey });
      expect(res.status).toBe(400);
      const error = cloudError(res);
      expect(error.code).toBe(100);
      expect(error.message).toMatch(new RegExp(`^\\(#100\\) Invalid parameter: ${query.split('=')[0]} must be`));
    });
  });

  describe('sending', () => {
    it('sends a text: 200 with the wamid, stored under that id with API.md fields', async () => {
      const res = await send({ ...base, recipient_type: 'individual', type: 'text', text: { body: 'Olá 👋', preview_url: true } });
      expect(res.status).toBe(200);
      const answer = res.body as { messaging_product: string; contacts: { input: string; wa_id: string }[]; messages: { id: string }[] };
      expect(answer).toEqual({
        messaging_product: 'whatsapp',
        contacts: [{ input: `+${NUMBER}`, wa_id: NUMBER }],
        messages: [{ id: answer.messages[0]!.id }],
      });
      expect(answer.messages[0]!.id).toMatch(/^wamid\.[A-Za-z0-9_-]{20,}$/);
      const [stored] = await lastMessages(sb, 1);
      expect(stored).toEqual({
        id: answer.messages[0]!.id,
        type: 'text',
        number: NUMBER,
        status: 'queued',
        created_at: stored!.created_at,
        text: 'Olá 👋',
      });
    });

    it('takes `to` without the "+" too', async () => {
      const res = await send({ ...base, to: NUMBER, type: 'text', text: { body: 'hi' } });
      expect(res.status).toBe(200);
      expect((res.body as { contacts: unknown[] }).contacts).toEqual([{ input: NUMBER, wa_id: NUMBER }]);
    });

    it('sends an image in base64 (type told from the bytes) and a document by URL', async () => {
      const image = await send({ ...base, type: 'image', image: { link: PNG64, caption: 'look' } });
      expect(image.status).toBe(200);
      const doc = await send({
        ...base,
        type: 'document',
        document: { link: 'https://example.com/files/report.pdf', filename: 'Q3 report.pdf', caption: 'Q3' },
      });
      expect(doc.status).toBe(200);
      const [storedDoc, storedImage] = await lastMessages(sb, 2);
      expect(storedImage).toMatchObject({
        type: 'media',
        number: NUMBER,
        mediatype: 'image',
        mimetype: 'image/png',
        fileName: 'image.png',
        caption: 'look',
        bytes: 108,
      });
      expect(storedImage!.media).toBeUndefined();
      expect(storedDoc).toMatchObject({
        type: 'media',
        mediatype: 'document',
        mimetype: 'application/pdf',
        fileName: 'Q3 report.pdf',
        caption: 'Q3',
        media: 'https://example.com/files/report.pdf',
      });
      expect(storedDoc!.id).toBe((doc.body as { messages: { id: string }[] }).messages[0]!.id);
    });

    it('sends audio in base64 and by URL', async () => {
      const upload = await send({ ...base, type: 'audio', audio: { link: OGG64, voice: true } });
      expect(upload.status).toBe(200);
      const byUrl = await send({ ...base, type: 'audio', audio: { link: 'https://example.com/audio/note.mp3' } });
      expect(byUrl.status).toBe(200);
      const [url, bytes] = await lastMessages(sb, 2);
      expect(bytes).toMatchObject({ type: 'audio', number: NUMBER, mimetype: 'audio/ogg', ptt: true, bytes: 104 });
      expect(url).toMatchObject({ type: 'audio', mimetype: 'audio/mpeg', ptt: false, audio: 'https://example.com/audio/note.mp3' });
    });

    it.each([
      [{ ...base, messaging_product: 'sms', type: 'text', text: { body: 'x' } }, 'messaging_product must be "whatsapp"'],
      [{ ...base, to: '+55 11 99999', type: 'text', text: { body: 'x' } }, 'to must be'],
      [{ ...base, type: 'sticker', sticker: { link: 'https://example.com/a.webp' } }, 'type must be one of text, image, document, audio'],
      [{ ...base, type: 'text', text: { body: '' } }, 'text.body must not be empty'],
      [{ ...base, type: 'text', text: { body: 'x'.repeat(4097) } }, 'text.body must be 1 to 4096 characters'],
      [{ ...base, type: 'image', image: { link: PDF64 } }, 'image.mime_type must be an image type'],
      [{ ...base, type: 'image', image: { link: 'https://example.com/download' } }, 'image.mime_type is required'],
      [{ ...base, type: 'image', image: { link: 'data:image/png;base64,AAAA' } }, 'image.link must be plain base64'],
      [{ ...base, type: 'audio', audio: { link: 'https://example.com/a.ogg', mime_type: 'audio/flac' } }, 'audio.mime_type must be one of'],
      [
        { ...base, type: 'document', document: { link: 'https://example.com/a.pdf', filename: '../etc/passwd' } },
        'document.filename must be a file name',
      ],
    ])('answers 400 in its own shape: %#', async (body, problem) => {
      const error = await invalidParameterError(sb, () => send(body), cloudError, problem);
      expect(error.error_data.details).toMatch(/^Invalid parameters: /);
    });

    it('keeps the decoded size limits of API.md (image 5 MiB)', async () => {
      const ok = await send({ ...base, type: 'image', image: { link: Buffer.alloc(5 * MiB).toString('base64'), mime_type: 'image/jpeg' } });
      expect(ok.status).toBe(200);
      const big = await send({
        ...base,
        type: 'image',
        image: { link: Buffer.alloc(5 * MiB + 3).toString('base64'), mime_type: 'image/jpeg' },
      });
      expect(big.status).toBe(400);
      expect(cloudError(big).message).toMatch(/^\(#100\) Invalid parameter: image\.link decodes to 5242883 bytes/);
    });

    it('replays a send with the same Idempotency-Key (one message, same wamid)', async () => {
      const body = { ...base, type: 'text', text: { body: 'once' } };
      const headers = { 'Idempotency-Key': `cloud-${Date.now()}` };
      const before = await messageCount(sb);
      const first = await send(body, { headers });
      const again = await send(body, { headers });
      expect(first.status).toBe(200);
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(await messageCount(sb)).toBe(before + 1);
      const other = await send({ ...body, text: { body: 'twice' } }, { headers });
      expect(other.status).toBe(400);
      expect(cloudError(other).message).toMatch(/^\(#100\) Invalid parameter: Idempotency-Key already used/);
    });
  });

  describe('errors', () => {
    it('401: code 190', async () => {
      const res = await call(sb, 'GET', '/api/v1/contacts', { key: 'crm_sk_not_a_real_key_at_all' });
      expect(res.status).toBe(401);
      expect(cloudError(res)).toMatchObject({ code: 190, message: 'Invalid OAuth access token - Cannot parse access token' });
    });

    it('403: code 10, for a key lacking the permission', async () => {
      const reader = sb.createKey('reader', ['contacts:read']);
      const res = await send({ ...base, type: 'text', text: { body: 'x' } }, { key: reader.key });
      expect(res.status).toBe(403);
      expect(cloudError(res)).toMatchObject({ code: 10, message: '(#10) Application does not have permission for this action' });
      const sender = sb.createKey('sender', ['messages:send']);
      const list = await call(sb, 'GET', '/api/v1/contacts', { key: sender.key });
      expect(list.status).toBe(403);
      expect(cloudError(list).code).toBe(10);
    });

    it("404: code 803, also for the default dialect's routes", async () => {
      for (const [method, path] of [
        ['GET', '/api/v1/nothing'],
        ['POST', '/api/v1/messages/text'],
        ['DELETE', '/api/v1/api-keys/k_unknown'],
      ] as const) {
        const res = await call(sb, method, path, {
          key: sb.adminKey,
          ...(method === 'POST' ? { body: { number: NUMBER, text: 'x' } } : {}),
        });
        expect(res.status).toBe(404);
        expect(cloudError(res)).toMatchObject({ code: 803, message: '(#803) Some of the aliases you requested do not exist' });
      }
    });

    it('500: code 1 (injected fault)', async () => {
      sb.injectFaults([{ kind: 'status', status: 500 }], { pathPrefix: '/api/v1/contacts' });
      const res = await call(sb, 'GET', '/api/v1/contacts', { key: sb.adminKey });
      expect(res.status).toBe(500);
      expect(cloudError(res)).toMatchObject({ code: 1, message: 'An unknown error has occurred.' });
    });

    it('429: code 4 with Retry-After', async () => {
      const res = await rateLimitedAnswer('cloud', (slow) => call(slow, 'GET', '/api/v1/contacts', { key: slow.adminKey }));
      expect(cloudError(res)).toMatchObject({ code: 4, message: '(#4) Application request limit reached' });
    });

    it('400 for a body that is not JSON', async () => {
      const res = await call(sb, 'POST', '/api/v1/messages', {
        key: sb.adminKey,
        rawBody: '{nope',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(cloudError(res).message).toMatch(/^\(#100\) Invalid parameter: body malformed JSON/);
    });
  });

  it('keeps the key routes of API.md', async () => {
    const created = await call(sb, 'POST', '/api/v1/api-keys', { key: sb.adminKey, body: { name: 'ci' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'ci', permissions: ['contacts:read', 'messages:send'] });
    const list = await call(sb, 'GET', '/api/v1/api-keys', { key: sb.adminKey });
    expect((list.body as { data: unknown[] }).data.length).toBeGreaterThan(1);
  });
});

describe('dialect "desk"', () => {
  let sb: RunningSandbox;
  const post = (path: string, body: unknown, opts: { key?: string; headers?: Record<string, string> } = {}): Promise<ApiResponse> =>
    call(sb, 'POST', `/api/v1/${path}`, { key: opts.key ?? sb.adminKey, body, headers: opts.headers });
  const chatId = `${NUMBER}@c.us`;

  interface DeskPage {
    contacts: { id: number; full_name: string; phone: string; email: string | null; tags: string[] }[];
    meta: { next_cursor: string | null; total_count: number };
  }

  sandboxAround({ dialect: 'desk', contacts: CONTACTS }, (started) => (sb = started));

  describe('contacts', () => {
    it('answers the first page with meta.total_count and a next_cursor', async () => {
      const res = await call(sb, 'GET', '/api/v1/contacts', { key: sb.adminKey });
      expect(res.status).toBe(200);
      const page = res.body as DeskPage;
      expect(Object.keys(page)).toEqual(['contacts', 'meta']);
      expect(page.contacts).toHaveLength(25);
      expect(page.contacts.map((c) => c.id)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      expect(Object.keys(page.contacts[0]!)).toEqual(['id', 'full_name', 'phone', 'email', 'tags']);
      expect(page.meta.total_count).toBe(CONTACTS);
      expect(typeof page.meta.next_cursor).toBe('string');
    });

    it('serves the same seeded contacts as the default dialect', async () => {
      const expected = await defaultContacts();
      const res = await call(sb, 'GET', '/api/v1/contacts?limit=100', { key: sb.adminKey });
      const page = res.body as DeskPage;
      expect(page.contacts).toEqual(
        expected.map((c) => ({ id: Number(c.id.slice(2)), full_name: c.name, phone: c.number, email: c.email, tags: c.tags })),
      );
      expect(page.meta.next_cursor).toBeNull();
    });

    it('pages by cursor to the end (page and offset are ignored)', async () => {
      const ids: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
        const res = await call(sb, 'GET', `/api/v1/contacts?limit=25&page=3&offset=50${query}`, { key: sb.adminKey });
        expect(res.status).toBe(200);
        const page = res.body as DeskPage;
        expect(page.meta.total_count).toBe(CONTACTS);
        ids.push(...page.contacts.map((c) => c.id));
        cursor = page.meta.next_cursor;
        pages += 1;
      } while (cursor !== null && pages < 10);
      expect(pages).toBe(3);
      expect(ids).toEqual(Array.from({ length: CONTACTS }, (_, i) => i + 1));
    });

    it('searches, and the cursor keeps the search', async () => {
      const expected = ranked(await defaultContacts(), 'a');
      expect(expected.length).toBeGreaterThan(5);
      const first = (await call(sb, 'GET', '/api/v1/contacts?search=A&limit=5', { key: sb.adminKey })).body as DeskPage;
      expect(first.meta.total_count).toBe(expected.length);
      const withSearch = await call(sb, 'GET', `/api/v1/contacts?search=A&limit=5&cursor=${encodeURIComponent(first.meta.next_cursor!)}`, {
        key: sb.adminKey,
      });
      const without = await call(sb, 'GET', `/api/v1/contacts?limit=5&cursor=${encodeURIComponent(first.meta.next_cursor!)}`, {
        key: sb.adminKey,
      });
      expect(withSearch.status).toBe(200);
      expect(without.body).toEqual(withSearch.body);
      expect((withSearch.body as DeskPage).contacts.map((c) => c.id)).toEqual(expected.slice(5, 10).map((c) => Number(c.id.slice(2))));
      const other = await call(sb, 'GET', `/api/v1/contacts?search=zz&cursor=${encodeURIComponent(first.meta.next_cursor!)}`, {
        key: sb.adminKey,
      });
      expect(other.status).toBe(400);
      expect((other.body as DeskError).errors?.cursor?.[0]).toMatch(/^The cursor field is for another search/);
    });

    it('refuses a forged or damaged cursor with 400', async () => {
      const real = ((await call(sb, 'GET', '/api/v1/contacts', { key: sb.adminKey })).body as DeskPage).meta.next_cursor!;
      const [, signature] = real.split('.');
      const forged = `${Buffer.from(JSON.stringify([50, ''])).toString('base64url')}.${signature}`;
      for (const cursor of [forged, 'abc', `${real}x`, Buffer.from('{"start":50}').toString('base64url')]) {
        const res = await call(sb, 'GET', `/api/v1/contacts?cursor=${encodeURIComponent(cursor)}`, { key: sb.adminKey });
        expect(res.status).toBe(400);
        const body = res.body as DeskError;
        expect(body.message).toMatch(/^The cursor field is invalid/);
        expect(Object.keys(body.errors!)).toEqual(['cursor']);
      }
    });

    it.each([['limit=0'], ['limit=101'], ['limit=x']])('answers 400 for %s', async (query) => {
      const res = await call(sb, 'GET', `/api/v1/contacts?${query}`, { key: sb.adminKey });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: 'The limit field must be an integer from 1 to 100.',
        errors: { limit: ['The limit field must be an integer from 1 to 100.'] },
      });
    });
  });

  describe('sending', () => {
    it('sendMessage: 200 {"idMessage"}, stored under that id', async () => {
      const res = await post('sendMessage', { chatId, message: 'Olá' });
      expect(res.status).toBe(200);
      const { idMessage } = res.body as { idMessage: string };
      expect(Object.keys(res.body as object)).toEqual(['idMessage']);
      expect(idMessage).toMatch(/^3EB0[0-9A-F]{16}$/);
      const [stored] = await lastMessages(sb, 1);
      expect(stored).toEqual({
        id: idMessage,
        type: 'text',
        number: NUMBER,
        status: 'queued',
        created_at: stored!.created_at,
        text: 'Olá',
      });
    });

    it('sendFile by URL and in base64: 200 {"sent":true}, image or document by the type', async () => {
      const doc = await post('sendFile', {
        chatId,
        file: 'https://example.com/files/report.pdf',
        fileName: 'report.pdf',
        caption: 'Monthly report',
      });
      expect(doc.status).toBe(200);
      expect(doc.body).toEqual({ sent: true });
      const image = await post('sendFile', { chatId, file: PNG64, fileName: 'photo' });
      expect(image.status).toBe(200);
      expect(image.body).toEqual({ sent: true });
      const unknown = await post('sendFile', { chatId, file: file64('just text'), fileName: 'notes' });
      expect(unknown.status).toBe(200);
      const [storedUnknown, storedImage, storedDoc] = await lastMessages(sb, 3);
      expect(storedDoc).toMatchObject({
        type: 'media',
        number: NUMBER,
        mediatype: 'document',
        mimetype: 'application/pdf',
        fileName: 'report.pdf',
        caption: 'Monthly report',
        media: 'https://example.com/files/report.pdf',
      });
      expect(storedImage).toMatchObject({ type: 'media', mediatype: 'image', mimetype: 'image/png', fileName: 'photo', bytes: 108 });
      expect(storedUnknown).toMatchObject({ mediatype: 'document', mimetype: 'application/octet-stream', bytes: 109 });
      expect(storedImage!.id).toMatch(/^3EB0/);
    });

    it('sendVoice by URL and in base64: 200 {"sent":true,"queued":true}', async () => {
      const byUrl = await post('sendVoice', { chatId, audio: 'https://example.com/audio/note.ogg' });
      expect(byUrl.status).toBe(200);
      expect(byUrl.body).toEqual({ sent: true, queued: true });
      const upload = await post('sendVoice', { chatId, audio: OGG64 });
      expect(upload.body).toEqual({ sent: true, queued: true });
      const [bytes, url] = await lastMessages(sb, 2);
      expect(url).toMatchObject({ type: 'audio', mimetype: 'audio/ogg', ptt: true, audio: 'https://example.com/audio/note.ogg' });
      expect(bytes).toMatchObject({ type: 'audio', mimetype: 'audio/ogg', ptt: true, bytes: 104 });
    });

    it.each([
      ['sendMessage', { chatId: NUMBER, message: 'x' }, 'chatId', 'The chat id field must end with @c.us.'],
      ['sendMessage', { message: 'x' }, 'chatId', 'The chat id field is required.'],
      [
        'sendMessage',
        { chatId: '551199@c.us', message: 'x' },
        'chatId',
        'The chat id field must be a chat id, the phone number followed by @c.us: 8 to 15 digits, country code first.',
      ],
      ['sendMessage', { chatId }, 'message', 'The message field is required.'],
      ['sendFile', { chatId, file: 'https://example.com/a.pdf' }, 'fileName', 'The file name field is required.'],
      ['sendFile', { chatId, fileName: 'a.pdf' }, 'file', 'The file field is required: an http(s) URL or the file in base64.'],
      [
        'sendVoice',
        { chatId, audio: 'https://example.com/a.pdf' },
        'audio',
        'The audio field must be a file of type: ogg, webm, mp3, m4a, aac, wav.',
      ],
    ])('%s answers 400 in Laravel style: %j', async (path, body, key, sentence) => {
      const res = await post(path, body);
      expect(res.status).toBe(400);
      const error = res.body as DeskError;
      expect(error.message).toBe(sentence);
      expect(error.errors?.[key]).toContain(sentence);
    });

    it('lists every invalid field', async () => {
      const res = await post('sendMessage', {});
      expect(res.body).toEqual({
        message: 'The chat id field is required.',
        errors: { chatId: ['The chat id field is required.'], message: ['The message field is required.'] },
      });
    });

    it('keeps the decoded size limits of API.md (image 5 MiB, then document 100 MiB)', async () => {
      const big = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(5 * MiB)]).toString('base64');
      const res = await post('sendFile', { chatId, file: big, fileName: 'big.png' });
      expect(res.status).toBe(400);
      expect((res.body as DeskError).errors?.file?.[0]).toMatch(/^The file field decodes to 5242888 bytes; an image may be at most 5 MiB/);
    });

    it('replays a send with the same Idempotency-Key', async () => {
      const body = { chatId, file: 'https://example.com/x.pdf', fileName: 'x.pdf' };
      const headers = { 'Idempotency-Key': `desk-${Date.now()}` };
      const before = await messageCount(sb);
      const first = await post('sendFile', body, { headers });
      const again = await post('sendFile', body, { headers });
      expect(first.body).toEqual({ sent: true });
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await messageCount(sb)).toBe(before + 1);
      const other = await post('sendFile', { ...body, fileName: 'y.pdf' }, { headers });
      expect(other.status).toBe(400);
      expect((other.body as DeskError).errors?.['Idempotency-Key']).toHaveLength(1);
    });
  });

  describe('errors', () => {
    it('401 Unauthenticated.', async () => {
      const res = await call(sb, 'GET', '/api/v1/contacts');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthenticated.' });
    });

    it('403 This action is unauthorized.', async () => {
      const reader = sb.createKey('reader', ['contacts:read']);
      const res = await post('sendVoice', { chatId, audio: OGG64 }, { key: reader.key });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'This action is unauthorized.' });
    });

    it('404 Not Found.', async () => {
      const res = await call(sb, 'POST', '/api/v1/messages/text', { key: sb.adminKey, body: { number: NUMBER, text: 'x' } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Not Found.' });
    });

    it('500 Server Error (injected fault)', async () => {
      sb.injectFaults([{ kind: 'status', status: 500 }], { pathPrefix: '/api/v1/sendMessage' });
      const res = await post('sendMessage', { chatId, message: 'x' });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: 'Server Error' });
    });

    it('429 Too Many Attempts. with Retry-After (limit and injected)', async () => {
      sb.injectFaults([{ kind: 'rate_limit', retryAfter: '3' }]);
      const injected = await call(sb, 'GET', '/api/v1/contacts', { key: sb.adminKey });
      expect(injected.status).toBe(429);
      expect(injected.headers.get('retry-after')).toBe('3');
      expect(injected.body).toEqual({ message: 'Too Many Attempts.' });
      const res = await rateLimitedAnswer('desk', (slow) => call(slow, 'GET', '/api/v1/contacts', { key: slow.adminKey }));
      expect(res.body).toEqual({ message: 'Too Many Attempts.' });
    });
  });
});

/** GET with a chosen Host header (fetch does not let a caller set it). */
function getWithHost(sb: RunningSandbox, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: sb.port, path, headers: { Host: host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(['default', 'cloud', 'desk'] as const)('playground of dialect "%s"', (dialect: SandboxDialect) => {
  let sb: RunningSandbox, tabs: PlaygroundTab[];
  playgroundAround({ dialect, contacts: CONTACTS }, (opened) => {
    expect(opened.dialect).toBe(dialect);
    ({ sb, tabs } = opened);
  });

  it('has the four tabs, each with method, endpoint and a cURL for the real base URL', () => {
    expect(tabs.map((t) => [t.id, t.title, t.method])).toEqual([
      ['contacts', 'List Contacts', 'GET'],
      ['text', 'Send Text', 'POST'],
      ['media', 'Send Media', 'POST'],
      ['audio', 'Send Audio', 'POST'],
    ]);
    for (const tab of tabs) {
      expect(tab.url).toBe(`${sb.baseUrl}${tab.endpoint}`);
      expect(tab.curl).toContain(tab.url);
      expect(tab.curl).toMatch(/Bearer YOUR_API_KEY/);
      expect(tab.curl.startsWith('curl ')).toBe(true);
    }
    expect(tabs[0]!.body).toBeNull();
    expect(tabs[0]!.endpoint).toContain('ana');
    expect(JSON.stringify(tabs)).toContain(NUMBER);
  });

  it('equals playgroundTabs() for the same base URL', () => {
    expect(playgroundTabs(dialect, sb.baseUrl)).toEqual(tabs);
  });

  it("writes the cURL in the dialect's own style", () => {
    const send = tabs[1]!.curl;
    if (dialect === 'default') {
      expect(send).toBe(
        `curl -X POST '${sb.baseUrl}/api/v1/messages/text' -H 'Content-Type: application/json' -H ` +
          `'Authorization: Bearer YOUR_API_KEY' -d '{"number":"${NUMBER}","text":"Hello Ana, your order has ` +
          `shipped."}'`,
      );
      expect(tabs[0]!.endpoint).toBe('/api/v1/contacts?page=1&per_page=50&search=ana');
    } else if (dialect === 'cloud') {
      expect(send.split('\n').slice(0, 4)).toEqual([
        `curl --location --request POST '${sb.baseUrl}/api/v1/messages' \\`,
        "--header 'Authorization: Bearer YOUR_API_KEY' \\",
        "--header 'Content-Type: application/json' \\",
        "--data-raw '{",
      ]);
      expect(send).toContain(`    "to": "+${NUMBER}",`);
      expect(tabs[0]!.endpoint).toBe('/api/v1/contacts?limit=20&offset=0&q=ana');
    } else {
      expect(send).toBe(
        [
          'curl --request POST \\',
          `     --url ${sb.baseUrl}/api/v1/sendMessage \\`,
          '     --header "accept: application/json" \\',
          '     --header "authorization: Bearer YOUR_API_KEY" \\',
          '     --header "content-type: application/json" \\',
          `     --data "{\\"chatId\\": \\"${NUMBER}@c.us\\", \\"message\\": \\"Hello Ana, your order has shipped.\\"}"`,
        ].join('\n'),
      );
      expect(tabs[0]!.endpoint).toBe('/api/v1/contacts?limit=25&search=ana');
      expect(tabs[0]!.curl).toContain(`--url "${sb.baseUrl}/api/v1/contacts?limit=25&search=ana"`);
    }
  });

  it('has examples the sandbox accepts (built from method, endpoint and body, with a real key)', async () => {
    const before = await messageCount(sb);
    for (const tab of tabs) {
      const headers = Object.fromEntries(
        Object.entries(tab.headers).map(([name, value]) => [name, value.replace('YOUR_API_KEY', sb.adminKey)]),
      );
      const res = await call(sb, tab.method, tab.endpoint, { headers, ...(tab.body ? { rawBody: JSON.stringify(tab.body) } : {}) });
      expect({ id: tab.id, ok: res.status >= 200 && res.status < 300 }).toEqual({ id: tab.id, ok: true });
    }
    expect(await messageCount(sb)).toBe(before + 3);
  });

  it.skipIf(!curlAvailable)('has cURLs that run as they are in bash, once the key is filled in', async () => {
    for (const tab of tabs) {
      const status = (await runCurl(tab.curl.replace('YOUR_API_KEY', sb.adminKey))).status;
      expect([tab.id, status >= 200 && status < 300]).toEqual([tab.id, true]);
    }
  });

  it('serves an HTML page without a key: one section per tab, everything escaped, no scripts', async () => {
    const res = await fetch(`${sb.baseUrl}/playground`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).not.toMatch(/<script/i);
    for (const tab of tabs) {
      expect(html).toContain(`<h2 id="${tab.id}-title">${tab.title}</h2>`);
      const escaped = tab.curl
        .replaceAll('&', '&amp;')
        .replaceAll('<', '&lt;')
        .replaceAll('>', '&gt;')
        .replaceAll('"', '&quot;')
        .replaceAll("'", '&#39;');
      expect(html).toContain(`<pre><code>${escaped}</code></pre>`);
      expect(html).toContain(`<span class="method">${tab.method}</span>`);
    }
  });

  it('uses the Host the request came to, and the listening address for a strange one', async () => {
    const viaHost = JSON.parse((await getWithHost(sb, '/playground.json', 'crm.local:8080')).body) as { tabs: PlaygroundTab[] };
    expect(viaHost.tabs.every((t) => t.url.startsWith('http://crm.local:8080/api/v1/'))).toBe(true);
    const strange = await getWithHost(sb, '/playground', 'x\'$(id)"<b>');
    expect(strange.status).toBe(200);
    expect(strange.body).toContain(sb.baseUrl);
    expect(strange.body).not.toContain('<b>');
  });
});

describe('the default dialect is unchanged', () => {
  it('still answers API.md errors and routes', async () => {
    const sb = await start({ contacts: 5 });
    try {
      const res = await call(sb, 'POST', '/api/v1/messages/text', { key: sb.adminKey, body: { number: 'x', text: '' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: {
          code: 'bad_request',
          message: 'invalid request data: number, text',
          details: [
            { field: 'number', message: 'must be 8 to 15 digits, country code first, no "+", spaces or punctuation' },
            { field: 'text', message: 'must not be empty' },
          ],
        },
      });
      expect((await call(sb, 'GET', '/api/v1/sendMessage', { key: sb.adminKey })).status).toBe(404);
    } finally {
      await sb.close();
    }
  });
});

describe('--dialect and the dialect option', () => {
  it('parses --dialect NAME and --dialect=NAME', () => {
    expect(parseSandboxArgs(['--dialect', 'cloud'])).toEqual({
      kind: 'run',
      args: { port: 4010, host: '127.0.0.1', contacts: 100_000, json: false, dialect: 'cloud' },
    });
    expect(parseSandboxArgs(['--dialect=desk'])).toMatchObject({ kind: 'run', args: { dialect: 'desk' } });
  });

  it('rejects an unknown dialect, naming the valid ones', () => {
    expect(parseSandboxArgs(['--dialect', 'graph'])).toEqual({
      kind: 'error',
      message: '--dialect must be one of default, cloud, desk, twilio, evolution-v2, meta, wati, got "graph"',
    });
    expect(parseSandboxArgs(['--dialect'])).toEqual({ kind: 'error', message: '--dialect needs a value' });
  });

  it('startSandbox rejects an unknown dialect', async () => {
    await expect(startSandbox({ dialect: 'graph' as SandboxDialect })).rejects.toThrow(
      /dialect must be one of default, cloud, desk, twilio, evolution-v2, meta, wati/,
    );
  });
});

describe('dialect helpers', () => {
  it('a cursor round-trips, and one signed with another secret does not', () => {
    const cursor = encodeCursor({ start: 25, search: 'ana' });
    expect(decodeCursor(cursor)).toEqual({ start: 25, search: 'ana' });
    expect(decodeCursor(encodeCursor({ start: 25, search: 'ana' }, Buffer.alloc(32, 1)))).toBeNull();
  });

  it.each([
    [PNG64, 'image/png'],
    [file64(Buffer.from([0xff, 0xd8, 0xff, 0xe0])), 'image/jpeg'],
    [OGG64, 'audio/ogg'],
    [file64('ID3'), 'audio/mpeg'],
    [PDF64, 'application/pdf'],
    [file64('hello'), null],
    ['not base64!', null],
  ])('sniffs base64 %#', (text, type) => {
    expect(sniffBase64(text)).toBe(type);
  });
});
