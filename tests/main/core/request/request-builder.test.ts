import { open, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CrmError, toErrorInfo } from '../../../../src-main/core/errors';
import type { PreparedRequest } from '../../../../src-main/core/http/prepared-request';
import { MIB } from '../../../../src-main/core/limits';
import type { FileAccess } from '../../../../src-main/core/media/file-access';
import { nodeFileAccess } from '../../../../src-main/core/media/file-access';
import type { Operation } from '../../../../src-main/core/operations';
import { buildRequest, prepareRequest } from '../../../../src-main/core/request/request-builder';
import { tempDir } from '../../helpers/temp-dir';
import { makeOgg, makePng, makeWav } from '../http/support/media-fixtures';

const target = { baseUrl: 'https://crm.example.com', endpointOverrides: {} };
let dir: string;

beforeAll(async () => {
  dir = await tempDir('crm-builder-');
});

/** A sparse file of `size` bytes: its size is real, its blocks are not (nothing to read). */
async function sparseFile(name: string, size: number, head?: Buffer): Promise<string> {
  const path = join(dir, name);
  const handle = await open(path, 'w');
  if (head) await handle.write(head, 0, head.length, 0);
  await handle.truncate(size);
  await handle.close();
  return path;
}

function countingFiles(): FileAccess & { heads: { path: string; bytes: number }[]; stats: string[] } {
  const heads: { path: string; bytes: number }[] = [];
  const stats: string[] = [];
  return {
    heads,
    stats,
    stat: (path) => {
      stats.push(path);
      return nodeFileAccess.stat(path);
    },
    readHead: (path, bytes) => {
      heads.push({ path, bytes });
      return nodeFileAccess.readHead(path, bytes);
    },
  };
}

/** The exact body bytes the sender will produce (prefix + base64 + suffix). */
async function bodyText(request: PreparedRequest): Promise<string> {
  const body = request.body;
  if (body === null) return '';
  if (body.kind === 'json' || body.kind === 'form') return body.text;
  if (body.kind === 'multipart') throw new Error('bodyText: a multipart body has no single text');
  return body.prefix + (await readFile(body.filePath)).toString('base64') + body.suffix;
}

async function thrown(op: Operation, t = target): Promise<CrmError> {
  try {
    await buildRequest(op, t);
  } catch (err) {
    if (err instanceof CrmError) return err;
    throw err;
  }
  throw new Error('expected buildRequest to throw');
}

