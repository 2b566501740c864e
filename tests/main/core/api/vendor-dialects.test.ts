// The console meets Twilio- and Evolution-shaped services (the sandbox's `twilio` and
// `evolution-v2` dialects), taught by nothing but each one's playground cURLs: the key goes where
// the service wants it (HTTP Basic, an apikey header), bodies are forms or JSON as shown, the
// contacts listing is the service's own or honestly missing, and the exported cURL run in bash
// sends what the app sends. No key value in any answer, record or file.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { toCurl } from '../../../../src-main/core/request/to-curl';
import type { CrmError } from '../../../../src-main/core/errors';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import type { TestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { lastPostOf } from '../../helpers/sandbox';
import { taughtServiceAround } from '../../helpers/taught-service';
import { caught } from '../../helpers/secret-scan';
import { tempDir } from '../../helpers/temp-dir';
import { makePng } from '../http/support/media-fixtures';
import { sendAudio, sendMedia, sendText } from '../../helpers/send-operations';

const hasKeychain = await keychainAvailable();
const run = promisify(execFile);

describe.skipIf(!hasKeychain)('a Twilio-shaped service (HTTP Basic, form bodies, no contacts listing)', () => {
  let sandbox: RunningSandbox, t: TestCore, profileId: string;
  const seen: unknown[] = [];
  taughtServiceAround('twilio', { keyName: 'Auth token' }, seen, (s) => ({ sandbox, t, profileId } = s));
  const lastPost = () => lastPostOf(sandbox);

  it('learned HTTP Basic with the account id, a form body and whatsapp:+ numbers from the playground', async () => {
    const api = await t.core.api.describe(profileId);
    const text = api.operations.find((o) => o.operation === 'messages.text')!.spec;
    expect(text.credential).toMatchObject({ in: 'basic' });
    expect(text.encoding).toBe('form');
    expect(JSON.stringify(api)).not.toContain('YOUR_API_KEY');
  });

  it('sends a text: the key as the Basic password, To=whatsapp:+E164, the message sid read back', async () => {
    const result = await sendText(t.core.messages, { number: '+55 11 98765-4321', text: 'Olá & até logo' }, { profileId });
    seen.push(result);
    expect(result.status).toBe('sent');
    expect(result.status === 'sent' ? result.message.id : null).toMatch(/^SM[0-9a-f]{32}$/);
    const sent = lastPost();
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent.json).toMatchObject({ To: 'whatsapp:+5511987654321', Body: 'Olá & até logo', From: 'whatsapp:+14155238886' });
    const basic = Buffer.from(String(sent.headers.authorization).replace(/^Basic /, ''), 'base64').toString();
    expect(basic.endsWith(`:${sandbox.adminKey}`)).toBe(true);
  });

  it('media and audio by URL; the caption goes in Body', async () => {
    const media = await sendMedia(
      t.core.messages,
      { number: '+5511987654321', mediatype: 'document', source: { kind: 'url', url: 'https://example.com/files/q3.pdf' }, caption: 'Q3' },
      { profileId },
    );
    seen.push(media);
    expect(lastPost().json).toMatchObject({ MediaUrl: 'https://example.com/files/q3.pdf', Body: 'Q3' });
    await sendAudio(
      t.core.messages,
      { number: '+5511987654321', source: { kind: 'url', url: 'https://example.com/a/note.ogg' } },
      { profileId },
    );
    expect(lastPost().json).toMatchObject({ MediaUrl: 'https://example.com/a/note.ogg' });
  });

  it('a local file for a service that takes media by URL only is refused before anything is sent, with the reason', async () => {
    const dir = await tempDir('crm-twilio-file-');
    const path = join(dir, 'cat.png');
    await writeFile(path, makePng(4, 4));
    const before = sandbox.requests().length;
    const err = (await caught(() =>
      sendMedia(t.core.messages, { number: '+5511987654321', mediatype: 'image', source: { kind: 'file', path } }, { profileId }),
    )) as CrmError;
    expect(err.message).toMatch(/takes media by URL/);
    expect(sandbox.requests().length).toBe(before);
  });

  it("a 400 carries the service's own reason", async () => {
    const err = (await caught(() =>
      sendText(t.core.messages, { number: '+5511987654321', text: 'x'.repeat(1700) }, { profileId }),
    )) as CrmError;
    seen.push(err.message);
    expect(err.message).toMatch(/1600|Body/i);
  });

  it('no contacts listing: the numbers already messaged, with the reason; the key test says it could not check', async () => {
    const page = await t.core.contacts.list({ profileId, page: 1, perPage: 20 });
    seen.push(page);
    expect(page.notice).toMatch(/no contacts listing/);
    expect(page.items.map((c) => c.number)).toContain('5511987654321');
    await t.core.api.markAbsent(profileId, 'contacts.list', true);
    const [key] = await t.core.keys.list(profileId);
    const err = (await caught(() => t.core.keys.checkKey(key!.id))) as CrmError;
    expect(err.message).toMatch(/could not be checked: this service has no contacts listing and this profile has no Check key request/);
  });

  it("the exported cURL, run in bash with the key in $CRM_API_KEY, is accepted by the service as the app's own send was", async () => {
    const { request } = await t.core.messages.prepare(
      { op: 'messages.text', input: { number: '+5511987654321', text: 'from the shell' }, idempotencyKey: 'twilio-curl-0001' },
      profileId,
    );
    const curl = toCurl(request);
    expect(curl).not.toContain(sandbox.adminKey);
    const { stdout } = await run('bash', ['-c', `${curl} -sS`], { env: { PATH: process.env.PATH ?? '', CRM_API_KEY: sandbox.adminKey } });
    expect(JSON.parse(stdout)).toMatchObject({ status: 'queued', body: 'from the shell' });
  });
});

