// The sandbox's meta dialect (Meta's WhatsApp Cloud API on the Graph API) over real HTTP: the
// key check, every send type by link and by uploaded id, the multipart upload and its edge
// cases, Meta's error codes and body, the missing contacts listing, and the playground's cURLs
// run in bash.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PlaygroundTab, RunningSandbox } from '../../../src-main/sandbox/index';
import { playgroundTabs } from '../../../src-main/sandbox/index';
import { UPLOAD_EXAMPLE_PATH } from '../../../src-main/sandbox/dialects/meta-examples';
import { MAX_UPLOADS, UploadStore } from '../../../src-main/sandbox/dialects/meta-uploads';
import { UPLOAD_BODY_LIMIT } from '../../../src-main/sandbox/dialects/meta-upload';
import { inboundMediaId } from '../../../src-main/sandbox/dialects/meta-inbound-media';
import { MEDIA_SAMPLES } from '../../../src-main/sandbox/events/media-samples';
import { MAX_PARTS, boundaryOf, parseMultipart } from '../../../src-main/sandbox/multipart';
import { call, invalidParameterError, lastMessages, messageCount, rawExchange, rawJson, rawStatus, rateLimitedAnswer } from './helpers';
import { sandboxAround } from './sandbox-around';
import type { ApiResponse } from './helpers';
import { playgroundAround } from './playground-around';
import { curlAvailable, runCurl } from './run-curl';

const PHONE_ID = '106540352242922';
const BASE = `/v23.0/${PHONE_ID}`;
const NUMBER = '5511999990000';
const MiB = 1024 * 1024;
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(200)]);

interface GraphError {
  message: string;
  type: string;
  code: number;
  error_subcode?: number;
  is_transient?: boolean;
  error_data: { messaging_product: string; details: string };
  fbtrace_id: string;
}

/** The error of a Graph API error body, after checking the shape every one of them has. */
function graphError(res: ApiResponse): GraphError {
  const body = res.body as { error: GraphError };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.error_data.messaging_product).toBe('whatsapp');
  expect(typeof body.error.error_data.details).toBe('string');
  expect(body.error.fbtrace_id).toMatch(/^[A-Za-z0-9_-]{16,}$/);
  return body.error;
}

/** A multipart upload the way fetch (undici) writes one. */
async function upload(
  sb: RunningSandbox,
  fields: Record<string, string | { data: Buffer; name: string; type: string }>,
  key = sb.adminKey,
): Promise<ApiResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.data], { type: value.type }), value.name);
  }
  const res = await fetch(`${sb.baseUrl}${BASE}/media`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: form });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text) as unknown };
}

function uploadFile(sb: RunningSandbox, data: Buffer, type: string, name: string): Promise<ApiResponse> {
  return upload(sb, { messaging_product: 'whatsapp', type, file: { data, name, type } });
}

/** A multipart body written by hand, for what FormData will not write. */
function rawUpload(sb: RunningSandbox, body: string | Buffer, contentType: string): Promise<ApiResponse> {
  return call(sb, 'POST', `${BASE}/media`, {
    key: sb.adminKey,
    rawBody: typeof body === 'string' ? Buffer.from(body) : body,
    headers: { 'Content-Type': contentType },
  });
}

