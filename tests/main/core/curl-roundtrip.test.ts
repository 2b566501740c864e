// Round trip: the exported cURL, EXECUTED by curl in bash, sh (dash) and zsh, must deliver to
// the sandbox exactly what the app's own sender delivered for the same PreparedRequest:
// same method, path, query, headers (but User-Agent/Connection) and byte-identical body. A
// POST carries one Idempotency-Key per case, so the cURL run is a replay: the sandbox answers
// 201 only when the body is the same bytes (another body would be 400 idempotency_mismatch).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCurl } from '../../../src-main/core/request/to-curl';
import type { PreparedRequest } from '../../../src-main/core/http/prepared-request';
import type { HttpSender } from '../../../src-main/core/http/sender';
import type { Operation } from '../../../src-main/core/operations';
import { buildRequest } from '../../../src-main/core/request/request-builder';
import type { RunningSandbox, SandboxRequestRecord } from '../../../src-main/sandbox/index';
import { tempDir } from '../helpers/temp-dir';
import { makeOgg, makePng, makeWav } from './http/support/media-fixtures';
import { closeSandboxClient, startSandboxClient } from './http/support/sandbox-client';
import { availableShells, runInShell, shellEnv } from './shells';
import { trickyStrings } from './tricky-inputs';

const { shells, missing } = availableShells();
if (missing.length > 0) console.warn(`cURL round trip: SKIPPING shells not installed here: ${missing.join(', ')} (CI installs them)`);

let sandbox: RunningSandbox;
let client: HttpSender;
let dir: string;
let caseNumber = 0;

beforeAll(async () => {
  ({ sandbox, client } = await startSandboxClient({ contacts: 30 }));
  dir = await tempDir('crm-curl-');
});
afterAll(() => closeSandboxClient({ sandbox, client }));

const IGNORED_HEADERS = new Set(['user-agent', 'connection', 'expect']);

function comparable(record: SandboxRequestRecord | undefined): Record<string, unknown> {
  if (!record) throw new Error('the sandbox recorded no request');
  const headers = Object.fromEntries(Object.entries(record.headers).filter(([name]) => !IGNORED_HEADERS.has(name)));
  return { method: record.method, path: record.path, query: record.query, headers, rawBody: record.rawBody };
}

function nextKey(): string {
  caseNumber += 1;
  return `curl-rt-${process.pid}-${caseNumber}`;
}

/** Sends with the app, then runs the exported command in every shell; all must match. */
async function roundTrip(op: Operation, options: { literalKey?: boolean; expectedBody?: string } = {}): Promise<void> {
  const request: PreparedRequest = await buildRequest(op, { baseUrl: sandbox.baseUrl, endpointOverrides: {} });
  const before = sandbox.requests().length;
  const response = await client.send(request, sandbox.adminKey);
  const appRecord = sandbox.requests()[before];
  const app = comparable(appRecord);
  if (options.expectedBody !== undefined) expect(app.rawBody).toBe(options.expectedBody);
  const command = options.literalKey ? toCurl(request, { key: { literal: sandbox.adminKey } }) : toCurl(request);
  if (!options.literalKey) expect(command).not.toContain(sandbox.adminKey);
  for (const shell of shells) {
    const start = sandbox.requests().length;
    const env = shellEnv(options.literalKey ? {} : { CRM_API_KEY: sandbox.adminKey });
    const result = await runInShell(shell, command, env);
    expect({ shell: shell.name, code: result.code, problems: shellProblems(result.stderr) }).toEqual({
      shell: shell.name,
      code: 0,
      problems: [],
    });
    const records = sandbox.requests().slice(start);
    expect(records).toHaveLength(1);
    expect({ shell: shell.name, ...comparable(records[0]) }).toEqual({ shell: shell.name, ...app });
    expect(records[0]?.status).toBe(response.status);
    if (request.method !== 'GET') expect(JSON.parse(result.stdout)).toEqual(response.json);
  }
}

const NUMBER = '5511999990000';

/** stderr lines that are not curl's progress meter (curl prints it when stdout is not a terminal). */
function shellProblems(stderr: string): string[] {
  return stderr
    .split(/[\r\n]+/)
    .filter((line) => line.trim() !== '' && !/^\s*(% Total|Dload|[\d.kMG]+\s+[\d.kMG]+\s)/.test(line) && !/^[\d\s.kMG:-]+$/.test(line));
}

