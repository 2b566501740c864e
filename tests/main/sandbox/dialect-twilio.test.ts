// The 'twilio' dialect over real HTTP: HTTP Basic with the key as the password, form bodies,
// Twilio's Message and Account resources, Twilio's error codes, and its playground's cURLs.
import { describe, expect, it } from 'vitest';
import type { PlaygroundTab, RunningSandbox } from '../../../src-main/sandbox/index';
import { playgroundTabs } from '../../../src-main/sandbox/index';
import { call, lastMessages, rateLimitedAnswer } from './helpers';
import { sandboxAround } from './sandbox-around';
import { playgroundAround } from './playground-around';
import type { ApiResponse, StoredMessage } from './helpers';
import { curlAvailable, runCurl } from './run-curl';

const SID = 'AC0a1b2c3d4e5f60718293a4b5c6d7e8f9';
const OTHER_SID = 'ACffffffffffffffffffffffffffffffff';
const MESSAGES = `/2010-04-01/Accounts/${SID}/Messages.json`;
const NUMBER = '5511999990000';
const TO = `whatsapp:+${NUMBER}`;
const FROM = 'whatsapp:+14155238886';

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

function form(fields: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
  return params.toString();
}

interface TwilioError {
  code: number;
  message: string;
  more_info: string;
  status: number;
}

function twilioError(res: ApiResponse, status: number, code: number): TwilioError {
  expect(res.status).toBe(status);
  const body = res.body as TwilioError;
  expect(Object.keys(body)).toEqual(['code', 'message', 'more_info', 'status']);
  expect(body).toMatchObject({ code, status, more_info: `https://www.twilio.com/docs/errors/${code}` });
  return body;
}

