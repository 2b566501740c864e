import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { call, detailFields, errorOf, start } from './helpers';
import { sandboxAround } from './sandbox-around';
import type { ApiResponse } from './helpers';

const MiB = 1024 * 1024;
const NUMBER = '5511999990000';

interface Message {
  id: string;
  type: string;
  number: string;
  status: string;
  created_at: string;
  [field: string]: unknown;
}

/** base64 of `bytes` zero bytes, built cheaply. */
function zeros64(bytes: number): string {
  return Buffer.alloc(bytes).toString('base64');
}

describe('sending messages', () => {
  let sb: RunningSandbox;
  const post = (path: string, body: unknown, key?: string): Promise<ApiResponse> =>
    call(sb, 'POST', `/api/v1/messages/${path}`, { key: key ?? sb.adminKey, body });

  sandboxAround({}, (started) => (sb = started));

  it('sends a text: 201 with a queued Message', async () => {
    const res = await post('text', { number: NUMBER, text: 'Olá 👋' });
    expect(res.status).toBe(201);
    const m = res.body as Message;
    expect(m.id).toMatch(/^m_[0-9a-f]{20}$/);
    expect(m).toEqual({ id: m.id, type: 'text', number: NUMBER, status: 'queued', created_at: m.created_at, text: 'Olá 👋' });
    expect(Number.isNaN(Date.parse(m.created_at))).toBe(false);
    expect(res.headers.get('x-ratelimit-remaining')).not.toBeNull();
  });

  it('sends a base64 image: the Message has bytes and no base64', async () => {
    const res = await post('media', {
      number: NUMBER,
      mediatype: 'image',
      mimetype: 'image/png',
      fileName: 'a.png',
      caption: 'hi',
      media: zeros64(1000),
    });
    expect(res.status).toBe(201);
    const m = res.body as Message;
    expect(m).toEqual({
      id: m.id,
      type: 'media',
      number: NUMBER,
      status: 'queued',
      created_at: m.created_at,
      mediatype: 'image',
      mimetype: 'image/png',
      fileName: 'a.png',
      caption: 'hi',
      bytes: 1000,
    });
  });

  it('sends media by URL: the URL is kept, no bytes', async () => {
    const url = 'https://files.example.com/report.pdf?x=1';
    const res = await post('media', {
      number: NUMBER,
      mediatype: 'document',
      mimetype: 'application/pdf',
      fileName: 'report.pdf',
      media: url,
    });
    expect(res.status).toBe(201);
    const m = res.body as Message;
    expect(m.media).toBe(url);
    expect(m.bytes).toBeUndefined();
    expect(m.caption).toBeUndefined();
  });

  it('sends audio (base64 and URL), accepting codec parameters', async () => {
    const upload = await post('audio', { number: NUMBER, audio: zeros64(3), mimetype: 'audio/webm;codecs=opus', ptt: true });
    expect(upload.status).toBe(201);
    expect(upload.body).toMatchObject({ type: 'audio', mimetype: 'audio/webm;codecs=opus', ptt: true, bytes: 3 });
    expect((upload.body as Message).audio).toBeUndefined();
    const byUrl = await post('audio', { number: NUMBER, audio: 'http://cdn.example.com/a.ogg', mimetype: 'audio/ogg', ptt: true });
    expect(byUrl.status).toBe(201);
    expect(byUrl.body).toMatchObject({ type: 'audio', audio: 'http://cdn.example.com/a.ogg' });
    expect((byUrl.body as Message).bytes).toBeUndefined();
  });

  it('accepts every listed audio mimetype', async () => {
    for (const mimetype of ['audio/ogg', 'audio/webm', 'audio/mpeg', 'audio/mp4', 'audio/aac', 'audio/wav']) {
      const res = await post('audio', { number: NUMBER, audio: zeros64(6), mimetype, ptt: true });
      expect(res.status, mimetype).toBe(201);
    }
  });

  it('accepts the limits exactly: 4096 characters of text, a 1024-character caption, 15 and 8 digits', async () => {
    expect((await post('text', { number: NUMBER, text: '😀'.repeat(4096) })).status).toBe(201);
    expect((await post('text', { number: '123456789012345', text: 'x' })).status).toBe(201);
    expect((await post('text', { number: '12345678', text: 'x' })).status).toBe(201);
    const media = { number: NUMBER, mediatype: 'image', mimetype: 'image/jpeg', fileName: 'a.jpg', media: zeros64(3) };
    expect((await post('media', { ...media, caption: 'c'.repeat(1024) })).status).toBe(201);
  });

  const textCases: [string, unknown, string[]][] = [
    ['no number', { text: 'x' }, ['number']],
    ['a number with +', { number: '+5511999990000', text: 'x' }, ['number']],
    ['a number with spaces', { number: '55 11 99999 0000', text: 'x' }, ['number']],
    ['7 digits', { number: '1234567', text: 'x' }, ['number']],
    ['16 digits', { number: '1234567890123456', text: 'x' }, ['number']],
    ['a numeric number', { number: 5511999990000, text: 'x' }, ['number']],
    ['no text', { number: NUMBER }, ['text']],
    ['empty text', { number: NUMBER, text: '' }, ['text']],
    ['4097 characters', { number: NUMBER, text: 'x'.repeat(4097) }, ['text']],
    ['a non-string text', { number: NUMBER, text: 42 }, ['text']],
    ['nothing right', {}, ['number', 'text']],
  ];
  it.each(textCases)('text with %s -> 400 naming %j', async (_name, body, fields) => {
    const res = await post('text', body);
    expect(res.status).toBe(400);
    expect(errorOf(res).code).toBe('bad_request');
    expect(detailFields(res)).toEqual(fields);
  });

  const media = { number: NUMBER, mediatype: 'image', mimetype: 'image/png', fileName: 'a.png', media: zeros64(10) };
  const mediaCases: [string, unknown, string[]][] = [
    ['mediatype video', { ...media, mediatype: 'video' }, ['mediatype']],
    ['no mediatype', { ...media, mediatype: undefined }, ['mediatype']],
    ['no mimetype', { ...media, mimetype: undefined }, ['mimetype']],
    ['a bad mimetype', { ...media, mimetype: 'png' }, ['mimetype']],
    ['no fileName', { ...media, fileName: undefined }, ['fileName']],
    ['a path as fileName', { ...media, fileName: '../etc/passwd' }, ['fileName']],
    ['a 1025-character caption', { ...media, caption: 'c'.repeat(1025) }, ['caption']],
    ['a numeric caption', { ...media, caption: 5 }, ['caption']],
    ['no media', { ...media, media: undefined }, ['media']],
    ['empty media', { ...media, media: '' }, ['media']],
    ['a data: URL', { ...media, media: `data:image/png;base64,${zeros64(3)}` }, ['media']],
    ['invalid base64', { ...media, media: 'abc$' }, ['media']],
    ['unpadded base64', { ...media, media: 'AAA' }, ['media']],
    ['base64 with a newline', { ...media, media: 'AAAA\nAAAA' }, ['media']],
    ['an ftp URL', { ...media, media: 'ftp://example.com/a.png' }, ['media']],
    ['a broken http URL', { ...media, media: 'http://' }, ['media']],
    ['media as an object', { ...media, media: { url: 'x' } }, ['media']],
  ];
  it.each(mediaCases)('media with %s -> 400 naming %j', async (_name, body, fields) => {
    const res = await post('media', body);
    expect(res.status).toBe(400);
    expect(detailFields(res)).toEqual(fields);
  });

  const audio = { number: NUMBER, audio: zeros64(10), mimetype: 'audio/ogg', ptt: true };
  const audioCases: [string, unknown, string[]][] = [
    ['audio/flac', { ...audio, mimetype: 'audio/flac' }, ['mimetype']],
    ['no mimetype', { ...audio, mimetype: undefined }, ['mimetype']],
    ['ptt "yes"', { ...audio, ptt: 'yes' }, ['ptt']],
    ['no audio', { ...audio, audio: undefined }, ['audio']],
    ['a bad number and bad base64', { ...audio, number: 'abc', audio: '!!!!' }, ['audio', 'number']],
  ];
  it.each(audioCases)('audio with %s -> 400 naming %j', async (_name, body, fields) => {
    const res = await post('audio', body);
    expect(res.status).toBe(400);
    expect(detailFields(res)).toEqual(fields);
  });

  it('limits decoded sizes: an image just over 5 MiB is refused, the same bytes as a document are fine', async () => {
    const justOver = zeros64(5 * MiB + 1);
    const image = await post('media', { ...media, media: justOver });
    expect(image.status).toBe(400);
    expect(detailFields(image)).toEqual(['media']);
    expect(errorOf(image).details![0]!.message).toContain('5242881');
    const exact = await post('media', { ...media, media: zeros64(5 * MiB) });
    expect(exact.status).toBe(201);
    expect((exact.body as Message).bytes).toBe(5 * MiB);
    const doc = await post('media', { ...media, mediatype: 'document', mimetype: 'application/pdf', fileName: 'a.pdf', media: justOver });
    expect(doc.status).toBe(201);
    expect((doc.body as Message).bytes).toBe(5 * MiB + 1);
  });

  it('limits audio to 16 MiB decoded', async () => {
    const over = await post('audio', { ...audio, audio: zeros64(16 * MiB + 1) });
    expect(over.status).toBe(400);
    expect(detailFields(over)).toEqual(['audio']);
    const exact = await post('audio', { ...audio, audio: zeros64(16 * MiB) });
    expect(exact.status).toBe(201);
  });

  it.each([
    ['malformed JSON', '{"number": ', 'application/json'],
    ['a JSON array', '[1,2]', 'application/json'],
    ['JSON null', 'null', 'application/json'],
    ['an empty body', '', 'application/json'],
    [
      'invalid UTF-8',
      Buffer.concat([Buffer.from('{"number":"5511999990000","text":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]),
      'application/json',
    ],
  ])('answers 400 naming body for %s', async (_name, rawBody, contentType) => {
    const res = await call(sb, 'POST', '/api/v1/messages/text', { key: sb.adminKey, rawBody, headers: { 'Content-Type': contentType } });
    expect(res.status).toBe(400);
    expect(detailFields(res)).toEqual(['body']);
  });

  it('answers 400 naming Content-Type when the body is not declared as JSON', async () => {
    const res = await call(sb, 'POST', '/api/v1/messages/text', {
      key: sb.adminKey,
      rawBody: JSON.stringify({ number: NUMBER, text: 'x' }),
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(res.status).toBe(400);
    expect(detailFields(res)).toEqual(['Content-Type']);
    const withCharset = await call(sb, 'POST', '/api/v1/messages/text', {
      key: sb.adminKey,
      rawBody: JSON.stringify({ number: NUMBER, text: 'x' }),
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
    expect(withCharset.status).toBe(201);
  });

  it('checks the key before the body: a bad body with a bad key is 401, with a key lacking messages:send 403', async () => {
    const bad = await call(sb, 'POST', '/api/v1/messages/text', {
      key: 'crm_sk_nope_nope_nope',
      rawBody: '{nope',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bad.status).toBe(401);
    const { key } = sb.createKey('reader', ['contacts:read']);
    for (const path of ['text', 'media', 'audio']) {
      const res = await post(path, {}, key);
      expect(res.status).toBe(403);
      expect(errorOf(res).code).toBe('forbidden');
    }
    expect((await call(sb, 'GET', '/api/v1/messages', { key })).status).toBe(403);
  });

  it('answers 404 to an unknown route and to a wrong method on a known one', async () => {
    const unknown = await call(sb, 'POST', '/api/v1/messages/video', { key: sb.adminKey, body: {} });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).code).toBe('not_found');
    const wrong = await call(sb, 'GET', '/api/v1/messages/text', { key: sb.adminKey });
    expect(wrong.status).toBe(404);
    expect(wrong.headers.get('allow')).toBe('POST');
    const noPrefix = await call(sb, 'GET', '/contacts', { key: sb.adminKey });
    expect(noPrefix.status).toBe(404);
  });
});

describe('GET /api/v1/messages', () => {
  let sb: RunningSandbox;
  sandboxAround({}, (started) => (sb = started));

  it('lists newest first, filters by number and pages', async () => {
    const a = '5511000000001';
    const b = '15550000002';
    const sent: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await call(sb, 'POST', '/api/v1/messages/text', {
        key: sb.adminKey,
        body: { number: i % 2 === 0 ? a : b, text: `m${i}` },
      });
      sent.push((res.body as Message).id);
    }
    const all = (await call(sb, 'GET', '/api/v1/messages', { key: sb.adminKey })).body as { data: Message[]; meta: unknown };
    expect(all.data.map((m) => m.id)).toEqual([...sent].reverse());
    expect(all.meta).toEqual({ page: 1, per_page: 50, total: 5, total_pages: 1 });
    const onlyA = (await call(sb, 'GET', `/api/v1/messages?number=${a}&per_page=2&page=2`, { key: sb.adminKey })).body as {
      data: Message[];
      meta: unknown;
    };
    expect(onlyA.data.map((m) => m.text)).toEqual(['m0']);
    expect(onlyA.meta).toEqual({ page: 2, per_page: 2, total: 3, total_pages: 2 });
    const nobody = (await call(sb, 'GET', '/api/v1/messages?number=99999999', { key: sb.adminKey })).body as { data: Message[] };
    expect(nobody.data).toEqual([]);
  });

  it.each([
    ['number=abc', ['number']],
    ['number=%2B5511999990000', ['number']],
    ['per_page=0', ['per_page']],
    ['page=x', ['page']],
  ])('answers 400 for %s', async (query, fields) => {
    const res = await call(sb, 'GET', `/api/v1/messages?${query}`, { key: sb.adminKey });
    expect(res.status).toBe(400);
    expect(detailFields(res)).toEqual(fields);
  });
});

describe('the 100 MiB document limit', () => {
  /** POSTs a media body whose base64 is `chunks` MiB of 'A' plus `tail`, streamed: nothing large is built. */
  function postStreamedDocument(sb: RunningSandbox, mebibytes: number, tail: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const head = Buffer.from(`{"number":"${NUMBER}","mediatype":"document","mimetype":"application/pdf","fileName":"big.pdf","media":"`);
      const end = Buffer.from(`${tail}"}`);
      const chunk = Buffer.alloc(MiB, 'A');
      const req = request(`${sb.baseUrl}/api/v1/messages/media`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${sb.adminKey}`,
          'Content-Type': 'application/json',
          'Content-Length': head.length + mebibytes * MiB + end.length,
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write(head);
      let sent = 0;
      const pump = (): void => {
        while (sent < mebibytes) {
          sent += 1;
          if (!req.write(chunk)) {
            req.once('drain', pump);
            return;
          }
        }
        req.end(end);
      };
      pump();
    });
  }

  it('accepts a document of exactly 100 MiB in base64 and refuses one byte more', async () => {
    const sb = await start();
    try {
      // 100 MiB decoded = 139,810,136 base64 characters ending in "==" (104,857,600 = 3n + 1)
      const fullMiB = 133;
      const rest = 139_810_136 - fullMiB * MiB;
      const ok = await postStreamedDocument(sb, fullMiB, `${'A'.repeat(rest - 2)}==`);
      expect(ok.status, ok.body).toBe(201);
      expect(JSON.parse(ok.body)).toMatchObject({ type: 'media', mediatype: 'document', bytes: 100 * MiB });
      const over = await postStreamedDocument(sb, fullMiB, `${'A'.repeat(rest - 1)}=`);
      expect(over.status).toBe(400);
      expect(JSON.parse(over.body).error.details).toEqual([
        { field: 'media', message: 'decodes to 104857601 bytes; a document may be at most 100 MiB (104857600 bytes)' },
      ]);
      const journal = sb.requests().filter((r) => r.path === '/api/v1/messages/media');
      expect(journal.at(-1)!.rawBody.length).toBe(64 * 1024);
      expect((journal.at(-1)!.json as { media: string }).media).toBe('[139810136 characters not kept]');
    } finally {
      await sb.close();
    }
  });
});