describe('dialect "meta"', () => {
  let sb: RunningSandbox;
  const send = (body: unknown, opts: { key?: string; headers?: Record<string, string>; phoneId?: string } = {}): Promise<ApiResponse> =>
    call(sb, 'POST', `/v23.0/${opts.phoneId ?? PHONE_ID}/messages`, { key: opts.key ?? sb.adminKey, body, headers: opts.headers });
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: NUMBER };
  const wamidOf = (res: ApiResponse): string => (res.body as { messages: { id: string }[] }).messages[0]!.id;

  sandboxAround({ dialect: 'meta', contacts: 20 }, (started) => (sb = started));

  describe('the key check: GET /v23.0/{phone-number-id}', () => {
    it('answers the phone number with its default fields', async () => {
      const res = await call(sb, 'GET', BASE, { key: sb.adminKey });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: PHONE_ID,
        display_phone_number: expect.any(String),
        verified_name: expect.any(String),
        quality_rating: 'GREEN',
      });
    });

    it('adds the fields `fields` asks for, and refuses one the node does not have', async () => {
      const res = await call(sb, 'GET', `${BASE}?fields=code_verification_status,name_status`, { key: sb.adminKey });
      expect(res.body).toMatchObject({ id: PHONE_ID, code_verification_status: 'VERIFIED', name_status: 'APPROVED' });
      const bad = await call(sb, 'GET', `${BASE}?fields=secret`, { key: sb.adminKey });
      expect(bad.status).toBe(400);
      expect(graphError(bad)).toMatchObject({
        code: 100,
        message: '(#100) Tried accessing nonexisting field (secret) on node type (WhatsAppBusinessPhoneNumber)',
      });
    });

    it('answers any valid key, whatever its permissions', async () => {
      const reader = sb.createKey('reader', ['contacts:read']);
      expect((await call(sb, 'GET', BASE, { key: reader.key })).status).toBe(200);
    });

    it("answers another id 400 with Graph's code 100, subcode 33", async () => {
      const res = await call(sb, 'GET', '/v23.0/123456789', { key: sb.adminKey });
      expect(res.status).toBe(400);
      const error = graphError(res);
      expect(error).toMatchObject({ code: 100, error_subcode: 33, type: 'GraphMethodException' });
      expect(error.message).toMatch(/^Unsupported get request\. Object with ID '123456789' does not exist/);
    });

    it('401 with code 190 for a bad token, before anything else', async () => {
      const res = await call(sb, 'GET', '/v23.0/123456789', { key: 'crm_sk_not_a_real_key_at_all' });
      expect(res.status).toBe(401);
      expect(graphError(res)).toMatchObject({
        code: 190,
        type: 'OAuthException',
        message: 'Invalid OAuth access token - Cannot parse access token',
      });
      expect((await call(sb, 'GET', BASE)).status).toBe(401);
    });
  });

  describe('sending by link', () => {
    it('sends a text: 200 with the wamid, stored under it with API.md fields', async () => {
      const res = await send({ ...base, type: 'text', text: { body: 'Olá 👋', preview_url: true } });
      expect(res.status).toBe(200);
      const wamid = wamidOf(res);
      expect(wamid).toMatch(/^wamid\.[A-Za-z0-9_-]{20,}$/);
      expect(res.body).toEqual({ messaging_product: 'whatsapp', contacts: [{ input: NUMBER, wa_id: NUMBER }], messages: [{ id: wamid }] });
      const [stored] = await lastMessages(sb, 1);
      expect(stored).toEqual({ id: wamid, type: 'text', number: NUMBER, status: 'queued', created_at: stored!.created_at, text: 'Olá 👋' });
    });

    it('takes `to` with a "+" and answers it as given', async () => {
      const res = await send({ ...base, to: `+${NUMBER}`, type: 'text', text: { body: 'hi' } });
      expect((res.body as { contacts: unknown[] }).contacts).toEqual([{ input: `+${NUMBER}`, wa_id: NUMBER }]);
    });

    it.each([
      [
        'image',
        { link: 'https://example.com/i/photo.png', caption: 'look' },
        { mediatype: 'image', mimetype: 'image/png', fileName: 'photo.png', caption: 'look' },
      ],
      ['image', { link: 'https://example.com/download' }, { mediatype: 'image', mimetype: 'image/jpeg', fileName: 'download' }],
      [
        'video',
        { link: 'https://example.com/v/clip.mp4', caption: 'clip' },
        { mediatype: 'document', mimetype: 'video/mp4', fileName: 'clip.mp4', caption: 'clip' },
      ],
      [
        'document',
        { link: 'https://example.com/files/x', filename: 'Q3 report.pdf', caption: 'Q3' },
        { mediatype: 'document', mimetype: 'application/pdf', fileName: 'Q3 report.pdf', caption: 'Q3' },
      ],
      ['sticker', { link: 'https://example.com/s/smile.webp' }, { mediatype: 'image', mimetype: 'image/webp', fileName: 'smile.webp' }],
    ] as const)('sends %s by link, stored as API.md media', async (type, media, stored) => {
      const res = await send({ ...base, type, [type]: media });
      expect(res.status).toBe(200);
      const [message] = await lastMessages(sb, 1);
      expect(message).toMatchObject({ id: wamidOf(res), type: 'media', number: NUMBER, ...stored, media: media.link });
    });

    it('sends audio by link: voice true is a voice note, its type from the extension', async () => {
      expect((await send({ ...base, type: 'audio', audio: { link: 'https://example.com/a/note.ogg', voice: true } })).status).toBe(200);
      expect((await send({ ...base, type: 'audio', audio: { link: 'https://example.com/a/song.mp3' } })).status).toBe(200);
      const [song, note] = await lastMessages(sb, 2);
      expect(note).toMatchObject({ type: 'audio', mimetype: 'audio/ogg', ptt: true, audio: 'https://example.com/a/note.ogg' });
      expect(song).toMatchObject({ type: 'audio', mimetype: 'audio/mpeg', ptt: false, audio: 'https://example.com/a/song.mp3' });
    });

    it('replays a send with the same Idempotency-Key', async () => {
      const headers = { 'Idempotency-Key': `meta-${Date.now()}` };
      const body = { ...base, type: 'text', text: { body: 'once' } };
      const before = await messageCount(sb);
      const first = await send(body, { headers });
      const again = await send(body, { headers });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(await messageCount(sb)).toBe(before + 1);
    });
  });

  describe('uploading and sending by id', () => {
    it('uploads an image and sends it by id: the message has its type, size and name', async () => {
      const up = await uploadFile(sb, PNG, 'image/png', 'photo.png');
      expect(up.status).toBe(200);
      const { id } = up.body as { id: string };
      expect(Object.keys(up.body as object)).toEqual(['id']);
      expect(id).toMatch(/^[1-9][0-9]{15}$/);
      const res = await send({ ...base, type: 'image', image: { id, caption: 'uploaded' } });
      expect(res.status).toBe(200);
      const [message] = await lastMessages(sb, 1);
      expect(message).toMatchObject({
        id: wamidOf(res),
        type: 'media',
        mediatype: 'image',
        mimetype: 'image/png',
        fileName: 'photo.png',
        caption: 'uploaded',
        bytes: PNG.length,
        media_id: id,
      });
      expect(message!.media).toBeUndefined();
    });

    it("keeps a document's filename (given at send, else the uploaded file's)", async () => {
      const pdf = Buffer.from('%PDF-1.7\nhello');
      const { id } = (await uploadFile(sb, pdf, 'application/pdf', 'upload.pdf')).body as { id: string };
      expect((await send({ ...base, type: 'document', document: { id } })).status).toBe(200);
      expect((await send({ ...base, type: 'document', document: { id, filename: 'Invoice 42.pdf', caption: 'invoice' } })).status).toBe(
        200,
      );
      const [named, plain] = await lastMessages(sb, 2);
      expect(plain).toMatchObject({ mediatype: 'document', mimetype: 'application/pdf', fileName: 'upload.pdf', bytes: pdf.length });
      expect(named).toMatchObject({
        mediatype: 'document',
        mimetype: 'application/pdf',
        fileName: 'Invoice 42.pdf',
        caption: 'invoice',
        bytes: pdf.length,
      });
    });

    it('sends uploaded audio (opus stored as Ogg Opus), video and sticker by id', async () => {
      const ids: Record<string, string> = {};
      for (const [kind, type, name] of [
        ['audio', 'audio/opus', 'note.opus'],
        ['video', 'video/mp4', 'clip.mp4'],
        ['sticker', 'image/webp', 'smile.webp'],
      ] as const) {
        const up = await uploadFile(sb, Buffer.alloc(64, 1), type, name);
        expect(up.status).toBe(200);
        ids[kind] = (up.body as { id: string }).id;
      }
      expect((await send({ ...base, type: 'audio', audio: { id: ids.audio, voice: true } })).status).toBe(200);
      expect((await send({ ...base, type: 'video', video: { id: ids.video } })).status).toBe(200);
      expect((await send({ ...base, type: 'sticker', sticker: { id: ids.sticker } })).status).toBe(200);
      const [sticker, video, audio] = await lastMessages(sb, 3);
      expect(audio).toMatchObject({ type: 'audio', mimetype: 'audio/ogg; codecs=opus', ptt: true, bytes: 64, media_id: ids.audio });
      expect(video).toMatchObject({ type: 'media', mediatype: 'document', mimetype: 'video/mp4', fileName: 'clip.mp4', bytes: 64 });
      expect(sticker).toMatchObject({ type: 'media', mediatype: 'image', mimetype: 'image/webp', fileName: 'smile.webp', bytes: 64 });
    });

    it('answers 131053 for an id never uploaded, or one of another kind; nothing is stored', async () => {
      const before = await messageCount(sb);
      const unknown = await send({ ...base, type: 'image', image: { id: '1234567890123456' } });
      expect(unknown.status).toBe(400);
      const error = graphError(unknown);
      expect(error).toMatchObject({ code: 131053, message: '(#131053) Media upload error' });
      expect(error.error_data.details).toContain('1234567890123456');
      const { id } = (await uploadFile(sb, Buffer.from('%PDF-1.7'), 'application/pdf', 'a.pdf')).body as { id: string };
      const wrongKind = await send({ ...base, type: 'image', image: { id } });
      expect(graphError(wrongKind).code).toBe(131053);
      expect(graphError(wrongKind).error_data.details).toContain('application/pdf');
      expect(await messageCount(sb)).toBe(before);
    });

    it('uploads a 100 MiB document within the memory rules', async () => {
      const big = Buffer.alloc(100 * MiB, 7);
      const up = await uploadFile(sb, big, 'application/pdf', 'big.pdf');
      expect(up.status).toBe(200);
      expect((await send({ ...base, type: 'document', document: { id: (up.body as { id: string }).id } })).status).toBe(200);
      expect((await lastMessages(sb, 1))[0]).toMatchObject({ bytes: 100 * MiB, fileName: 'big.pdf' });
    });
  });

  describe('the 24-hour window and undeliverable numbers', () => {
    it('refuses a free-form message to a number ending in 47 with 131047; a template goes', async () => {
      const to = '5511999990047';
      for (const body of [
        { ...base, to, type: 'text', text: { body: 'hi' } },
        { ...base, to, type: 'image', image: { link: 'https://example.com/a.png' } },
      ]) {
        const res = await send(body);
        expect(res.status).toBe(400);
        const error = graphError(res);
        expect(error).toMatchObject({ code: 131047, message: '(#131047) Re-engagement message' });
        expect(error.error_data.details).toMatch(/more than 24 hours/i);
      }
      const template = await send({ ...base, to, type: 'template', template: { name: 'hello_world', language: { code: 'en_US' } } });
      expect(template.status).toBe(200);
      expect(template.body).toEqual({
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: to }],
        messages: [{ id: wamidOf(template), message_status: 'accepted' }],
      });
      expect((await lastMessages(sb, 1))[0]).toMatchObject({
        type: 'template',
        number: to,
        template: { name: 'hello_world', language: 'en_US', params: [] },
      });
    });

    it('answers 131026 for a number ending in 26, template or not', async () => {
      const res = await send({
        ...base,
        to: '5511999990026',
        type: 'template',
        template: { name: 'hello_world', language: { code: 'en_US' } },
      });
      expect(res.status).toBe(400);
      expect(graphError(res)).toMatchObject({ code: 131026, message: '(#131026) Message Undeliverable.' });
    });
  });

  describe('validation errors: 400, code 100, the field named in details', () => {
    it.each([
      [{ messaging_product: 'whatsapp', type: 'text', text: { body: 'x' } }, 'to', 'to is required'],
      [{ ...base, type: 'location', location: {} }, 'type', 'type must be one of text, image, video, document, audio, sticker, template'],
      [{ ...base, type: undefined, text: { body: 'x' } }, 'type', 'type is required'],
      [
        { ...base, messaging_product: 'sms', type: 'text', text: { body: 'x' } },
        'messaging_product',
        'messaging_product must be "whatsapp"',
      ],
      [{ ...base, to: '12', type: 'text', text: { body: 'x' } }, 'to', 'to must be'],
      [{ ...base, type: 'text', text: { body: '' } }, 'text.body', 'text.body must not be empty'],
      [{ ...base, type: 'image', image: { link: 'ftp://example.com/a.png' } }, 'image.link', 'image.link must be an http(s) URL'],
      [
        { ...base, type: 'image', image: { link: 'https://example.com/a.png', id: '1' } },
        'image',
        'image must have "link" or "id", not both',
      ],
      [{ ...base, type: 'video', video: {} }, 'video', 'video needs "link"'],
      [{ ...base, type: 'audio', audio: { id: 42 } }, 'audio.id', 'audio.id must be a media id'],
      [
        { ...base, type: 'audio', audio: { link: 'https://example.com/a.ogg', voice: 'yes' } },
        'audio.voice',
        'audio.voice must be true or false',
      ],
      [
        { ...base, type: 'document', document: { link: 'https://example.com/a.pdf', filename: '../etc/passwd' } },
        'document.filename',
        'document.filename must be a file name',
      ],
      [
        { ...base, type: 'template', template: { name: 'Hello World', language: { code: 'en_US' } } },
        'template.name',
        'template.name must be a template name',
      ],
      [{ ...base, type: 'template', template: { name: 'hello_world' } }, 'template.language.code', 'template.language.code is required'],
    ])('%#: %s', async (body, fieldName, problem) => {
      const error = await invalidParameterError(sb, () => send(body), graphError, problem);
      expect(error.error_data.details).toMatch(new RegExp(`^Invalid parameters: .*${fieldName.replace('.', '\\.')} `));
    });

    it('answers a send to another phone number id with code 100, subcode 33', async () => {
      const res = await send({ ...base, type: 'text', text: { body: 'x' } }, { phoneId: '999' });
      expect(res.status).toBe(400);
      expect(graphError(res)).toMatchObject({ code: 100, error_subcode: 33 });
      expect(graphError(res).message).toMatch(/^Unsupported post request\. Object with ID '999'/);
    });

    it('answers a body that is not JSON with code 100', async () => {
      const res = await call(sb, 'POST', `${BASE}/messages`, {
        key: sb.adminKey,
        rawBody: '{nope',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(graphError(res).message).toMatch(/^\(#100\) Invalid parameter: body malformed JSON/);
    });
  });

  describe('read receipts: "status":"read" on the messages route', () => {
    const receipt = { messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjBDMEM3' };

    it('answers {"success":true} as Meta does, and stores no message', async () => {
      const before = await messageCount(sb);
      const res = await send(receipt);
      expect([res.status, res.body]).toEqual([200, { success: true }]);
      expect(await messageCount(sb)).toBe(before);
    });

    it.each([
      [{ ...receipt, message_id: undefined }, 'message_id', 'message_id is required'],
      [{ ...receipt, message_id: 'wamid with spaces' }, 'message_id', 'message_id must be a message id'],
      [{ ...receipt, messaging_product: undefined }, 'messaging_product', 'messaging_product is required'],
    ])('a receipt without a valid id or product is a 400 with code 100 (%#)', async (body, fieldName, problem) => {
      const res = await send(body);
      expect(res.status).toBe(400);
      expect(graphError(res).message).toContain(`(#100) Invalid parameter: ${problem}`);
      expect(graphError(res).error_data.details).toMatch(new RegExp(`^Invalid parameters: .*${fieldName} `));
    });
  });

  describe('no contacts listing', () => {
    it.each([
      ['GET', '/api/v1/contacts'],
      ['GET', `${BASE}/contacts`],
      ['POST', `${BASE}/contacts`],
    ] as const)('%s %s answers 400, code 100', async (method, path) => {
      const res = await call(sb, method, path, {
        key: sb.adminKey,
        ...(method === 'POST' ? { body: { blocking: 'wait', contacts: [`+${NUMBER}`] } } : {}),
      });
      expect(res.status).toBe(400);
      const error = graphError(res);
      expect(error.code).toBe(100);
      expect(error.error_data.details).toMatch(/no contacts listing/);
    });

    it('says so to a key without contacts:read too', async () => {
      const sender = sb.createKey('sender', ['messages:send']);
      expect((await call(sb, 'GET', '/api/v1/contacts', { key: sender.key })).status).toBe(400);
    });
  });

  describe("the upload's edge cases: 400 in Meta's shape, never a crash", () => {
    const detailsOf = async (res: Promise<ApiResponse>): Promise<string> => {
      const answered = await res;
      expect(answered.status).toBe(400);
      const error = graphError(answered);
      expect(error.code).toBe(100);
      return error.error_data.details;
    };

    it('names every missing field', async () => {
      expect(await detailsOf(upload(sb, { messaging_product: 'whatsapp', type: 'image/png' }))).toMatch(/file is required/);
      expect(await detailsOf(upload(sb, { file: { data: PNG, name: 'a.png', type: 'image/png' } }))).toMatch(
        /messaging_product is required.*type is required/,
      );
    });

    it("refuses a type Meta does not take, an empty file, and a file over its kind's limit", async () => {
      expect(await detailsOf(uploadFile(sb, PNG, 'image/gif', 'a.gif'))).toMatch(/type must be one of image\/jpeg, image\/png/);
      expect(await detailsOf(uploadFile(sb, Buffer.alloc(0), 'image/png', 'a.png'))).toMatch(/file is empty/);
      expect(await detailsOf(uploadFile(sb, Buffer.alloc(5 * MiB + 1), 'image/png', 'a.png'))).toMatch(
        /file is 5242881 bytes; image\/png may be at most 5 MiB/,
      );
      expect(await detailsOf(uploadFile(sb, Buffer.alloc(500 * 1024 + 1), 'image/webp', 'a.webp'))).toMatch(/at most 500 KiB/);
    });

    it('refuses a body that is not multipart, or whose boundary is not the one named', async () => {
      expect(await detailsOf(rawUpload(sb, '{"file":"x"}', 'application/json'))).toMatch(/Content-Type must be multipart\/form-data/);
      expect(await detailsOf(rawUpload(sb, 'x', 'multipart/form-data'))).toMatch(/Content-Type must name a boundary/);
      const body = '--AAA\r\nContent-Disposition: form-data; name="type"\r\n\r\nimage/png\r\n--AAA--\r\n';
      expect(await detailsOf(rawUpload(sb, body, 'multipart/form-data; boundary=BBB'))).toMatch(/does not contain the boundary/);
      expect(await detailsOf(rawUpload(sb, body.slice(0, 60), 'multipart/form-data; boundary=AAA'))).toMatch(/not closed by the boundary/);
      expect(await detailsOf(rawUpload(sb, '--AAA\r\nX-Nothing: 1\r\n\r\nv\r\n--AAA--', 'multipart/form-data; boundary=AAA'))).toMatch(
        /Content-Disposition/,
      );
    });

    it('takes a hand-written form with a quoted boundary and a preamble', async () => {
      const body = Buffer.concat([
        Buffer.from('preamble\r\n--b x\r\nContent-Disposition: form-data; name="messaging_product"\r\n\r\nwhatsapp\r\n'),
        Buffer.from('--b x\r\nContent-Disposition: form-data; name="type"\r\n\r\nimage/png\r\n'),
        Buffer.from('--b x\r\nContent-Disposition: form-data; name="file"; filename="say \\"hi\\".png"\r\nContent-Type: image/png\r\n\r\n'),
        PNG,
        Buffer.from('\r\n--b x--\r\n'),
      ]);
      const res = await rawUpload(sb, body, 'multipart/form-data; boundary="b x"');
      expect(res.status).toBe(200);
      const { id } = res.body as { id: string };
      await send({ ...base, type: 'image', image: { id } });
      expect((await lastMessages(sb, 1))[0]).toMatchObject({ fileName: 'say "hi".png', bytes: PNG.length });
    });

    it("answers a body over the route's limit 400 at once and closes", async () => {
      const result = await rawExchange(sb.port, (socket) => {
        socket.write(
          `POST ${BASE}/media HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${sb.adminKey}\r\nContent-Type: ` +
            `multipart/form-data; boundary=AAA\r\nContent-Length: ${UPLOAD_BODY_LIMIT + 1}\r\n\r\n--AAA\r\n`,
        );
      });
      expect(rawStatus(result.response)).toBe(400);
      expect(result.closed).toBe(true);
      const body = rawJson(result.response) as { error: GraphError };
      expect(body.error.code).toBe(100);
      expect(body.error.message).toMatch(/^\(#100\) Invalid parameter: body the request body is larger than/);
    });

    it('still answers after all of that', async () => {
      expect((await call(sb, 'GET', BASE, { key: sb.adminKey })).status).toBe(200);
    });
  });

  describe('a received file on another origin (the mediaHost event option)', () => {
    const mediaId = inboundMediaId('wamid.elsewhere', 'image');

    it(
      'by default the lookup names the file on the origin it came to; with mediaHost, on that host (same ' +
        'port), where the key is checked as before',
      async () => {
        const own = (await call(sb, 'GET', `/v23.0/${mediaId}`, { key: sb.adminKey })).body as { url: string };
        expect(new URL(own.url).origin).toBe(sb.baseUrl);
        sb.configureEvents({ mediaHost: 'localhost' });
        try {
          const lookup = await call(sb, 'GET', `/v23.0/${mediaId}`, { key: sb.adminKey });
          const { url, mime_type: mimetype } = lookup.body as { url: string; mime_type: string };
          expect(mimetype).toBe('image/png');
          expect(new URL(url).origin).toBe(`http://localhost:${sb.port}`);
          expect(new URL(url).pathname).toBe('/whatsapp_business/attachments/');
          // the same server under the other name: the bytes with the key, 401 without
          const bytes = await fetch(url, { headers: { Authorization: `Bearer ${sb.adminKey}` } });
          expect(bytes.status).toBe(200);
          expect(Buffer.from(await bytes.arrayBuffer())).toEqual(MEDIA_SAMPLES.image.bytes);
          expect((await fetch(url)).status).toBe(401);
          // the journal names the host each keyed request came to
          const seen = sb
            .requests()
            .filter((r) => r.path === '/whatsapp_business/attachments/')
            .map((r) => r.headers.host);
          expect(seen).toContain(`localhost:${sb.port}`);
        } finally {
          sb.configureEvents({ mediaHost: null });
        }
        expect(new URL(((await call(sb, 'GET', `/v23.0/${mediaId}`, { key: sb.adminKey })).body as { url: string }).url).origin).toBe(
          sb.baseUrl,
        );
      },
    );

    it.each(['http://localhost', 'localhost:8080', 'local host', '', 'a/b'])('refuses mediaHost %j', (host) => {
      expect(() => sb.configureEvents({ mediaHost: host })).toThrow(/mediaHost must be a host name/);
    });
  });

  it('429 with code 4, is_transient and Retry-After', async () => {
    const res = await rateLimitedAnswer('meta', (slow) => call(slow, 'GET', BASE, { key: slow.adminKey }));
    expect(graphError(res)).toMatchObject({ code: 4, is_transient: true, message: '(#4) Application request limit reached' });
  });
});

describe('multipart parsing', () => {
  const form = (...parts: string[]): Buffer => Buffer.from(`${parts.map((p) => `--B\r\n${p}\r\n`).join('')}--B--\r\n`);

  it('reads names, file names (quoted, escaped or RFC 8187) and part types', () => {
    const parsed = parseMultipart(
      form(
        'Content-Disposition: form-data; name="a"\r\n\r\none',
        'Content-Disposition: form-data; name=b; filename="x\\"y.txt"\r\nContent-Type: text/plain\r\n\r\ntwo\r\nlines',
        'Content-Disposition: form-data; name="c"; filename="plain.txt"; filename*=UTF-8\'\'caf%C3%A9.txt\r\n\r\n',
      ),
      'B',
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.parts.map((p) => [p.name, p.fileName, p.contentType, p.data.toString()])).toEqual([
      ['a', null, null, 'one'],
      ['b', 'x"y.txt', 'text/plain', 'two\r\nlines'],
      ['c', 'café.txt', null, ''],
    ]);
  });

  it('is bounded in parts and header size', () => {
    const many = form(...Array.from({ length: MAX_PARTS + 1 }, (_, i) => `Content-Disposition: form-data; name="f${i}"\r\n\r\nv`));
    expect(parseMultipart(many, 'B')).toEqual({ ok: false, problem: `the body has more than ${MAX_PARTS} parts` });
    const longHead = form(`Content-Disposition: form-data; name="a"\r\nX-Long: ${'x'.repeat(9000)}\r\n\r\nv`);
    expect(parseMultipart(longHead, 'B')).toMatchObject({ ok: false, problem: expect.stringMatching(/headers do not end within/) });
  });

  it('reads the boundary from the Content-Type', () => {
    expect(boundaryOf('multipart/form-data; boundary=----abc')).toEqual({ ok: true, boundary: '----abc' });
    expect(boundaryOf('Multipart/Form-Data; charset=utf-8; boundary="a b"')).toEqual({ ok: true, boundary: 'a b' });
    expect(boundaryOf(`multipart/form-data; boundary=${'x'.repeat(71)}`).ok).toBe(false);
    expect(boundaryOf(undefined).ok).toBe(false);
  });

  it('keeps only the last uploads', () => {
    const store = new UploadStore();
    const first = store.add({ phoneNumberId: PHONE_ID, mimetype: 'image/png', bytes: 1, sha256: '', fileName: null });
    for (let i = 0; i < MAX_UPLOADS; i += 1)
      store.add({ phoneNumberId: PHONE_ID, mimetype: 'image/png', bytes: 1, sha256: '', fileName: null });
    expect(store.size).toBe(MAX_UPLOADS);
    expect(store.get(first.id)).toBeUndefined();
  });
});

describe('playground of dialect "meta"', () => {
  let sb: RunningSandbox, tabs: PlaygroundTab[], dir: string;
  playgroundAround({ dialect: 'meta', contacts: 5 }, (opened) => ({ sb, tabs, dir } = opened));

  it('has the check, send, upload, media lookup, template, reply and reaction tabs, no contacts tab', () => {
    expect(tabs.map((t) => [t.id, t.title, t.method, t.endpoint])).toEqual([
      ['check', 'Check Phone Number', 'GET', BASE],
      ['text', 'Send Text', 'POST', `${BASE}/messages`],
      ['image', 'Send Image', 'POST', `${BASE}/messages`],
      ['media', 'Send Media', 'POST', `${BASE}/messages`],
      ['audio', 'Send Audio', 'POST', `${BASE}/messages`],
      ['upload', 'Upload Media', 'POST', `${BASE}/media`],
      ['download', 'Retrieve Media URL', 'GET', expect.stringMatching(/^\/v23\.0\/9\d{15}$/)],
      ['template', 'Send Template', 'POST', `${BASE}/messages`],
      ['reply', 'Reply to a Message', 'POST', `${BASE}/messages`],
      ['reaction', 'Send Reaction', 'POST', `${BASE}/messages`],
      ['read', 'Mark as Read', 'POST', `${BASE}/messages`],
    ]);
    expect(playgroundTabs('meta', sb.baseUrl)).toEqual(tabs);
    expect(tabs.find((t) => t.id === 'media')!.body).toMatchObject({ type: 'document', document: { filename: 'report.pdf' } });
  });

  it("writes the cURLs in Meta's style", () => {
    const byId = Object.fromEntries(tabs.map((t) => [t.id, t.curl]));
    expect(byId.check).toBe(`curl '${sb.baseUrl}${BASE}' \\\n-H 'Authorization: Bearer YOUR_API_KEY'`);
    expect(byId.text!.split('\n').slice(0, 5)).toEqual([
      `curl '${sb.baseUrl}${BASE}/messages' \\`,
      "-H 'Authorization: Bearer YOUR_API_KEY' \\",
      "-H 'Content-Type: application/json' \\",
      "-d '{",
      '  "messaging_product": "whatsapp",',
    ]);
    expect(byId.upload).toBe(
      [
        `curl -X POST '${sb.baseUrl}${BASE}/media' \\`,
        "-H 'Authorization: Bearer YOUR_API_KEY' \\",
        `-F 'file=@${UPLOAD_EXAMPLE_PATH};type=image/png' \\`,
        "-F 'type=image/png' \\",
        "-F 'messaging_product=whatsapp'",
      ].join('\n'),
    );
  });

  it.skipIf(!curlAvailable)('has cURLs that run in bash with the key filled in (the upload with a real file)', async () => {
    const file = join(dir, 'image.png');
    await writeFile(file, PNG);
    const before = await messageCount(sb);
    for (const tab of tabs) {
      const { status, body } = await runCurl(tab.curl.replace('YOUR_API_KEY', sb.adminKey).replace(UPLOAD_EXAMPLE_PATH, file));
      expect([tab.id, status, status >= 200 && status < 300 ? '' : body]).toEqual([tab.id, 200, '']);
      if (tab.id === 'upload') expect(JSON.parse(body)).toEqual({ id: expect.stringMatching(/^[0-9]{16}$/) });
    }
    // a reaction is no message of its own
    expect(await messageCount(sb)).toBe(before + 6);
  });

  it('serves the HTML page with one section per tab', async () => {
    const html = await (await fetch(`${sb.baseUrl}/playground`)).text();
    for (const tab of tabs) expect(html).toContain(`<h2 id="${tab.id}-title">${tab.title}</h2>`);
    expect(html).not.toMatch(/<script/i);
  });
});
