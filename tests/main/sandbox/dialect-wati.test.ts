// The sandbox's wati dialect (Wati's v1 session API) over real HTTP: a text with the number in
// the path and the words in the query, files as multipart (image, document, audio), Wati's
// 200-with-result-false refusals, contacts paged by page number and searched by name, the error
// shape of 400/401/404/429, idempotency over path and query, and the playground's cURLs run in bash.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PlaygroundTab, RunningSandbox } from '../../../src-main/sandbox/index';
import { playgroundTabs } from '../../../src-main/sandbox/index';
import { seedContacts } from '../../../src-main/sandbox/seed';
import { AUDIO_EXAMPLE_PATH, DOCUMENT_EXAMPLE_PATH } from '../../../src-main/sandbox/dialects/wati-examples';
import { call, lastMessages, messageCount, ranked, rateLimitedAnswer } from './helpers';
import { sandboxAround } from './sandbox-around';
import type { ApiResponse } from './helpers';
import { playgroundAround } from './playground-around';
import { curlAvailable, runCurl } from './run-curl';

const NUMBER = '5511999990000';
const CONTACTS = 25;
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(200)]);
const PDF = Buffer.from('%PDF-1.4\n% sandbox test\n');
const OGG = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(100)]);

interface WatiMessage {
  id: string;
  whatsappMessageId: string;
  text: string | null;
  type: string;
  waId: string;
  [field: string]: unknown;
}

function sendText(
  sb: RunningSandbox,
  number: string,
  query: string,
  opts: { key?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  return call(sb, 'POST', `/api/v1/sendSessionMessage/${number}${query}`, { key: opts.key ?? sb.adminKey, headers: opts.headers });
}

/** A multipart send the way fetch (undici) writes one. */
async function sendFile(
  sb: RunningSandbox,
  number: string,
  query: string,
  parts: Record<string, string | { data: Buffer; name: string; type?: string }>,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.data], value.type === undefined ? {} : { type: value.type }), value.name);
  }
  const res = await fetch(`${sb.baseUrl}/api/v1/sendSessionFile/${number}${query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sb.adminKey}`, ...headers },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text) as unknown };
}

/** Wati's refusal body, after checking its shape. */
function refusal(res: ApiResponse): { result: false; info: string; [field: string]: unknown } {
  const body = res.body as { result: false; info: string };
  expect(body.result).toBe(false);
  expect(typeof body.info).toBe('string');
  return body;
}

