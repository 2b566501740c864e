// Streaming `json-with-file` bodies: exact bytes and Content-Length, 3-byte-aligned base64
// across chunk boundaries, upload progress, and files that change after they were chosen.
import { appendFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toErrorInfo } from '../../../../src-main/core/errors';
import { createApiClient } from '../../../../src-main/core/http/api-client';
import { fileBodyLength } from '../../../../src-main/core/http/file-body';
import type { PreparedRequest } from '../../../../src-main/core/http/prepared-request';
import type { HttpSender, SendProgress } from '../../../../src-main/core/http/sender';
import { parseSentMessage } from '../../../../src-main/core/parse/message';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import { startSandbox } from '../../../../src-main/sandbox/index';
import { tempDir } from '../../helpers/temp-dir';
import type { LocalServer } from './support/local-server';
import { startJsonServer } from './support/local-server';
import { makeOgg, makePng, seededBytes } from './support/media-fixtures';
import { CANARY_KEY, build, caught, idempotencyKey } from './support/requests';

let sandbox: RunningSandbox;
let echo: LocalServer;
let client: HttpSender;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ rate: 100_000, burst: 100_000, contacts: 10 });
  echo = await startJsonServer(201, '{"id":"m_1","type":"media","number":"5511999990000","status":"queued"}');
  client = createApiClient();
  dir = await tempDir('crm-upload-');
});
afterAll(async () => {
  await client.close();
  await echo.close();
  await sandbox.close();
});

const mediaRequest = (baseUrl: string, path: string, mediatype: 'image' | 'document' = 'document'): Promise<PreparedRequest> =>
  build(baseUrl, {
    op: 'messages.media',
    input: { number: '5511999990000', mediatype, source: { kind: 'file', path }, caption: 'café ☕' },
    idempotencyKey: idempotencyKey(),
  });

describe('file uploads', () => {
  // 196608 is the read chunk: sizes around it exercise the carried 1-2 bytes between chunks
  it.each([1, 2, 3, 4, 5, 196_607, 196_608, 196_609, 196_610, 500_001])(
    'a %i-byte file arrives as exactly prefix + base64 + suffix',
    async (size) => {
      const bytes = seededBytes(size, size);
      const path = join(dir, `file-${size}.bin`);
      await writeFile(path, bytes);
      const request = await mediaRequest(echo.url, path);
      const body = request.body;
      if (body?.kind !== 'json-with-file') throw new Error('expected a file body');
      const progress: SendProgress[] = [];
      await client.send(request, CANARY_KEY, { onProgress: (p) => progress.push(p) });
      const got = echo.received.at(-1);
      const expected = body.prefix + bytes.toString('base64') + body.suffix;
      expect(got?.body.toString('utf8')).toBe(expected);
      expect(got?.headers['content-length']).toBe(String(Buffer.byteLength(expected)));
      expect(fileBodyLength(body)).toBe(Buffer.byteLength(expected));
      const uploads = progress.filter((p): p is Extract<SendProgress, { kind: 'upload' }> => p.kind === 'upload');
      expect(uploads.at(-1)).toEqual({ kind: 'upload', sentBytes: Buffer.byteLength(expected), totalBytes: Buffer.byteLength(expected) });
      expect(uploads.every((p, i) => i === 0 || p.sentBytes > (uploads[i - 1]?.sentBytes ?? 0))).toBe(true);
    },
  );

  it('uploads a 3 MB PNG to the sandbox with rising progress and a matching Message', async () => {
    const png = makePng(1000, 1000);
    const path = join(dir, 'big photo.png');
    await writeFile(path, png);
    const request = await mediaRequest(sandbox.baseUrl, path, 'image');
    const progress: SendProgress[] = [];
    const response = await client.send(request, sandbox.adminKey, { onProgress: (p) => progress.push(p) });
    expect(response.status).toBe(201);
    const message = parseSentMessage(response.json, 'media');
    expect(message).toMatchObject({ type: 'media', number: '5511999990000', status: 'queued' });
    expect(message.raw).toMatchObject({
      mediatype: 'image',
      mimetype: 'image/png',
      fileName: 'big photo.png',
      caption: 'café ☕',
      bytes: png.length,
    });
    const total = fileBodyLength(request.body as Extract<PreparedRequest['body'], { kind: 'json-with-file' }>);
    const sent = progress.map((p) => (p.kind === 'upload' ? p.sentBytes : -1));
    expect(sent.length).toBeGreaterThan(10);
    expect(sent.at(-1)).toBe(total);
    expect(progress.every((p) => p.kind === 'upload' && p.totalBytes === total)).toBe(true);
    const received = sandbox.requests().at(-1);
    expect(received?.headers['content-length']).toBe(String(total));
  });

  it('sends a voice note to the sandbox', async () => {
    const path = join(dir, 'voice.ogg');
    await writeFile(path, makeOgg(5));
    const request = await build(sandbox.baseUrl, {
      op: 'messages.audio',
      input: { number: '5511999990000', source: { kind: 'file', path } },
      idempotencyKey: idempotencyKey(),
    });
    const response = await client.send(request, sandbox.adminKey);
    expect(parseSentMessage(response.json, 'audio').raw).toMatchObject({
      type: 'audio',
      mimetype: 'audio/ogg',
      ptt: true,
      bytes: makeOgg(5).length,
    });
  });

  it('a progress listener that throws does not break the upload', async () => {
    const path = join(dir, 'listener.bin');
    const bytes = seededBytes(300_000, 11);
    await writeFile(path, bytes);
    const request = await mediaRequest(echo.url, path);
    const response = await client.send(request, CANARY_KEY, {
      onProgress: () => {
        throw new Error('listener bug');
      },
    });
    expect(response.status).toBe(201);
    const body = request.body as Extract<PreparedRequest['body'], { kind: 'json-with-file' }>;
    expect(echo.received.at(-1)?.body.toString('utf8')).toBe(body.prefix + bytes.toString('base64') + body.suffix);
  });

  it('refuses to send a file that changed size since the request was prepared', async () => {
    const path = join(dir, 'changing.bin');
    await writeFile(path, seededBytes(1000, 1));
    const request = await mediaRequest(echo.url, path);
    await appendFile(path, 'more');
    const before = echo.received.length;
    const err = await caught(() => client.send(request, CANARY_KEY));
    expect(toErrorInfo(err)).toEqual({
      code: 'file_unreadable',
      message: 'changing.bin changed since it was chosen (1000 bytes then, 1004 now); choose it again',
    });
    expect(echo.received.length).toBe(before);
  });

  it('reports a file deleted after it was chosen as unreadable', async () => {
    const path = join(dir, 'gone.bin');
    await writeFile(path, seededBytes(10, 1));
    const request = await mediaRequest(echo.url, path);
    await unlink(path);
    const err = await caught(() => client.send(request, CANARY_KEY));
    expect(toErrorInfo(err)).toEqual({ code: 'file_unreadable', message: 'gone.bin cannot be read (it does not exist)' });
  });
});