describe('request builder: text and lists', () => {
  it('builds Send Text with a normalised number, JSON headers and an Idempotency-Key', async () => {
    const request = await buildRequest(
      { op: 'messages.text', input: { number: '+55 (11) 99999-0000', text: 'Olá "mundo" \n' }, idempotencyKey: 'idem-1' },
      target,
    );
    expect(request).toEqual({
      endpoint: 'messages.text',
      method: 'POST',
      url: 'https://crm.example.com/api/v1/messages/text',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': 'idem-1' },
      body: { kind: 'json', text: '{"number":"5511999990000","text":"Olá \\"mundo\\" \\n"}' },
      idempotencyKey: 'idem-1',
      retrySafe: true,
      // for the request log's "Open in the send panel": as typed, not as sent
      sent: { kind: 'text', number: '+55 (11) 99999-0000', text: 'Olá "mundo" \n' },
    });
  });

  it('carries the id of the profile it was built for (the request log says whose it was); a bare target carries none', async () => {
    const op: Operation = { op: 'contacts.list', input: { page: 1, perPage: 5 } };
    expect((await buildRequest(op, { ...target, id: 'p_crm' })).profileId).toBe('p_crm');
    expect((await prepareRequest(op, { ...target, id: 'p_crm' })).request.profileId).toBe('p_crm');
    expect(await buildRequest(op, target)).not.toHaveProperty('profileId');
  });

  it('counts text length in code points: 4096 emoji pass, 4097 characters do not', async () => {
    const emoji = '😀'.repeat(4096); // 8192 UTF-16 units
    expect(
      (await prepareRequest({ op: 'messages.text', input: { number: '5511999990000', text: emoji }, idempotencyKey: 'a' }, target))
        .problems,
    ).toEqual([]);
    const long = await prepareRequest(
      { op: 'messages.text', input: { number: '5511999990000', text: 'x'.repeat(4097) }, idempotencyKey: 'a' },
      target,
    );
    expect(long.problems).toEqual([
      { field: 'text', message: 'is too long: 4097 characters, at most 4096', sentence: 'Text is too long: 4097 characters, at most 4096' },
    ]);
    expect(long.request.body).toEqual({ kind: 'json', text: JSON.stringify({ number: '5511999990000', text: 'x'.repeat(4097) }) });
  });

  it('answers a bad send with a rejected promise, never a throw, and keeps a header-breaking key out of the preview', async () => {
    const bad: Operation = { op: 'messages.text', input: { number: '5511999990000', text: 'hi' }, idempotencyKey: 'a\r\nb' };
    let pending: Promise<PreparedRequest> | undefined;
    expect(() => {
      pending = buildRequest(bad, target);
    }).not.toThrow();
    await expect(pending).rejects.toMatchObject({
      code: 'validation',
      message: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
    });
    const preview = await prepareRequest(bad, target);
    expect(preview.request.headers['Idempotency-Key']).toBe('a??b');
    const good = await buildRequest({ ...bad, idempotencyKey: 'k-1' }, { ...target, id: 'p1' });
    expect(good).toMatchObject({ idempotencyKey: 'k-1', profileId: 'p1', sent: { kind: 'text', number: '5511999990000', text: 'hi' } });
  });

  it('lists every problem at once and still returns a previewable request', async () => {
    const result = await prepareRequest({ op: 'messages.text', input: { number: '12 34', text: '' }, idempotencyKey: 'has space' }, target);
    expect(result.problems).toEqual([
      {
        field: 'number',
        message: 'is too short: 4 digits, needs 8 to 15 with the country code',
        sentence: 'Number is too short: 4 digits, needs 8 to 15 with the country code',
      },
      { field: 'text', message: 'is empty', sentence: 'Text is empty' },
      {
        field: 'idempotencyKey',
        message: 'must be 1 to 255 visible ASCII characters',
        sentence: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
      },
    ]);
    expect(result.errorCode).toBe('validation');
    expect(result.request.url).toBe('https://crm.example.com/api/v1/messages/text');
    const error = await thrown({ op: 'messages.text', input: { number: '55 11 abc', text: 'hi' }, idempotencyKey: 'k' });
    expect(error.code).toBe('validation');
    expect(error.message).toBe('Number has letters: only digits, spaces, "+", "-", ".", "(" and ")" are allowed');
    expect(error.details).toEqual([
      {
        field: 'number',
        message: 'has letters: only digits, spaces, "+", "-", ".", "(" and ")" are allowed',
        sentence: 'Number has letters: only digits, spaces, "+", "-", ".", "(" and ")" are allowed',
      },
    ]);
  });

  it('encodes search queries with encodeURIComponent (spaces, &, =, +, %, emoji, lone surrogates)', async () => {
    const request = await buildRequest(
      { op: 'contacts.list', input: { page: 2, perPage: 50, search: 'ana & bo=b +1 100% 👩‍👩‍👧 \ud800' } },
      target,
    );
    expect(request.url).toBe(
      'https://crm.example.com/api/v1/contacts?page=2&per_page=50&search=ana%20%26%20bo%3Db%20%2B1%20100%25%20' +
        '%F0%9F%91%A9%E2%80%8D%F0%9F%91%A9%E2%80%8D%F0%9F%91%A7%20%EF%BF%BD',
    );
    expect(new URL(request.url).searchParams.get('search')).toBe('ana & bo=b +1 100% 👩‍👩‍👧 \ufffd');
    expect(request).toMatchObject({
      method: 'GET',
      body: null,
      headers: { Accept: 'application/json' },
      idempotencyKey: null,
      retrySafe: true,
    });
    expect(Object.keys(request.headers)).toEqual(['Accept']);
    expect((await buildRequest({ op: 'contacts.list', input: { search: '' } }, target)).url).toBe(
      'https://crm.example.com/api/v1/contacts',
    );
    // a number as people write it is searched by its digits
    expect((await buildRequest({ op: 'contacts.list', input: { search: '+91 81 74813-898' } }, target)).url).toBe(
      'https://crm.example.com/api/v1/contacts?search=918174813898',
    );
  });

  it('checks page and per_page ranges', async () => {
    const result = await prepareRequest({ op: 'contacts.list', input: { page: 0, perPage: 501 } }, target);
    expect(result.problems).toEqual([
      { field: 'page', message: 'must be a whole number from 1', sentence: 'Page must be a whole number from 1' },
      { field: 'perPage', message: 'must be a whole number from 1 to 500', sentence: 'Per page must be a whole number from 1 to 500' },
    ]);
    expect((await prepareRequest({ op: 'messages.list', input: { perPage: 1.5 } }, target)).problems).toEqual([
      { field: 'perPage', message: 'must be a whole number from 1 to 500', sentence: 'Per page must be a whole number from 1 to 500' },
    ]);
  });

  it('normalises the number filter of the message history', async () => {
    const request = await buildRequest({ op: 'messages.list', input: { number: '+55 11 99999-0000', page: 1 } }, target);
    expect(request.url).toBe('https://crm.example.com/api/v1/messages?number=5511999990000&page=1');
  });

  it('joins a base URL with a path prefix and applies overrides; never keeps credentials', async () => {
    const prefixed = await buildRequest({ op: 'keys.list', input: {} }, { baseUrl: 'https://gw.example.com/crm/', endpointOverrides: {} });
    expect(prefixed.url).toBe('https://gw.example.com/crm/api/v1/api-keys');
    const overridden = await buildRequest(
      { op: 'contacts.list', input: { perPage: 1 } },
      { baseUrl: 'http://127.0.0.1:8080', endpointOverrides: { 'contacts.list': '/v2/people' } },
    );
    expect(overridden.url).toBe('http://127.0.0.1:8080/v2/people?per_page=1');
    const bad = await prepareRequest(
      { op: 'contacts.list', input: {} },
      { baseUrl: 'https://user:pw@crm.example.com', endpointOverrides: { 'contacts.list': '../x' } },
    );
    expect(bad.problems).toEqual([
      {
        field: 'endpointOverrides.contacts.list',
        message: 'The path override must start with "/"; using /api/v1/contacts',
        sentence: 'The path override must start with "/"; using /api/v1/contacts',
      },
      {
        field: 'baseUrl',
        message: 'must not contain a user name or password',
        sentence: 'Base URL must not contain a user name or password',
      },
    ]);
    expect(bad.request.url).toBe('https://crm.example.com/api/v1/contacts');
    expect((await prepareRequest({ op: 'keys.list', input: {} }, { baseUrl: 'ftp://x', endpointOverrides: {} })).problems).toEqual([
      { field: 'baseUrl', message: 'must be an http:// or https:// URL', sentence: 'Base URL must be an http:// or https:// URL' },
    ]);
  });

  it('builds key management requests', async () => {
    const create = await buildRequest(
      { op: 'keys.create', input: { name: 'CI "bot"', permissions: ['contacts:read', 'contacts:read', 'messages:send'] } },
      target,
    );
    expect(create).toMatchObject({
      method: 'POST',
      idempotencyKey: null,
      retrySafe: false,
      body: { kind: 'json', text: '{"name":"CI \\"bot\\"","permissions":["contacts:read","messages:send"]}' },
    });
    expect(create.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json' });
    const del = await buildRequest({ op: 'keys.delete', input: { id: 'k_a/b c' } }, target);
    expect(del).toMatchObject({
      method: 'DELETE',
      url: 'https://crm.example.com/api/v1/api-keys/k_a%2Fb%20c',
      body: null,
      retrySafe: false,
    });
    expect(del.headers).toEqual({ Accept: 'application/json' });
    const problems = await prepareRequest({ op: 'keys.create', input: { name: 'n'.repeat(101), permissions: ['root' as never] } }, target);
    expect(problems.problems).toEqual([
      { field: 'name', message: 'is too long: 101 characters, at most 100', sentence: 'Key name is too long: 101 characters, at most 100' },
      { field: 'permissions', message: 'has unknown permissions: root', sentence: 'Permissions has unknown permissions: root' },
    ]);
    expect((await prepareRequest({ op: 'keys.delete', input: { id: ' ' } }, target)).problems).toEqual([
      { field: 'id', message: 'is empty', sentence: 'Key id is empty' },
    ]);
  });

  it('marks only GETs and POSTs with an Idempotency-Key as retry-safe', async () => {
    const ops: Operation[] = [
      { op: 'contacts.list', input: {} },
      { op: 'messages.list', input: {} },
      { op: 'keys.list', input: {} },
      { op: 'messages.text', input: { number: '5511999990000', text: 'x' }, idempotencyKey: 'i' },
      {
        op: 'messages.media',
        input: { number: '5511999990000', mediatype: 'image', source: { kind: 'url', url: 'https://x.example/a.png' } },
        idempotencyKey: 'i',
      },
      {
        op: 'messages.audio',
        input: { number: '5511999990000', source: { kind: 'url', url: 'https://x.example/a.ogg' } },
        idempotencyKey: 'i',
      },
      { op: 'keys.create', input: { name: 'n' } },
      { op: 'keys.delete', input: { id: 'k' } },
    ];
    const flags = await Promise.all(ops.map(async (op) => [op.op, (await buildRequest(op, target)).retrySafe]));
    expect(flags).toEqual([
      ['contacts.list', true],
      ['messages.list', true],
      ['keys.list', true],
      ['messages.text', true],
      ['messages.media', true],
      ['messages.audio', true],
      ['keys.create', false],
      ['keys.delete', false],
    ]);
  });
});

describe('request builder: media and audio', () => {
  it('makes prefix + base64 + suffix exactly the JSON of the body, with every other field escaped', async () => {
    const png = makePng(16, 16);
    const path = join(dir, `it's a "photo" $(x).png`);
    await writeFile(path, png);
    const caption = 'line1\nline2 "quoted" \\ \u0000 👩‍👩‍👧 \u2028';
    const request = await buildRequest(
      {
        op: 'messages.media',
        input: { number: '5511999990000', mediatype: 'image', source: { kind: 'file', path }, caption },
        idempotencyKey: 'm-1',
      },
      target,
    );
    expect(request.body).toMatchObject({ kind: 'json-with-file', filePath: path, fileSize: png.length });
    const expected = JSON.stringify({
      number: '5511999990000',
      mediatype: 'image',
      mimetype: 'image/png',
      fileName: `it's a "photo" $(x).png`,
      media: png.toString('base64'),
      caption,
    });
    expect(await bodyText(request)).toBe(expected);
    expect(JSON.parse(await bodyText(request))).toMatchObject({ caption, media: png.toString('base64') });
  });

  it('sniffs the bytes, uses the given file name, and rejects a non-image sent as an image', async () => {
    const path = join(dir, 'scan.pdf');
    await writeFile(path, '%PDF-1.7\n...');
    const asDocument = await buildRequest(
      {
        op: 'messages.media',
        input: { number: '5511999990000', mediatype: 'document', source: { kind: 'file', path }, fileName: 'Invoice 7.pdf' },
        idempotencyKey: 'm',
      },
      target,
    );
    expect(JSON.parse(await bodyText(asDocument))).toEqual({
      number: '5511999990000',
      mediatype: 'document',
      mimetype: 'application/pdf',
      fileName: 'Invoice 7.pdf',
      media: Buffer.from('%PDF-1.7\n...').toString('base64'),
    });
    const asImage = await prepareRequest(
      { op: 'messages.media', input: { number: '5511999990000', mediatype: 'image', source: { kind: 'file', path } }, idempotencyKey: 'm' },
      target,
    );
    expect(asImage.problems).toEqual([
      {
        field: 'source',
        message:
          'scan.pdf is not an image (its bytes look like application/pdf); send it as a document, or choose a JPEG, PNG, GIF or WebP',
        sentence:
          'scan.pdf is not an image (its bytes look like application/pdf); send it as a document, or choose a JPEG, PNG, GIF or WebP',
      },
    ]);
  });

  it('checks the size with stat before reading: a sparse 6.2 MB image is rejected without reading it', async () => {
    const path = await sparseFile('photo.png', Math.round(6.2 * MIB), makePng(1, 1));
    const files = countingFiles();
    const result = await prepareRequest(
      { op: 'messages.media', input: { number: '5511999990000', mediatype: 'image', source: { kind: 'file', path } }, idempotencyKey: 'm' },
      target,
      { files },
    );
    expect(result.problems).toEqual([
      {
        field: 'source',
        message: 'photo.png is 6.2 MB; images are limited to 5 MB',
        sentence: 'photo.png is 6.2 MB; images are limited to 5 MB',
      },
    ]);
    expect(result.errorCode).toBe('file_too_large');
    expect(files.stats).toEqual([path]);
    expect(files.heads).toEqual([]);
    expect(result.request.body).toMatchObject({ kind: 'json-with-file', fileSize: Math.round(6.2 * MIB) });
  });

  it('rejects a sparse 200 MB document with file_too_large, never reading it', async () => {
    const path = await sparseFile('big report.pdf', 200 * MIB);
    const files = countingFiles();
    const op: Operation = {
      op: 'messages.media',
      input: { number: '5511999990000', mediatype: 'document', source: { kind: 'file', path } },
      idempotencyKey: 'm',
    };
    const result = await prepareRequest(op, target, { files });
    expect(result.problems).toEqual([
      {
        field: 'source',
        message: 'big report.pdf is 200 MB; documents are limited to 100 MB',
        sentence: 'big report.pdf is 200 MB; documents are limited to 100 MB',
      },
    ]);
    expect(files.heads).toEqual([]);
    const error = await thrown(op);
    expect(toErrorInfo(error)).toEqual({
      code: 'file_too_large',
      message: 'big report.pdf is 200 MB; documents are limited to 100 MB',
      details: [
        {
          field: 'source',
          message: 'big report.pdf is 200 MB; documents are limited to 100 MB',
          sentence: 'big report.pdf is 200 MB; documents are limited to 100 MB',
        },
      ],
    });
  });

  it('accepts exactly the limit and names exact bytes one byte over it', async () => {
    const atLimit = await sparseFile('edge.png', 5 * MIB, makePng(1, 1));
    const files = countingFiles();
    const ok = await prepareRequest(
      {
        op: 'messages.media',
        input: { number: '5511999990000', mediatype: 'image', source: { kind: 'file', path: atLimit } },
        idempotencyKey: 'm',
      },
      target,
      { files },
    );
    expect(ok.problems).toEqual([]);
    expect(files.heads).toEqual([{ path: atLimit, bytes: 8192 }]);
    const over = await sparseFile('over.png', 5 * MIB + 1, makePng(1, 1));
    expect(
      (
        await prepareRequest(
          {
            op: 'messages.media',
            input: { number: '5511999990000', mediatype: 'image', source: { kind: 'file', path: over } },
            idempotencyKey: 'm',
          },
          target,
        )
      ).problems,
    ).toEqual([
      {
        field: 'source',
        message: 'over.png is 5242881 bytes; images are limited to 5 MB (5242880 bytes)',
        sentence: 'over.png is 5242881 bytes; images are limited to 5 MB (5242880 bytes)',
      },
    ]);
  });

  it('reports a missing file as file_unreadable', async () => {
    const path = join(dir, 'gone.png');
    const error = await thrown({
      op: 'messages.media',
      input: { number: '5511999990000', mediatype: 'image', source: { kind: 'file', path } },
      idempotencyKey: 'm',
    });
    expect(error.code).toBe('file_unreadable');
    expect(error.message).toBe('gone.png cannot be read (it does not exist)');
  });

  it('builds media from a URL as plain JSON, guessing the mimetype from the URL', async () => {
    const request = await buildRequest(
      {
        op: 'messages.media',
        input: {
          number: '5511999990000',
          mediatype: 'image',
          source: { kind: 'url', url: 'https://cdn.example.com/p/Summer%20Photo.JPG?sig=1' },
          caption: 'hi',
        },
        idempotencyKey: 'u',
      },
      target,
    );
    expect(request.body).toEqual({
      kind: 'json',
      text: JSON.stringify({
        number: '5511999990000',
        mediatype: 'image',
        mimetype: 'image/jpeg',
        fileName: 'Summer Photo.JPG',
        media: 'https://cdn.example.com/p/Summer%20Photo.JPG?sig=1',
        caption: 'hi',
      }),
    });
    expect(await urlMediaProblems('document', 'https://x.example/download')).toEqual([
      {
        field: 'mimetype',
        message: 'is required: the URL does not end in a known file extension',
        sentence: 'Mimetype is required: the URL does not end in a known file extension',
      },
    ]);
    expect(await urlMediaProblems('image', 'https://x.example/a.pdf')).toEqual([
      {
        field: 'mimetype',
        message: 'must be an image type (image/jpeg, image/png, image/gif, image/webp) for an image, not application/pdf',
        sentence: 'Mimetype must be an image type (image/jpeg, image/png, image/gif, image/webp) for an image, not application/pdf',
      },
    ]);
    expect(await urlMediaProblems('document', 'ftp://x.example/a.pdf')).toEqual([
      { field: 'source', message: 'must be an http:// or https:// URL', sentence: 'Media URL must be an http:// or https:// URL' },
    ]);
  });

  /** the problems of a media send from `url` with no mimetype given */
  async function urlMediaProblems(mediatype: 'image' | 'document', url: string): Promise<unknown> {
    const prepared = await prepareRequest(
      { op: 'messages.media', input: { number: '5511999990000', mediatype, source: { kind: 'url', url } }, idempotencyKey: 'u' },
      target,
    );
    return prepared.problems;
  }

  it('checks the caption length in code points', async () => {
    const op = (caption: string): Operation => ({
      op: 'messages.media',
      input: { number: '5511999990000', mediatype: 'image', source: { kind: 'url', url: 'https://x.example/a.png' }, caption },
      idempotencyKey: 'c',
    });
    expect((await prepareRequest(op('🎉'.repeat(1024)), target)).problems).toEqual([]);
    expect((await prepareRequest(op('c'.repeat(1025)), target)).problems).toEqual([
      {
        field: 'caption',
        message: 'is too long: 1025 characters, at most 1024',
        sentence: 'Caption is too long: 1025 characters, at most 1024',
      },
    ]);
    // an empty caption is left out of the body
    expect(JSON.parse(((await buildRequest(op(''), target)).body as { text: string }).text)).not.toHaveProperty('caption');
  });

  it('builds a voice note from OGG and WAV files with ptt: true', async () => {
    const ogg = join(dir, 'voice note.ogg');
    await writeFile(ogg, makeOgg());
    const request = await buildRequest(
      { op: 'messages.audio', input: { number: '+1 415 555 0100', source: { kind: 'file', path: ogg } }, idempotencyKey: 'a-1' },
      target,
    );
    expect(request.url).toBe('https://crm.example.com/api/v1/messages/audio');
    expect(JSON.parse(await bodyText(request))).toEqual({
      number: '14155550100',
      audio: makeOgg().toString('base64'),
      mimetype: 'audio/ogg',
      ptt: true,
    });
    const wav = join(dir, 'tone.bin');
    await writeFile(wav, makeWav(500));
    expect(
      JSON.parse(
        await bodyText(
          await buildRequest(
            { op: 'messages.audio', input: { number: '14155550100', source: { kind: 'file', path: wav } }, idempotencyKey: 'a' },
            target,
          ),
        ),
      ),
    ).toMatchObject({ mimetype: 'audio/wav' });
  });

  it('rejects audio that is not in the API list, and audio over 16 MB by size alone', async () => {
    const text = join(dir, 'notes.txt');
    await writeFile(text, 'not audio');
    expect(
      (
        await prepareRequest(
          { op: 'messages.audio', input: { number: '14155550100', source: { kind: 'file', path: text } }, idempotencyKey: 'a' },
          target,
        )
      ).problems,
    ).toEqual([
      {
        field: 'source',
        message:
          'notes.txt is not a supported audio file (its bytes look like text/plain); the API takes audio/ogg, ' +
          'audio/webm, audio/mpeg, audio/mp4, audio/aac, audio/wav',
        sentence:
          'notes.txt is not a supported audio file (its bytes look like text/plain); the API takes audio/ogg, ' +
          'audio/webm, audio/mpeg, audio/mp4, audio/aac, audio/wav',
      },
    ]);
    const big = await sparseFile('long.ogg', 17 * MIB, makeOgg(0));
    const files = countingFiles();
    const result = await prepareRequest(
      { op: 'messages.audio', input: { number: '14155550100', source: { kind: 'file', path: big } }, idempotencyKey: 'a' },
      target,
      { files },
    );
    expect(result.problems).toEqual([
      {
        field: 'source',
        message: 'long.ogg is 17 MB; voice notes are limited to 16 MB',
        sentence: 'long.ogg is 17 MB; voice notes are limited to 16 MB',
      },
    ]);
    expect(files.heads).toEqual([]);
    expect(result.errorCode).toBe('file_too_large');
  });

  it('takes audio URLs with a known or given mimetype', async () => {
    const fromExt = await buildRequest(
      {
        op: 'messages.audio',
        input: { number: '14155550100', source: { kind: 'url', url: 'https://x.example/v.mp3' } },
        idempotencyKey: 'a',
      },
      target,
    );
    expect(JSON.parse((fromExt.body as { text: string }).text)).toEqual({
      number: '14155550100',
      audio: 'https://x.example/v.mp3',
      mimetype: 'audio/mpeg',
      ptt: true,
    });
    const given = await buildRequest(
      {
        op: 'messages.audio',
        input: { number: '14155550100', source: { kind: 'url', url: 'https://x.example/v' }, mimetype: 'audio/webm;codecs=opus' },
        idempotencyKey: 'a',
      },
      target,
    );
    expect(JSON.parse((given.body as { text: string }).text)).toMatchObject({ mimetype: 'audio/webm' });
    const bad = await prepareRequest(
      {
        op: 'messages.audio',
        input: { number: '14155550100', source: { kind: 'url', url: 'https://x.example/v.flac' }, mimetype: 'audio/flac' },
        idempotencyKey: 'a',
      },
      target,
    );
    expect(bad.problems).toEqual([
      {
        field: 'mimetype',
        message: 'must be one of audio/ogg, audio/webm, audio/mpeg, audio/mp4, audio/aac, audio/wav, not audio/flac',
        sentence: 'Mimetype must be one of audio/ogg, audio/webm, audio/mpeg, audio/mp4, audio/aac, audio/wav, not audio/flac',
      },
    ]);
  });

  it('never puts a key or an Authorization header into a PreparedRequest', async () => {
    const request = await buildRequest({ op: 'messages.text', input: { number: '5511999990000', text: 'x' }, idempotencyKey: 'k' }, target);
    expect(Object.keys(request.headers).map((h) => h.toLowerCase())).not.toContain('authorization');
    expect(JSON.stringify(request)).not.toMatch(/bearer/i);
  });
});

describe('request builder: image formats the API does not show as images', () => {
  it('a HEIC photo sent as an image is a problem that says so', async () => {
    const path = join(dir, 'IMG_0001.HEIC');
    await writeFile(path, Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic', 'latin1'));
    const result = await prepareRequest(
      { op: 'messages.media', input: { number: '5511999990000', mediatype: 'image', source: { kind: 'file', path } }, idempotencyKey: 'h' },
      target,
    );
    expect(result.problems).toEqual([
      {
        field: 'source',
        message: 'IMG_0001.HEIC is image/heic, which cannot be sent as an image; send it as a document, or choose a JPEG, PNG, GIF or WebP',
        sentence:
          'IMG_0001.HEIC is image/heic, which cannot be sent as an image; send it as a document, or choose a JPEG, PNG, GIF or WebP',
      },
    ]);
  });
});