describe('dialect "wati"', () => {
  let sb: RunningSandbox;

  sandboxAround({ dialect: 'wati', contacts: CONTACTS }, (started) => (sb = started));

  describe('session text: POST /api/v1/sendSessionMessage/{whatsappNumber}?messageText=', () => {
    it("answers 200 with Wati's message and stores it under that id", async () => {
      const res = await sendText(sb, NUMBER, `?messageText=${encodeURIComponent('Olá 👋 & bye')}`);
      expect(res.status).toBe(200);
      const body = res.body as { ok: boolean; result: string; message: WatiMessage };
      expect(body.ok).toBe(true);
      expect(body.result).toBe('success');
      expect(body.message).toMatchObject({ text: 'Olá 👋 & bye', type: 'text', waId: NUMBER, statusString: 'SENT' });
      expect(body.message.id).toMatch(/^[0-9a-f]{24}$/);
      expect(body.message.whatsappMessageId).toMatch(/^wamid\./);
      const [stored] = await lastMessages(sb, 1);
      expect(stored).toMatchObject({
        id: body.message.id,
        type: 'text',
        number: NUMBER,
        text: 'Olá 👋 & bye',
        whatsapp_message_id: body.message.whatsappMessageId,
      });
    });

    it('keeps one conversation id per number', async () => {
      const a = (await sendText(sb, NUMBER, '?messageText=a')).body as { message: WatiMessage };
      const b = (await sendText(sb, NUMBER, '?messageText=b')).body as { message: WatiMessage };
      const other = (await sendText(sb, '447700900123', '?messageText=c')).body as { message: WatiMessage };
      expect(a.message.conversationId).toBe(b.message.conversationId);
      expect(other.message.conversationId).not.toBe(a.message.conversationId);
    });

    it.each([
      ['', 'messageText is required in the query string'],
      ['?messageText=', 'messageText must not be empty'],
      ['?messageText=a&messageText=b', 'messageText must be given once'],
      [`?messageText=${'x'.repeat(4097)}`, 'messageText must be 1 to 4096 characters'],
    ])('400 for %#', async (query, info) => {
      const before = await messageCount(sb);
      const res = await sendText(sb, NUMBER, query);
      expect(res.status).toBe(400);
      expect(refusal(res).info).toContain(info);
      expect(await messageCount(sb)).toBe(before);
    });

    it('400 for a number that is not digits, naming whatsappNumber', async () => {
      for (const number of ['%2B5511999990000', '12', 'abcdefghij']) {
        const res = await sendText(sb, number, '?messageText=hi');
        expect(res.status).toBe(400);
        expect(refusal(res).info).toMatch(/^whatsappNumber must be/);
      }
    });

    it('400 for a body: the text goes in the query string', async () => {
      const res = await call(sb, 'POST', `/api/v1/sendSessionMessage/${NUMBER}`, { key: sb.adminKey, body: { messageText: 'hi' } });
      expect(res.status).toBe(400);
      expect(refusal(res).info).toBe('body must be empty: the text goes in the query string, ?messageText=<text>.');
    });

    it('takes an empty body with any Content-Type', async () => {
      const res = await sendText(sb, NUMBER, '?messageText=hi', { headers: { 'Content-Type': 'application/json' } });
      expect(res.status).toBe(200);
    });
  });

  describe('failures that answer 200 with result false', () => {
    it('a number without WhatsApp (ending in 26): validWhatsAppNumber false, nothing stored', async () => {
      const before = await messageCount(sb);
      const res = await sendText(sb, '5511999990026', '?messageText=hi');
      expect(res.status).toBe(200);
      expect(refusal(res)).toMatchObject({ validWhatsAppNumber: false, info: expect.stringMatching(/^Invalid WhatsApp number/) });
      const file = await sendFile(sb, '5511999990026', '', { file: { data: PDF, name: 'a.pdf', type: 'application/pdf' } });
      expect(file.status).toBe(200);
      expect(refusal(file).validWhatsAppNumber).toBe(false);
      expect(await messageCount(sb)).toBe(before);
    });

    it('a contact outside the 24-hour session (ending in 47): "Ticket has been expired"', async () => {
      const before = await messageCount(sb);
      const res = await sendText(sb, '5511999990047', '?messageText=hi');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ result: false, info: 'Ticket has been expired', ticketStatus: 'BROADCAST' });
      const file = await sendFile(sb, '5511999990047', '?caption=x', { file: { data: PNG, name: 'a.png', type: 'image/png' } });
      expect(file.body).toEqual({ result: false, info: 'Ticket has been expired', ticketStatus: 'BROADCAST' });
      expect(await messageCount(sb)).toBe(before);
    });

    it('a body problem still comes first: 400, not a refusal', async () => {
      expect((await sendText(sb, '5511999990047', '')).status).toBe(400);
    });
  });

  describe('session file: POST /api/v1/sendSessionFile/{whatsappNumber}?caption= with a multipart `file`', () => {
    it('sends an image, its type from the part', async () => {
      const res = await sendFile(sb, NUMBER, '?caption=Look', { file: { data: PNG, name: 'photo.png', type: 'image/png' } });
      expect(res.status).toBe(200);
      const body = res.body as { result: boolean; data: WatiMessage };
      expect(body.result).toBe(true);
      expect(body.data).toMatchObject({ type: 'image', text: 'Look', waId: NUMBER });
      expect(body.data.id).toMatch(/^[0-9a-f]{24}$/);
      const [stored] = await lastMessages(sb, 1);
      expect(stored).toMatchObject({
        id: body.data.id,
        type: 'media',
        mediatype: 'image',
        mimetype: 'image/png',
        fileName: 'photo.png',
        caption: 'Look',
        bytes: PNG.length,
      });
    });

    it('sends a document, its type from the bytes when the part says octet-stream, or from the name', async () => {
      const res = await sendFile(sb, NUMBER, '?caption=Invoice_October.pdf', {
        file: { data: PDF, name: 'invoice.pdf', type: 'application/octet-stream' },
      });
      expect((res.body as { data: WatiMessage }).data.type).toBe('document');
      expect((await lastMessages(sb, 1))[0]).toMatchObject({
        mediatype: 'document',
        mimetype: 'application/pdf',
        fileName: 'invoice.pdf',
        bytes: PDF.length,
      });
      await sendFile(sb, NUMBER, '', { file: { data: Buffer.from('a,b\n1,2\n'), name: 'sheet.csv', type: 'application/octet-stream' } });
      expect((await lastMessages(sb, 1))[0]).toMatchObject({ mediatype: 'document', mimetype: 'text/csv', fileName: 'sheet.csv' });
      expect((await lastMessages(sb, 1))[0]!.caption).toBeUndefined();
    });

    it('sends an unknown file as an octet-stream document', async () => {
      const res = await sendFile(sb, NUMBER, '', {
        file: { data: Buffer.from([1, 2, 3, 4]), name: 'blob', type: 'application/octet-stream' },
      });
      expect(res.status).toBe(200);
      expect((await lastMessages(sb, 1))[0]).toMatchObject({
        mediatype: 'document',
        mimetype: 'application/octet-stream',
        fileName: 'blob',
      });
    });

    it('sends an audio file as API.md audio without caption', async () => {
      const res = await sendFile(sb, NUMBER, '?caption=ignored', {
        file: { data: OGG, name: 'note.ogg', type: 'application/octet-stream' },
      });
      expect(res.status).toBe(200);
      expect((res.body as { data: WatiMessage }).data).toMatchObject({ type: 'audio', text: null });
      const [stored] = await lastMessages(sb, 1);
      expect(stored).toMatchObject({ type: 'audio', mimetype: 'audio/ogg', ptt: false, bytes: OGG.length });
      expect(stored!.caption).toBeUndefined();
    });

    it.each([
      ['an empty file', { file: { data: Buffer.alloc(0), name: 'a.pdf', type: 'application/pdf' } }, 'file is empty'],
      [
        'an image over 5 MiB',
        { file: { data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), name: 'a.png', type: 'image/png' } },
        'may be at most 5 MiB',
      ],
      [
        'a caption in the form',
        { file: { data: PDF, name: 'a.pdf', type: 'application/pdf' }, caption: 'x' },
        'caption goes in the query string',
      ],
      ['another part', { file: { data: PDF, name: 'a.pdf', type: 'application/pdf' }, other: 'x' }, 'other is not a field of this form'],
    ] as const)('400 for %s', async (_name, parts, info) => {
      const before = await messageCount(sb);
      const res = await sendFile(sb, NUMBER, '', parts);
      expect(res.status).toBe(400);
      expect(refusal(res).info).toContain(info);
      expect(await messageCount(sb)).toBe(before);
    });

    it('400 naming file for an empty multipart body', async () => {
      const res = await call(sb, 'POST', `/api/v1/sendSessionFile/${NUMBER}?caption=x`, {
        key: sb.adminKey,
        headers: { 'Content-Type': 'multipart/form-data; boundary=B' },
      });
      expect(res.status).toBe(400);
      expect(refusal(res).info).toMatch(/^file is required: one multipart\/form-data part named "file"/);
    });

    it('400 for a body that is not multipart', async () => {
      const res = await call(sb, 'POST', `/api/v1/sendSessionFile/${NUMBER}`, { key: sb.adminKey, body: { file: 'x' } });
      expect(res.status).toBe(400);
      expect(refusal(res).info).toMatch(/^Content-Type must be multipart\/form-data/);
    });
  });

  describe('contacts: GET /api/v1/getContacts?pageSize=&pageNumber=&name=', () => {
    const all = seedContacts(CONTACTS, 42);
    type Page = {
      result: string;
      contact_list: {
        id: string;
        wAid: string;
        fullName: string;
        firstName: string;
        phone: string;
        customParams: { name: string; value: string }[];
      }[];
      link: Record<string, unknown>;
    };
    const page = async (query: string): Promise<Page> => {
      const res = await call(sb, 'GET', `/api/v1/getContacts${query}`, { key: sb.adminKey });
      expect(res.status).toBe(200);
      return res.body as Page;
    };

    it("answers the first 10 in Wati's contact shape", async () => {
      const first = await page('');
      expect(first.result).toBe('success');
      expect(first.contact_list).toHaveLength(10);
      const c = first.contact_list[0]!;
      expect(c).toMatchObject({
        wAid: all[0]!.number,
        phone: all[0]!.number,
        fullName: all[0]!.name,
        firstName: all[0]!.name.split(' ')[0],
        contactStatus: 'VALID',
        optedIn: false,
      });
      expect(c.id).toMatch(/^[0-9a-f]{24}$/);
      expect((c as unknown as { created: string }).created).toMatch(/^[A-Z][a-z]{2}-\d{2}-\d{4}$/);
      expect(c.customParams).toContainEqual({ name: 'name', value: all[0]!.name });
      expect(first.link).toEqual({
        prevPage: null,
        nextPage: '/api/v1/getContacts?pageSize=10&pageNumber=2',
        pageNumber: 1,
        pageSize: 10,
        total: CONTACTS,
      });
    });

    it('pages by page number to the end, every contact once', async () => {
      const seen: string[] = [];
      for (let n = 1; n <= 3; n += 1) {
        const p = await page(`?pageSize=10&pageNumber=${n}`);
        seen.push(...p.contact_list.map((c) => c.wAid));
        if (n === 3) expect(p.link).toMatchObject({ nextPage: null, prevPage: '/api/v1/getContacts?pageSize=10&pageNumber=2' });
      }
      expect(seen).toEqual(all.map((c) => c.number));
      expect((await page('?pageSize=10&pageNumber=9')).contact_list).toEqual([]);
    });

    it('searches by name, ranked like the other listings, with the name in the links', async () => {
      const term = all[3]!.name.split(' ')[0]!.slice(0, 3);
      const expected = ranked(all, term);
      const p = await page(`?pageSize=1&name=${encodeURIComponent(term)}`);
      expect(p.link.total).toBe(expected.length);
      expect(p.contact_list.map((c) => c.wAid)).toEqual([expected[0]!.number]);
      if (expected.length > 1) expect(p.link.nextPage).toBe(`/api/v1/getContacts?pageSize=1&pageNumber=2&name=${encodeURIComponent(term)}`);
    });

    it('400 for a pageSize or pageNumber out of range', async () => {
      for (const query of ['?pageSize=0', '?pageSize=501', '?pageNumber=0', '?pageNumber=x']) {
        const res = await call(sb, 'GET', `/api/v1/getContacts${query}`, { key: sb.adminKey });
        expect(res.status).toBe(400);
        expect(refusal(res).info).toMatch(/^page(Size|Number) must be an integer/);
      }
    });
  });

  describe('errors in {"result":false,"info"} with the HTTP status', () => {
    it('401 for a missing or unknown key', async () => {
      const none = await call(sb, 'POST', `/api/v1/sendSessionMessage/${NUMBER}?messageText=hi`);
      expect(none.status).toBe(401);
      expect(none.body).toEqual({ result: false, info: 'Missing Authorization: Bearer <API key>.' });
      const wrong = await call(sb, 'GET', '/api/v1/getContacts', { key: 'not_a_real_key_at_all' });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ result: false, info: 'Unknown or deleted API key.' });
    });

    it('404 for a path Wati does not have', async () => {
      const res = await call(sb, 'GET', '/api/v1/contacts', { key: sb.adminKey });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ result: false, info: 'No route for GET /api/v1/contacts.' });
    });

    it('403 for a key without the permission', async () => {
      const reader = sb.createKey('reader', ['contacts:read']);
      const res = await sendText(sb, NUMBER, '?messageText=hi', { key: reader.key });
      expect(res.status).toBe(403);
      expect(refusal(res).info).toMatch(/messages:send/);
    });

    it('429 with Retry-After', async () => {
      const res = await rateLimitedAnswer('wati', (slow) => call(slow, 'GET', '/api/v1/getContacts', { key: slow.adminKey }));
      expect(refusal(res).info).toMatch(/^Rate limit exceeded/);
    });

    it('an injected 500 in the same shape', async () => {
      sb.injectFaults([{ kind: 'status', status: 500 }], { pathPrefix: '/api/v1/sendSessionMessage' });
      const res = await sendText(sb, NUMBER, '?messageText=hi');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ result: false, info: 'Injected fault: HTTP 500.' });
    });
  });

  describe('Idempotency-Key', () => {
    it('replays the same send, and refuses the key for another text or number', async () => {
      const headers = { 'Idempotency-Key': 'wati-idem-1' };
      const before = await messageCount(sb);
      const first = await sendText(sb, NUMBER, '?messageText=once', { headers });
      const again = await sendText(sb, NUMBER, '?messageText=once', { headers });
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(await messageCount(sb)).toBe(before + 1);
      const otherText = await sendText(sb, NUMBER, '?messageText=twice', { headers });
      expect(otherText.status).toBe(400);
      expect(refusal(otherText).info).toMatch(/Idempotency-Key/);
      expect((await sendText(sb, '447700900123', '?messageText=once', { headers })).status).toBe(400);
      expect(await messageCount(sb)).toBe(before + 1);
    });

    it('replays a file send', async () => {
      const headers = { 'Idempotency-Key': 'wati-idem-file' };
      const form = new FormData();
      form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'a.pdf');
      const request = new Request(`${sb.baseUrl}/api/v1/sendSessionFile/${NUMBER}?caption=x`, { method: 'POST', body: form });
      const body = Buffer.from(await request.arrayBuffer());
      const contentType = request.headers.get('content-type')!;
      const post = (): Promise<ApiResponse> =>
        call(sb, 'POST', `/api/v1/sendSessionFile/${NUMBER}?caption=x`, {
          key: sb.adminKey,
          rawBody: body,
          headers: { ...headers, 'Content-Type': contentType },
        });
      const first = await post();
      const again = await post();
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
    });
  });
});