describe.skipIf(!hasKeychain)('an Evolution-shaped service (apikey header, contacts by POST)', () => {
  let sandbox: RunningSandbox, t: TestCore, profileId: string;
  const seen: unknown[] = [];
  taughtServiceAround('evolution-v2', { contacts: 40, keyName: 'apikey' }, seen, (s) => ({ sandbox, t, profileId } = s));
  const lastPost = () => lastPostOf(sandbox);

  it('sends a text with the key in the apikey header and no Authorization', async () => {
    const result = await sendText(t.core.messages, { number: '+55 11 98765-4321', text: 'oi' }, { profileId });
    seen.push(result);
    const sent = lastPost();
    expect(sent.headers.apikey).toBe(sandbox.adminKey);
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.json).toEqual({ number: '5511987654321', text: 'oi' });
  });

  it('media by URL and by local file (base64 in the one media field)', async () => {
    await sendMedia(
      t.core.messages,
      { number: '+5511987654321', mediatype: 'image', source: { kind: 'url', url: 'https://example.com/cat.png' }, caption: 'cat' },
      { profileId },
    );
    expect(lastPost().json).toMatchObject({ mediatype: 'image', media: 'https://example.com/cat.png', caption: 'cat' });
    const dir = await tempDir('crm-evo-file-');
    const path = join(dir, 'cat.png');
    await writeFile(path, makePng(4, 4));
    await sendMedia(t.core.messages, { number: '+5511987654321', mediatype: 'image', source: { kind: 'file', path } }, { profileId });
    expect((lastPost().json as { media: string }).media).toBe(makePng(4, 4).toString('base64'));
  });

  it('lists contacts through POST findContacts and searches by name', async () => {
    const page = await t.core.contacts.list({ profileId, page: 1, perPage: 50 });
    seen.push(page);
    expect(page.notice).toBeUndefined();
    expect(page.items.length).toBe(40);
    expect(page.items[0]!.name).not.toBe('');
    const post = lastPost();
    expect(post.path).toBe('/chat/findContacts/sandbox');
    const name = page.items[3]!.name.split(' ')[0]!;
    const found = await t.core.contacts.list({ profileId, page: 1, perPage: 50, search: name });
    expect(found.items.length).toBeGreaterThan(0);
    expect(found.items.every((c) => c.name.toLowerCase().includes(name.toLowerCase()))).toBe(true);
  });

  it("a wrong key: 401 in the service's shape, named as such", async () => {
    const other = await t.core.keys.addKey({ profileId, name: 'wrong', value: 'wrong-key-0000000000' });
    await t.core.keys.activate(other.id);
    const err = (await caught(() => sendText(t.core.messages, { number: '+5511987654321', text: 'x' }, { profileId }))) as CrmError;
    expect(err.code).toBe('unauthorized');
    await t.core.keys.revoke(other.id).catch(() => undefined);
  });
});