describe(`cURL round trip in ${shells.map((s) => s.name).join(', ')}`, () => {
  it('has bash and sh at least', () => {
    expect(shells.map((s) => s.name)).toEqual(expect.arrayContaining(['bash', 'sh']));
  });

  describe('Send Text', () => {
    it.each(trickyStrings(40, 1).map((t, i) => [i, JSON.stringify(t).slice(0, 60), t] as const))(
      'text #%i %s',
      async (_i, _label, text) => {
        await roundTrip({ op: 'messages.text', input: { number: NUMBER, text }, idempotencyKey: nextKey() });
      },
    );

    it('a 4096-character text of emoji', async () => {
      await roundTrip({
        op: 'messages.text',
        input: { number: NUMBER, text: '👩‍👩‍👧'.repeat(4096 / 5) + 'x'.repeat(4096 % 5) },
        idempotencyKey: nextKey(),
      });
    });

    it('with the key written into the command', async () => {
      await roundTrip(
        { op: 'messages.text', input: { number: NUMBER, text: "literal 'key' $CRM_API_KEY" }, idempotencyKey: nextKey() },
        { literalKey: true },
      );
    });
  });

  describe('contacts search', () => {
    it.each(trickyStrings(20, 2).map((t, i) => [i, JSON.stringify(t).slice(0, 60), t] as const))(
      'search #%i %s',
      async (_i, _label, search) => {
        await roundTrip({ op: 'contacts.list', input: { search, perPage: 5, page: 1 } });
      },
    );
  });

  describe('Send Media from a file', () => {
    const noControls = (piece: string): boolean => /[\u0000-\u001f\u007f/\\\u2028\u2029\ufeff\u202e]/.test(piece); // eslint-disable-line no-control-regex
    const names = trickyStrings(12, 3, { maxPieces: 4, exclude: noControls }).map((n, i) => `${n.slice(0, 60)} ${i}.png`);
    it.each(names.map((n, i) => [i, n] as const))('file name #%i %j', async (i, name) => {
      // the folder carries what a file name may not: a newline, a backslash, quotes
      const folder = join(dir, `media ${i} it's \\ "dir"\nline2 $(x)`);
      await mkdir(folder, { recursive: true });
      const path = join(folder, name);
      const png = makePng(12, 10, i + 1);
      await writeFile(path, png);
      const caption = trickyStrings(1 + i, 100 + i)[i] ?? 'caption';
      const expectedBody = JSON.stringify({
        number: NUMBER,
        mediatype: 'image',
        mimetype: 'image/png',
        fileName: name,
        media: png.toString('base64'),
        caption,
      });
      await roundTrip(
        {
          op: 'messages.media',
          input: { number: NUMBER, mediatype: 'image', source: { kind: 'file', path }, caption },
          idempotencyKey: nextKey(),
        },
        { expectedBody },
      );
    });

    it.each(trickyStrings(10, 4).map((t, i) => [i, JSON.stringify(t).slice(0, 60), t] as const))(
      'caption #%i %s',
      async (_i, _label, caption) => {
        const path = join(dir, 'caption test.png');
        await writeFile(path, makePng(8, 8));
        await roundTrip({
          op: 'messages.media',
          input: { number: NUMBER, mediatype: 'image', source: { kind: 'file', path }, caption: caption.slice(0, 1000) },
          idempotencyKey: nextKey(),
        });
      },
    );

    it('a document whose base64 needs padding (sizes 1, 2 and 3 mod 3)', async () => {
      for (const size of [301, 302, 303]) {
        const path = join(dir, `doc-${size}.pdf`);
        await writeFile(path, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x41)]));
        await roundTrip({
          op: 'messages.media',
          input: { number: NUMBER, mediatype: 'document', source: { kind: 'file', path }, fileName: `"${size}" it's.pdf` },
          idempotencyKey: nextKey(),
        });
      }
    });

    it('media from a URL', async () => {
      await roundTrip({
        op: 'messages.media',
        input: {
          number: NUMBER,
          mediatype: 'image',
          source: { kind: 'url', url: "https://cdn.example.com/a/it's%20here.png?x=1&y='2'" },
          caption: '$(id)',
        },
        idempotencyKey: nextKey(),
      });
    });
  });

  describe('Send Audio from a file', () => {
    it.each([
      ['voice note.ogg', () => makeOgg(3)],
      ['it\'s "loud" $(x).wav', () => makeWav(3000)],
      ['-rf @x.ogg', () => makeOgg(1)],
    ] as const)('%j', async (name, bytes) => {
      const path = join(dir, name);
      await writeFile(path, bytes());
      await roundTrip({ op: 'messages.audio', input: { number: NUMBER, source: { kind: 'file', path } }, idempotencyKey: nextKey() });
    });
  });

  describe('other operations', () => {
    it('list and create keys, delete a key, list messages', async () => {
      await roundTrip({ op: 'keys.list', input: {} });
      await roundTrip({ op: 'messages.list', input: { number: NUMBER, perPage: 2 } });
      // creating a key is not idempotent: each run makes its own key, so compare everything but the answer
      const create = await buildRequest(
        { op: 'keys.create', input: { name: "curl 'key' $(x)", permissions: ['contacts:read'] } },
        { baseUrl: sandbox.baseUrl, endpointOverrides: {} },
      );
      const before = sandbox.requests().length;
      await client.send(create, sandbox.adminKey);
      const app = comparable(sandbox.requests()[before]);
      for (const shell of shells) {
        const start = sandbox.requests().length;
        const result = await runInShell(shell, toCurl(create), shellEnv({ CRM_API_KEY: sandbox.adminKey }));
        expect([result.code, shellProblems(result.stderr)]).toEqual([0, []]);
        expect(comparable(sandbox.requests()[start])).toEqual(app);
        expect(JSON.parse(result.stdout)).toMatchObject({ name: "curl 'key' $(x)", permissions: ['contacts:read'] });
      }
      const victim = sandbox.createKey('victim', ['contacts:read']);
      const del = await buildRequest({ op: 'keys.delete', input: { id: victim.id } }, { baseUrl: sandbox.baseUrl, endpointOverrides: {} });
      for (const shell of shells) {
        const start = sandbox.requests().length;
        const result = await runInShell(shell, toCurl(del), shellEnv({ CRM_API_KEY: sandbox.adminKey }));
        expect([result.code, shellProblems(result.stderr)]).toEqual([0, []]);
        expect(sandbox.requests()[start]).toMatchObject({ method: 'DELETE', path: `/api/v1/api-keys/${victim.id}`, rawBody: '' });
      }
    });
  });
});