describe('playground of dialect "wati"', () => {
  let sb: RunningSandbox, tabs: PlaygroundTab[], dir: string;
  playgroundAround({ dialect: 'wati', contacts: 20 }, (opened) => ({ sb, tabs, dir } = opened));

  it('has contacts, text, media and audio tabs', () => {
    expect(tabs.map((t) => [t.id, t.method, t.endpoint])).toEqual([
      ['contacts', 'GET', '/api/v1/getContacts?pageSize=10&pageNumber=1&name=ana'],
      ['text', 'POST', `/api/v1/sendSessionMessage/${NUMBER}?messageText=Hello+Ana%2C+your+order+has+shipped.`],
      ['media', 'POST', `/api/v1/sendSessionFile/${NUMBER}?caption=Monthly+report`],
      ['audio', 'POST', `/api/v1/sendSessionFile/${NUMBER}`],
    ]);
    expect(playgroundTabs('wati', sb.baseUrl)).toEqual(tabs);
    expect(tabs.every((t) => t.body === null)).toBe(true);
    expect(tabs.find((t) => t.id === 'media')!.multipart).toEqual([['file', `@${DOCUMENT_EXAMPLE_PATH}`]]);
  });

  it("writes the cURLs in Wati's reference style", () => {
    const byId = Object.fromEntries(tabs.map((t) => [t.id, t.curl]));
    expect(byId.text).toBe(
      [
        'curl --request POST \\',
        `     --url '${sb.baseUrl}/api/v1/sendSessionMessage/${NUMBER}?messageText=Hello+Ana%2C+your+order+has+shipped.' \\`,
        "     --header 'Authorization: Bearer YOUR_API_KEY' \\",
        "     --header 'accept: */*'",
      ].join('\n'),
    );
    expect(byId.media!.split('\n').at(-1)).toBe(`     --form file=@${DOCUMENT_EXAMPLE_PATH}`);
  });

  it.skipIf(!curlAvailable)('has cURLs that run in bash with the key filled in (the files real)', async () => {
    const pdf = join(dir, 'report.pdf');
    const ogg = join(dir, 'note.ogg');
    await writeFile(pdf, PDF);
    await writeFile(ogg, OGG);
    const before = await messageCount(sb);
    for (const tab of tabs) {
      const command = tab.curl.replace('YOUR_API_KEY', sb.adminKey).replace(DOCUMENT_EXAMPLE_PATH, pdf).replace(AUDIO_EXAMPLE_PATH, ogg);
      const { status, body } = await runCurl(command);
      expect([tab.id, status, status === 200 ? '' : body]).toEqual([tab.id, 200, '']);
      const answer = JSON.parse(body) as { result: unknown };
      expect([tab.id, answer.result]).toEqual([tab.id, tab.id === 'media' || tab.id === 'audio' ? true : 'success']);
    }
    expect(await messageCount(sb)).toBe(before + 3);
    const [audio, media] = await lastMessages(sb, 2);
    expect(audio).toMatchObject({ type: 'audio', mimetype: 'audio/ogg', bytes: OGG.length });
    expect(media).toMatchObject({ mediatype: 'document', mimetype: 'application/pdf', fileName: 'report.pdf', caption: 'Monthly report' });
  });

  it('serves the HTML page with one section per tab', async () => {
    const html = await (await fetch(`${sb.baseUrl}/playground`)).text();
    for (const tab of tabs) expect(html).toContain(`<h2 id="${tab.id}-title">${tab.title}</h2>`);
  });
});