describe.skipIf(!hasKeychain)(
  'a Wati-shaped service (the number in the path, the text in the query, files as multipart, 200 that says it failed)',
  () => {
    let sandbox: RunningSandbox, t: TestCore, profileId: string;
    const seen: unknown[] = [];
    taughtServiceAround('wati', { contacts: 30, keyName: 'token' }, seen, (s) => ({ sandbox, t, profileId } = s));
    const lastPost = () => lastPostOf(sandbox);

    it('learned {number} in the path and the text in the query', async () => {
      const text = (await t.core.api.describe(profileId)).operations.find((o) => o.operation === 'messages.text')!.spec;
      expect(text.path).toMatch(/\/sendSessionMessage\/\{number\}$/);
      expect(text.pathRoles).toEqual([{ $role: 'number' }]);
      expect(text.query).toContainEqual({ name: 'messageText', value: { $role: 'text' } });
    });

    it('a text goes to /sendSessionMessage/<digits>?messageText=...', async () => {
      const result = await sendText(t.core.messages, { number: '+55 11 98765-4321', text: 'Olá & bom dia' }, { profileId });
      seen.push(result);
      expect(result.status).toBe('sent');
      const post = lastPost();
      expect(post.path).toMatch(/\/sendSessionMessage\/5511987654321$/);
      expect(post.query).toMatchObject({ messageText: 'Olá & bom dia' });
    });

    it('a document from a local file goes as a multipart file part; a URL is refused before sending', async () => {
      const dir = await tempDir('crm-wati-');
      const path = join(dir, 'price list.pdf');
      await writeFile(path, Buffer.from('%PDF-1.4\n%%EOF\n'));
      const sent = await sendMedia(
        t.core.messages,
        { number: '+5511987654321', mediatype: 'document', source: { kind: 'file', path }, caption: 'prices' },
        { profileId },
      );
      expect(sent.status).toBe('sent');
      const post = lastPost();
      expect(String(post.headers['content-type'])).toMatch(/^multipart\/form-data/);
      expect(post.rawBody).toContain('filename="price list.pdf"');
      expect(post.query).toMatchObject({ caption: 'prices' });
      const before = sandbox.requests().length;
      await expect(
        sendMedia(
          t.core.messages,
          { number: '+5511987654321', mediatype: 'document', source: { kind: 'url', url: 'https://example.com/a.pdf' } },
          { profileId },
        ),
      ).rejects.toThrow(/takes the file itself/);
      expect(sandbox.requests().length).toBe(before);
    });

    it('a 200 whose body says it failed (outside the session window) is a failure with the service\'s reason, never "sent"', async () => {
      const err = (await caught(() => sendText(t.core.messages, { number: '+5511987650047', text: 'hi' }, { profileId }))) as CrmError;
      seen.push(err.message);
      expect(err.code).toBe('refused_by_service');
      expect(err.message).toMatch(/expired|window|session/i);
      // the Request log says so too, not a plain 200
      const logged = t.core.requestLog.list().findLast((e) => e.endpoint === 'messages.text');
      expect(logged).toMatchObject({ status: 200, errorCode: 'refused_by_service' });
    });

    it('lists contacts through its page-numbered listing and searches by name', async () => {
      const page = await t.core.contacts.list({ profileId, page: 1, perPage: 10 });
      seen.push(page);
      expect(page.items).toHaveLength(10);
      const second = await t.core.contacts.list({ profileId, page: 2, perPage: 10 });
      expect(second.items[0]!.id).not.toBe(page.items[0]!.id);
    });
  },
);
