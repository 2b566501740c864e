// The 'evolution-v2' dialect over real HTTP: the `apikey` header, the one `sandbox` instance,
// Evolution's send answers and contact records, its error body, and its playground's cURLs.
import { describe, expect, it } from 'vitest';
import type { PlaygroundTab, RunningSandbox } from '../../../src-main/sandbox/index';
import { playgroundTabs } from '../../../src-main/sandbox/index';
import { call, lastMessages, rateLimitedAnswer } from './helpers';
import { sandboxAround } from './sandbox-around';
import { playgroundAround } from './playground-around';
import type { ApiResponse, StoredMessage } from './helpers';
import { curlAvailable, runCurl } from './run-curl';

const NUMBER = '5511999990000';
const JID = `${NUMBER}@s.whatsapp.net`;
const CONTACTS = 30;
const OGG64 = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(100)]).toString('base64');
const PNG64 = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(100)]).toString('base64');
const PDF64 = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(100)]).toString('base64');

interface EvolutionError {
  status: number;
  error: string;
  response: { message: string | string[] };
}

function evolutionError(res: ApiResponse, status: number, error: string): EvolutionError['response']['message'] {
  expect(res.status).toBe(status);
  const body = res.body as EvolutionError;
  expect(Object.keys(body)).toEqual(['status', 'error', 'response']);
  expect(body).toMatchObject({ status, error });
  return body.response.message;
}

interface SendAnswer {
  key: { remoteJid: string; fromMe: boolean; id: string };
  message: Record<string, Record<string, unknown>>;
  messageType: string;
  messageTimestamp: string;
  status: string;
}

