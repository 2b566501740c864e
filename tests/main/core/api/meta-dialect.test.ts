// The console meets a Meta-shaped service (the sandbox's `meta` dialect: Graph paths, a kind key
// in the body, uploads by multipart, sends by media id, the 24-hour window), taught by nothing
// but its playground cURLs: a document from a local file goes up first and is sent by id, every
// kind picks its own key, a 131047 is explained, no contacts listing is said so, and the upload's
// exported cURL runs. No key value in any answer, record or file.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { toCurl } from '../../../../src-main/core/request/to-curl';
import type { CrmError } from '../../../../src-main/core/errors';
import { buildRequest } from '../../../../src-main/core/request/request-builder';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import type { TestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { taughtServiceAround } from '../../helpers/taught-service';
import { caught } from '../../helpers/secret-scan';
import { tempDir } from '../../helpers/temp-dir';
import { makePng } from '../http/support/media-fixtures';
import { sendMedia, sendText } from '../../helpers/send-operations';

const hasKeychain = await keychainAvailable();
const run = promisify(execFile);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

describe.skipIf(!hasKeychain)('a Meta-shaped service taught by its playground', () => {
  let sandbox: RunningSandbox, t: TestCore, profileId: string;
  let dir: string;
  const seen: unknown[] = [];
  taughtServiceAround('meta', { keyName: 'Access token' }, seen, (s) => ({ sandbox, t, profileId } = s));
  beforeAll(async () => {
    dir = await tempDir('crm-meta-');
  });
  const posts = () => sandbox.requests().filter((r) => r.method === 'POST');

  it('learned an upload (multipart, answering an id) and a media object that takes a link or an id', async () => {
    const api = await t.core.api.describe(profileId);
    const upload = api.operations.find((o) => o.operation === 'media.upload')!;
    expect(upload).toMatchObject({ custom: true, absent: false, spec: { encoding: 'multipart' } });
    expect(JSON.stringify(api)).not.toContain('YOUR_API_KEY');
  });

  it('the key test uses the learned Check key request (GET /{phone-number-id}), not a contacts listing Meta does not have', async () => {
    const [key] = await t.core.keys.list(profileId);
    const report = await t.core.keys.checkKey(key!.id);
    seen.push(report);
    expect(report.outcome).toBe('valid');
    expect(report.message).toMatch(/Check key request \(GET \/v23\.0\/\d+\)/);
    expect(sandbox.requests().at(-1)!.path).not.toMatch(/contacts/);
  });

  it('a document from a local file: uploaded first (multipart), then sent by the id the upload answered, with its file name', async () => {
    const path = join(dir, 'Q3 report.pdf');
    await writeFile(path, PDF);
    const before = posts().length;
    const result = await sendMedia(
      t.core.messages,
      { number: '+1 555 010 1234', mediatype: 'document', source: { kind: 'file', path }, caption: 'Q3' },
      { profileId },
    );
    seen.push(result);
    expect(result.status).toBe('sent');
    const [upload, send] = posts().slice(before);
    expect(upload!.path).toMatch(/\/media$/);
    expect(String(upload!.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload!.rawBody).toContain('filename="Q3 report.pdf"');
    expect(upload!.rawBody).toContain('Content-Type: application/pdf');
    expect(upload!.rawBody).toContain('%PDF-1.4');
    expect(send!.path).toMatch(/\/messages$/);
    expect(send!.json).toMatchObject({ type: 'document', document: { filename: 'Q3 report.pdf', caption: 'Q3' } });
    // the sandbox refuses an id it did not answer (131053), so a 2xx proves it is the upload's
    expect((send!.json as { document: { id?: string } }).document.id).toMatch(/^\d+$/);
    expect((send!.json as { document: Record<string, unknown> }).document.link).toBeUndefined();
  });

  it('an image by URL goes by link under its own key, never as a document', async () => {
    await sendMedia(
      t.core.messages,
      { number: '+15550101234', mediatype: 'image', source: { kind: 'url', url: 'https://example.com/cat.png' }, caption: 'cat' },
      { profileId },
    );
    expect(posts().at(-1)!.json).toMatchObject({ type: 'image', image: { link: 'https://example.com/cat.png', caption: 'cat' } });
    expect((posts().at(-1)!.json as { image: Record<string, unknown> }).image.filename).toBeUndefined();
  });

  it('an image from a local file, then a sticker by URL, each under its own key', async () => {
    const path = join(dir, 'cat.png');
    await writeFile(path, makePng(4, 4));
    await sendMedia(t.core.messages, { number: '+15550101234', mediatype: 'image', source: { kind: 'file', path } }, { profileId });
    expect(posts().at(-1)!.json).toMatchObject({ type: 'image', image: { id: expect.stringMatching(/^\d+$/) } });
    await sendMedia(
      t.core.messages,
      { number: '+15550101234', mediatype: 'sticker', source: { kind: 'url', url: 'https://example.com/s.webp' } },
      { profileId },
    );
    expect(posts().at(-1)!.json).toMatchObject({ type: 'sticker', sticker: { link: 'https://example.com/s.webp' } });
  });

  it("outside the 24-hour window (131047): the service's reason and what to do", async () => {
    const err = (await caught(() => sendText(t.core.messages, { number: '+15550100047', text: 'hello again' }, { profileId }))) as CrmError;
    seen.push(err.message);
    expect(err.message).toMatch(/24/);
    expect(err.message).toMatch(/template/i);
  });

  it('no contacts listing, once said: never asked for, the numbers already messaged are listed', async () => {
    await t.core.api.markAbsent(profileId, 'contacts.list', true);
    const before = sandbox.requests().length;
    const page = await t.core.contacts.list({ profileId, page: 1, perPage: 20 });
    expect(sandbox.requests().length).toBe(before);
    expect(page.items.map((c) => c.number)).toContain('15550101234');
  });

  it("the upload's exported cURL, run in bash with the key in $CRM_API_KEY, gets a media id", async () => {
    const path = join(dir, "it's a;file.png");
    await writeFile(path, makePng(2, 2));
    const profile = await t.core.profiles.get(profileId);
    const upload = await buildRequest({ op: 'media.upload', input: { source: { kind: 'file', path }, mediatype: 'image' } }, profile);
    const curl = toCurl(upload);
    expect(curl).not.toContain(sandbox.adminKey);
    const { stdout } = await run('bash', ['-c', `${curl} -sS`], { env: { PATH: process.env.PATH ?? '', CRM_API_KEY: sandbox.adminKey } });
    expect(JSON.parse(stdout)).toMatchObject({ id: expect.stringMatching(/^\d+$/) });
  });
});