describe('dialect "twilio"', () => {
  let sb: RunningSandbox;
  const send = (
    fields: Record<string, string | string[]>,
    opts: { auth?: string; path?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse> =>
    call(sb, 'POST', opts.path ?? MESSAGES, {
      rawBody: form(fields),
      headers: {
        Authorization: opts.auth ?? basic(SID, sb.adminKey),
        'Content-Type': 'application/x-www-form-urlencoded',
        ...opts.headers,
      },
    });
  const last = (count: number): Promise<StoredMessage[]> => lastMessages(sb, count);
  const total = async (): Promise<number> =>
    ((await call(sb, 'GET', '/api/v1/messages?per_page=1', { key: sb.adminKey })).body as { meta: { total: number } }).meta.total;

  sandboxAround({ dialect: 'twilio', contacts: 20 }, (started) => (sb = started));

  describe('auth: HTTP Basic, the key as the password', () => {
    it('accepts any Account SID as the username when the path names the same one', async () => {
      const res = await send(
        { To: TO, From: FROM, Body: 'hi' },
        { auth: basic(OTHER_SID, sb.adminKey), path: `/2010-04-01/Accounts/${OTHER_SID}/Messages.json` },
      );
      expect(res.status).toBe(201);
      expect((res.body as { account_sid: string }).account_sid).toBe(OTHER_SID);
    });

    it.each([
      ['no credentials', undefined],
      ['Bearer', 'BEARER'],
      ['a wrong key', basic(SID, 'crm_sk_not_a_real_key_at_all')],
      ['a username that is not an Account SID', 'BADUSER'],
      ['garbage after Basic', 'Basic !!!'],
    ])('answers 401 (20003) for %s, with a Basic challenge', async (_name, auth) => {
      const authorization = auth === 'BEARER' ? `Bearer ${sb.adminKey}` : auth === 'BADUSER' ? basic('someone', sb.adminKey) : auth;
      const res = await call(sb, 'POST', MESSAGES, {
        rawBody: form({ To: TO, From: FROM, Body: 'x' }),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(authorization ? { Authorization: authorization } : {}) },
      });
      expect(twilioError(res, 401, 20003).message).toBe('Authenticate');
      expect(res.headers.get('www-authenticate')).toBe('Basic realm="Twilio API"');
    });

    it('answers 401 (20003) when the path names another account than the username', async () => {
      const res = await send({ To: TO, From: FROM, Body: 'x' }, { path: `/2010-04-01/Accounts/${OTHER_SID}/Messages.json` });
      twilioError(res, 401, 20003);
    });

    it('keeps Bearer on the key routes and the message history', async () => {
      expect((await call(sb, 'GET', '/api/v1/api-keys', { key: sb.adminKey })).status).toBe(200);
      const basicOnKeys = await call(sb, 'GET', '/api/v1/api-keys', { headers: { Authorization: basic(SID, sb.adminKey) } });
      twilioError(basicOnKeys, 401, 20003);
      expect(basicOnKeys.headers.get('www-authenticate')).toBe('Bearer');
    });

    it('answers the Account resource (checking a key), without the token', async () => {
      const res = await call(sb, 'GET', `/2010-04-01/Accounts/${SID}.json`, { headers: { Authorization: basic(SID, sb.adminKey) } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        sid: SID,
        status: 'active',
        type: 'Full',
        uri: `/2010-04-01/Accounts/${SID}.json`,
        friendly_name: 'sandbox admin',
      });
      expect(res.text).not.toContain(sb.adminKey);
      expect((res.body as Record<string, unknown>).auth_token).toBeUndefined();
      const reader = sb.createKey('reader', ['contacts:read']);
      expect(
        (await call(sb, 'GET', `/2010-04-01/Accounts/${SID}.json`, { headers: { Authorization: basic(SID, reader.key) } })).status,
      ).toBe(200);
      const wrong = await call(sb, 'GET', `/2010-04-01/Accounts/${SID}.json`, {
        headers: { Authorization: basic(SID, 'crm_sk_wrongwrongwrong') },
      });
      twilioError(wrong, 401, 20003);
    });
  });

  describe('sending', () => {
    it('sends a text: 201 with the Message resource, stored under its sid', async () => {
      const res = await send({ To: TO, From: FROM, Body: 'Olá 👋 & more' });
      expect(res.status).toBe(201);
      const message = res.body as Record<string, unknown>;
      expect(message.sid).toMatch(/^SM[0-9a-f]{32}$/);
      expect(message).toMatchObject({
        account_sid: SID,
        api_version: '2010-04-01',
        status: 'queued',
        direction: 'outbound-api',
        to: TO,
        from: FROM,
        body: 'Olá 👋 & more',
        num_media: '0',
        uri: `/2010-04-01/Accounts/${SID}/Messages/${String(message.sid)}.json`,
      });
      expect(message.date_created).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
      const [stored] = await last(1);
      expect(stored).toMatchObject({ id: message.sid, type: 'text', number: NUMBER, text: 'Olá 👋 & more' });
    });

    it('sends media by URL with Body as the caption, and audio by URL', async () => {
      const image = await send({ To: TO, From: FROM, Body: 'look', MediaUrl: 'https://example.com/p/photo.png' });
      expect(image.status).toBe(201);
      expect((image.body as { num_media: string }).num_media).toBe('1');
      const doc = await send({ To: TO, From: FROM, MediaUrl: 'https://example.com/download?id=7' });
      expect(doc.status).toBe(201);
      const audio = await send({ To: TO, From: FROM, MediaUrl: 'https://example.com/a/note.ogg' });
      expect(audio.status).toBe(201);
      const [storedAudio, storedDoc, storedImage] = await last(3);
      expect(storedImage).toMatchObject({
        type: 'media',
        mediatype: 'image',
        mimetype: 'image/png',
        fileName: 'photo.png',
        caption: 'look',
        media: 'https://example.com/p/photo.png',
      });
      expect(storedDoc).toMatchObject({ type: 'media', mediatype: 'document', mimetype: 'application/octet-stream', fileName: 'download' });
      expect(storedAudio).toMatchObject({ type: 'audio', mimetype: 'audio/ogg', ptt: false, audio: 'https://example.com/a/note.ogg' });
    });

    it.each([
      [{ From: FROM, Body: 'x' }, 21604],
      [{ To: `+${NUMBER}`, From: FROM, Body: 'x' }, 21211],
      [{ To: 'whatsapp:+12', From: FROM, Body: 'x' }, 21211],
      [{ To: TO, Body: 'x' }, 21603],
      [{ To: TO, From: 'whatsapp:14155238886', Body: 'x' }, 21212],
      [{ To: TO, From: FROM }, 21602],
      [{ To: TO, From: FROM, Body: 'x'.repeat(1601) }, 21617],
      [{ To: TO, From: FROM, MediaUrl: Buffer.from('%PDF-1.7').toString('base64') }, 21620],
      [{ To: TO, From: FROM, MediaUrl: ['https://example.com/a.png', 'https://example.com/b.png'] }, 21623],
      [{ To: TO, From: FROM, Body: 'x', MediaUrl: 'https://example.com/a.ogg' }, 400],
    ])("answers 400 with Twilio's code: %#", async (fields, code) => {
      const before = await total();
      const res = await send(fields);
      expect(twilioError(res, 400, code).message.length).toBeGreaterThan(0);
      expect(await total()).toBe(before);
    });

    it("refuses a JSON body (400) in Twilio's shape", async () => {
      const res = await call(sb, 'POST', MESSAGES, {
        body: { To: TO, From: FROM, Body: 'x' },
        headers: { Authorization: basic(SID, sb.adminKey) },
      });
      expect(twilioError(res, 400, 400).message).toMatch(/Content-Type must be application\/x-www-form-urlencoded/);
    });

    it('replays a send with the same Idempotency-Key (one message, same sid)', async () => {
      const headers = { 'Idempotency-Key': `twilio-${Date.now()}` };
      const before = await total();
      const first = await send({ To: TO, From: FROM, Body: 'once' }, { headers });
      const again = await send({ To: TO, From: FROM, Body: 'once' }, { headers });
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(await total()).toBe(before + 1);
      twilioError(await send({ To: TO, From: FROM, Body: 'twice' }, { headers }), 400, 400);
    });
  });

  describe('errors', () => {
    it('has no contacts: 404 (20404) naming the resource', async () => {
      const res = await call(sb, 'GET', `/2010-04-01/Accounts/${SID}/Contacts.json`, {
        headers: { Authorization: basic(SID, sb.adminKey) },
      });
      expect(twilioError(res, 404, 20404).message).toBe(`The requested resource /2010-04-01/Accounts/${SID}/Contacts.json was not found`);
      twilioError(await call(sb, 'GET', '/api/v1/contacts', { key: sb.adminKey }), 404, 20404);
    });

    it('403 (20403) for a key without messages:send', async () => {
      const reader = sb.createKey('reader', ['contacts:read']);
      twilioError(await send({ To: TO, From: FROM, Body: 'x' }, { auth: basic(SID, reader.key) }), 403, 20403);
    });

    it('500 (20500) for an injected fault', async () => {
      sb.injectFaults([{ kind: 'status', status: 500 }], { pathPrefix: '/2010-04-01/' });
      twilioError(await send({ To: TO, From: FROM, Body: 'x' }), 500, 20500);
    });

    it('429 (20429) with Retry-After', async () => {
      const res = await rateLimitedAnswer('twilio', (slow) =>
        call(slow, 'GET', `/2010-04-01/Accounts/${SID}.json`, { headers: { Authorization: basic(SID, slow.adminKey) } }),
      );
      expect(twilioError(res, 429, 20429).message).toBe('Too Many Requests');
      expect(res.headers.get('x-ratelimit-limit')).toBe('1');
    });
  });
});

describe('playground of dialect "twilio"', () => {
  let sb: RunningSandbox, tabs: PlaygroundTab[];
  playgroundAround({ dialect: 'twilio', contacts: 20 }, (opened) => ({ sb, tabs } = opened));

  it('has the three sends and no List Contacts tab, each a form with Basic auth', () => {
    expect(tabs.map((t) => [t.id, t.title, t.method])).toEqual([
      ['text', 'Send Text', 'POST'],
      ['media', 'Send Media', 'POST'],
      ['audio', 'Send Audio', 'POST'],
    ]);
    for (const tab of tabs) {
      expect(tab.bodyEncoding).toBe('form');
      expect(tab.basicAuth).toEqual({ username: SID, password: 'YOUR_API_KEY' });
      expect(tab.url).toBe(`${sb.baseUrl}${MESSAGES}`);
    }
    expect(playgroundTabs('twilio', sb.baseUrl)).toEqual(tabs);
  });

  it("writes the cURL in Twilio's style", () => {
    expect(tabs[0]!.curl).toBe(
      [
        `curl -X POST "${sb.baseUrl}${MESSAGES}" \\`,
        `--data-urlencode "To=${TO}" \\`,
        `--data-urlencode "From=${FROM}" \\`,
        '--data-urlencode "Body=Hello Ana, your order has shipped." \\',
        `-u ${SID}:YOUR_API_KEY`,
      ].join('\n'),
    );
  });

  it('lists every tab in the HTML page', async () => {
    const html = await (await fetch(`${sb.baseUrl}/playground`)).text();
    for (const tab of tabs) expect(html).toContain(`<h2 id="${tab.id}-title">${tab.title}</h2>`);
    expect(html).not.toContain('List Contacts');
  });

  it.skipIf(!curlAvailable)('has cURLs that run as they are in bash, once the key is filled in', async () => {
    const before = ((await call(sb, 'GET', '/api/v1/messages?per_page=1', { key: sb.adminKey })).body as { meta: { total: number } }).meta
      .total;
    for (const tab of tabs) {
      const status = (await runCurl(tab.curl.replace('YOUR_API_KEY', sb.adminKey))).status;
      expect([tab.id, status]).toEqual([tab.id, 201]);
    }
    const after = (await call(sb, 'GET', '/api/v1/messages?per_page=3', { key: sb.adminKey })).body as {
      meta: { total: number };
      data: StoredMessage[];
    };
    expect(after.meta.total).toBe(before + 3);
    expect(after.data.map((m) => m.type)).toEqual(['audio', 'media', 'text']);
  });
});