describe('dialect "evolution-v2"', () => {
  let sb: RunningSandbox;
  const post = (
    path: string,
    body: unknown,
    opts: { apikey?: string | null; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse> =>
    call(sb, 'POST', path, { body, headers: { ...(opts.apikey === null ? {} : { apikey: opts.apikey ?? sb.adminKey }), ...opts.headers } });
  const last = (count: number): Promise<StoredMessage[]> => lastMessages(sb, count);
  const total = async (): Promise<number> =>
    ((await call(sb, 'GET', '/api/v1/messages?per_page=1', { key: sb.adminKey })).body as { meta: { total: number } }).meta.total;

  sandboxAround({ dialect: 'evolution-v2', contacts: CONTACTS }, (started) => (sb = started));

  describe('auth: the apikey header', () => {
    it.each([
      ['no apikey', null, {}],
      ['a wrong apikey', 'crm_sk_not_a_real_key_at_all', {}],
      ['the key as Bearer only', null, { Authorization: 'BEARER' }],
    ])('answers 401 for %s', async (_name, apikey, headers) => {
      const extra = Object.fromEntries(Object.entries(headers).map(([n, v]) => [n, v === 'BEARER' ? `Bearer ${sb.adminKey}` : v]));
      const res = await post('/message/sendText/sandbox', { number: NUMBER, text: 'x' }, { apikey, headers: extra });
      expect(evolutionError(res, 401, 'Unauthorized')).toBe('Unauthorized');
    });

    it('keeps Bearer on the key routes', async () => {
      expect((await call(sb, 'GET', '/api/v1/api-keys', { key: sb.adminKey })).status).toBe(200);
      const res = await call(sb, 'GET', '/api/v1/api-keys', { headers: { apikey: sb.adminKey } });
      expect(evolutionError(res, 401, 'Unauthorized')).toBe('Unauthorized');
    });

    it('answers 404 for an unknown instance, before looking at the key', async () => {
      for (const apikey of [sb.adminKey, null]) {
        const res = await post('/message/sendText/other', { number: NUMBER, text: 'x' }, { apikey });
        expect(evolutionError(res, 404, 'Not Found')).toEqual(['The "other" instance does not exist']);
      }
      const unknownPath = await post('/message/sendSticker/sandbox', { number: NUMBER });
      expect(evolutionError(unknownPath, 404, 'Not Found')).toEqual(['Cannot POST /message/sendSticker/sandbox']);
    });
  });

  describe('contacts', () => {
    it('answers every contact as a bare array of Evolution records', async () => {
      const res = await post('/chat/findContacts/sandbox', { where: {} });
      expect(res.status).toBe(200);
      const list = res.body as Record<string, unknown>[];
      expect(list).toHaveLength(CONTACTS);
      expect(Object.keys(list[0]!)).toEqual(['id', 'remoteJid', 'pushName', 'profilePicUrl', 'createdAt', 'updatedAt', 'instanceId']);
      expect(list[0]!.remoteJid).toMatch(/^\d{8,15}@s\.whatsapp\.net$/);
    });

    it('filters by remoteJid and id exactly, and by pushName as a search', async () => {
      const all = (await post('/chat/findContacts/sandbox', {})).body as { id: string; remoteJid: string; pushName: string }[];
      const one = all[7]!;
      expect((await post('/chat/findContacts/sandbox', { where: { remoteJid: one.remoteJid } })).body).toEqual([one]);
      expect((await post('/chat/findContacts/sandbox', { where: { id: one.id } })).body).toEqual([one]);
      expect((await post('/chat/findContacts/sandbox', { where: { id: one.id, remoteJid: all[8]!.remoteJid } })).body).toEqual([]);
      const word = one.pushName.split(' ')[0]!.toUpperCase();
      const found = (await post('/chat/findContacts/sandbox', { where: { pushName: word } })).body as { id: string }[];
      expect(found.map((c) => c.id)).toContain(one.id);
    });

    it('answers 400 for a bad filter, 403 without contacts:read', async () => {
      expect(evolutionError(await post('/chat/findContacts/sandbox', { where: { pushName: '' } }), 400, 'Bad Request')).toEqual([
        'where.pushName must be a non-empty string',
      ]);
      const sender = sb.createKey('sender', ['messages:send']);
      evolutionError(await post('/chat/findContacts/sandbox', {}, { apikey: sender.key }), 403, 'Forbidden');
    });
  });

  describe('sending', () => {
    it('sends a text: 201 with key, message, messageTimestamp and PENDING', async () => {
      const res = await post('/message/sendText/sandbox', { number: `+${NUMBER}`, text: 'Olá 👋', delay: 1200, linkPreview: false });
      expect(res.status).toBe(201);
      const answer = res.body as SendAnswer;
      expect(answer.key).toEqual({ remoteJid: JID, fromMe: true, id: answer.key.id });
      expect(answer.key.id).toMatch(/^3EB0[0-9A-F]{18}$/);
      expect(answer.message).toEqual({ extendedTextMessage: { text: 'Olá 👋' } });
      expect(answer.status).toBe('PENDING');
      expect(answer.messageTimestamp).toMatch(/^\d{10}$/);
      const [stored] = await last(1);
      expect(stored).toMatchObject({ id: answer.key.id, type: 'text', number: NUMBER, text: 'Olá 👋' });
    });

    it('takes the number as a JID too', async () => {
      expect((await post('/message/sendText/sandbox', { number: JID, text: 'hi' })).status).toBe(201);
    });

    it('sends media by URL and by base64, and a video as a document with its type', async () => {
      const doc = await post('/message/sendMedia/sandbox', {
        number: NUMBER,
        mediatype: 'document',
        media: 'https://example.com/f/report.pdf',
        caption: 'Q3',
      });
      expect(doc.status).toBe(201);
      expect((doc.body as SendAnswer).message.documentMessage).toMatchObject({
        url: 'https://example.com/f/report.pdf',
        mimetype: 'application/pdf',
        fileName: 'report.pdf',
        caption: 'Q3',
      });
      const image = await post('/message/sendMedia/sandbox', { number: NUMBER, mediatype: 'image', media: PNG64, fileName: 'pic.png' });
      expect(image.status).toBe(201);
      expect((image.body as SendAnswer).messageType).toBe('imageMessage');
      const video = await post('/message/sendMedia/sandbox', {
        number: NUMBER,
        mediatype: 'video',
        media: 'https://example.com/v/clip.mp4',
      });
      expect(video.status).toBe(201);
      expect((video.body as SendAnswer).message.videoMessage).toMatchObject({ mimetype: 'video/mp4' });
      const [storedVideo, storedImage, storedDoc] = await last(3);
      expect(storedDoc).toMatchObject({
        type: 'media',
        mediatype: 'document',
        mimetype: 'application/pdf',
        media: 'https://example.com/f/report.pdf',
      });
      expect(storedImage).toMatchObject({ type: 'media', mediatype: 'image', mimetype: 'image/png', fileName: 'pic.png', bytes: 108 });
      expect(storedVideo).toMatchObject({ type: 'media', mediatype: 'document', mimetype: 'video/mp4', fileName: 'clip.mp4' });
    });

    it('sends a voice note by base64 and by URL, and an audio through sendMedia', async () => {
      const voice = await post('/message/sendWhatsAppAudio/sandbox', { number: NUMBER, audio: OGG64 });
      expect(voice.status).toBe(201);
      expect((voice.body as SendAnswer).message.audioMessage).toMatchObject({ mimetype: 'audio/ogg', ptt: true });
      expect((await post('/message/sendWhatsAppAudio/sandbox', { number: NUMBER, audio: 'https://example.com/a/voice' })).status).toBe(201);
      expect(
        (await post('/message/sendMedia/sandbox', { number: NUMBER, mediatype: 'audio', media: 'https://example.com/a/song.mp3' })).status,
      ).toBe(201);
      const [song, byUrl, bytes] = await last(3);
      expect(bytes).toMatchObject({ type: 'audio', mimetype: 'audio/ogg', ptt: true, bytes: 104 });
      expect(byUrl).toMatchObject({ type: 'audio', mimetype: 'audio/ogg', ptt: true, audio: 'https://example.com/a/voice' });
      expect(song).toMatchObject({ type: 'audio', mimetype: 'audio/mpeg', ptt: false });
    });

    it.each([
      ['/message/sendText/sandbox', { text: 'x' }, 'number is required'],
      ['/message/sendText/sandbox', { number: '55 11', text: 'x' }, 'number must be a phone number'],
      ['/message/sendText/sandbox', { number: NUMBER, text: '' }, 'text must not be empty'],
      ['/message/sendText/sandbox', { number: NUMBER, text: 'x', delay: 'soon' }, 'delay must be an integer'],
      [
        '/message/sendMedia/sandbox',
        { number: NUMBER, mediatype: 'sticker', media: 'https://example.com/a.webp' },
        'mediatype must be one of image, video, document, audio',
      ],
      ['/message/sendMedia/sandbox', { number: NUMBER, mediatype: 'image', media: PDF64 }, 'mimetype must be an image type'],
      ['/message/sendMedia/sandbox', { number: NUMBER, mediatype: 'document' }, 'media is required'],
      [
        '/message/sendMedia/sandbox',
        { number: NUMBER, mediatype: 'audio', media: OGG64, caption: 'x' },
        'caption cannot be sent with an audio',
      ],
      ['/message/sendWhatsAppAudio/sandbox', { number: NUMBER, audio: PDF64 }, 'audio must be an audio file'],
      ['/message/sendWhatsAppAudio/sandbox', { number: NUMBER, audio: 'data:audio/ogg;base64,AAAA' }, 'audio must be plain base64'],
    ])("answers 400 in Evolution's shape: %s %#", async (path, body, problem) => {
      const before = await total();
      const messages = evolutionError(await post(path, body), 400, 'Bad Request') as string[];
      expect(messages.some((m) => m.startsWith(problem))).toBe(true);
      expect(await total()).toBe(before);
    });

    it('400 for a body that is not JSON', async () => {
      const res = await call(sb, 'POST', '/message/sendText/sandbox', {
        rawBody: '{nope',
        headers: { apikey: sb.adminKey, 'Content-Type': 'application/json' },
      });
      expect((evolutionError(res, 400, 'Bad Request') as string[])[0]).toMatch(/^body malformed JSON/);
    });

    it('replays a send with the same Idempotency-Key (one message, same id)', async () => {
      const headers = { 'Idempotency-Key': `evo-${Date.now()}` };
      const before = await total();
      const first = await post('/message/sendText/sandbox', { number: NUMBER, text: 'once' }, { headers });
      const again = await post('/message/sendText/sandbox', { number: NUMBER, text: 'once' }, { headers });
      expect(first.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(await total()).toBe(before + 1);
    });
  });

  describe('errors', () => {
    it('500 for an injected fault', async () => {
      sb.injectFaults([{ kind: 'status', status: 500 }], { pathPrefix: '/message/' });
      evolutionError(await post('/message/sendText/sandbox', { number: NUMBER, text: 'x' }), 500, 'Internal Server Error');
    });

    it('429 with Retry-After', async () => {
      const res = await rateLimitedAnswer('evolution-v2', (slow) =>
        call(slow, 'POST', '/chat/findContacts/sandbox', { body: {}, headers: { apikey: slow.adminKey } }),
      );
      evolutionError(res, 429, 'Too Many Requests');
    });
  });
});

describe('playground of dialect "evolution-v2"', () => {
  let sb: RunningSandbox, tabs: PlaygroundTab[];
  playgroundAround({ dialect: 'evolution-v2', contacts: CONTACTS }, (opened) => ({ sb, tabs } = opened));

  it('has the four tabs, all POST with the apikey header', () => {
    expect(tabs.map((t) => [t.id, t.method, t.endpoint])).toEqual([
      ['contacts', 'POST', '/chat/findContacts/sandbox'],
      ['text', 'POST', '/message/sendText/sandbox'],
      ['media', 'POST', '/message/sendMedia/sandbox'],
      ['audio', 'POST', '/message/sendWhatsAppAudio/sandbox'],
    ]);
    for (const tab of tabs) expect(tab.headers).toEqual({ 'Content-Type': 'application/json', apikey: 'YOUR_API_KEY' });
    expect(playgroundTabs('evolution-v2', sb.baseUrl)).toEqual(tabs);
  });

  it("writes the cURL in Evolution's reference style", () => {
    expect(tabs[1]!.curl).toBe(
      [
        'curl --request POST \\',
        `  --url ${sb.baseUrl}/message/sendText/sandbox \\`,
        "  --header 'Content-Type: application/json' \\",
        "  --header 'apikey: YOUR_API_KEY' \\",
        "  --data '{",
        `  "number": "${NUMBER}",`,
        '  "text": "Hello Ana, your order has shipped."',
        "}'",
      ].join('\n'),
    );
  });

  it.skipIf(!curlAvailable)('has cURLs that run as they are in bash, once the key is filled in', async () => {
    for (const tab of tabs) {
      const status = (await runCurl(tab.curl.replace('YOUR_API_KEY', sb.adminKey))).status;
      expect([tab.id, status]).toEqual([tab.id, tab.id === 'contacts' ? 200 : 201]);
    }
  });
});
