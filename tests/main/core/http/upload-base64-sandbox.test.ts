// A file sent as base64 inside a JSON body is streamed (prefix, the file's base64 in 3-byte-
// aligned chunks, suffix): against the real sandbox over loopback, what arrives is exactly the
// buffered encoding, for sizes that 3 divides and sizes it does not, and across the read chunks.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedRequest } from '../../../../src-main/core/http/prepared-request';
import type { HttpSender } from '../../../../src-main/core/http/sender';
import { parseSentMessage } from '../../../../src-main/core/parse/message';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import { tempDir } from '../../helpers/temp-dir';
import { seededBytes } from './support/media-fixtures';
import { build, idempotencyKey } from './support/requests';
import { closeSandboxClient, startSandboxClient } from './support/sandbox-client';

/** the sandbox's request journal keeps this much of each body */
const KEPT = 64 * 1024;

let sandbox: RunningSandbox;
let client: HttpSender;
let dir: string;

beforeAll(async () => {
  ({ sandbox, client } = await startSandboxClient({ contacts: 10 }));
  dir = await tempDir('crm-upload-b64-');
});
afterAll(() => closeSandboxClient({ sandbox, client }));

async function sendFile(size: number): Promise<{ expected: string; received: string; bytes: unknown }> {
  const bytes = seededBytes(size, size + 1);
  const path = join(dir, `file-${size}.bin`);
  await writeFile(path, bytes);
  const request: PreparedRequest = await build(sandbox.baseUrl, {
    op: 'messages.media',
    input: { number: '5511999990000', mediatype: 'document', source: { kind: 'file', path }, caption: 'naïve "quote" ☕' },
    idempotencyKey: idempotencyKey(),
  });
  const body = request.body;
  if (body?.kind !== 'json-with-file') throw new Error('expected a streamed file body');
  const response = await client.send(request, sandbox.adminKey);
  expect(response.status).toBe(201);
  const received = sandbox.requests().at(-1)!;
  expect(received.headers['content-length']).toBe(String(Buffer.byteLength(body.prefix + bytes.toString('base64') + body.suffix)));
  return {
    expected: body.prefix + bytes.toString('base64') + body.suffix,
    received: received.rawBody,
    bytes: (parseSentMessage(response.json, 'media').raw as { bytes?: unknown }).bytes,
  };
}

describe('a file streamed as base64 in JSON to the sandbox', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 100, 1001, 3 * 1024, 30_001, 30_002])(
    'a %i-byte file arrives as exactly the buffered encoding',
    async (size) => {
      const { expected, received, bytes } = await sendFile(size);
      expect(received).toBe(expected);
      expect(bytes).toBe(size);
    },
  );

  // the sender reads 196,608 bytes (a multiple of 3) at a time: these sizes end just around it
  it.each([196_607, 196_608, 196_609, 393_217])(
    'a %i-byte file is decoded to its own length, its body starting as the buffered one',
    async (size) => {
      const { expected, received, bytes } = await sendFile(size);
      expect(received).toBe(Buffer.from(expected).subarray(0, KEPT).toString('utf8'));
      expect(bytes).toBe(size);
    },
  );
});
