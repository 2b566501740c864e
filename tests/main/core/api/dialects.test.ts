// The console meets three services that speak differently (the sandbox's dialects), taught by
// nothing but each service's playground cURLs: key test, contacts (paging to the end, search),
// the three sends by URL and by file, the outbox, 429, the service's own 400 reason, 403, and
// the exported cURL run in bash, all against the dialect's own field names.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCurl } from '../../../../src-main/core/request/to-curl';
import { CrmError } from '../../../../src-main/core/errors';
import { playgroundTabs } from '../../../../src-main/sandbox/index';
import type { RunningSandbox, SandboxDialect } from '../../../../src-main/sandbox/index';
import { makeOgg, makePng } from '../http/support/media-fixtures';
import { addSandboxProfile, openTestCore } from '../../helpers/core';
import type { TestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { tabPath, teachPlayground } from '../../helpers/playground';
import { closeSandboxes, openSandbox } from '../../helpers/sandbox';
import { caught, findSecrets } from '../../helpers/secret-scan';
import { tempDir } from '../../helpers/temp-dir';
import { sendAudio, sendMedia, sendText } from '../../helpers/send-operations';

const hasKeychain = await keychainAvailable();
const run = promisify(execFile);
const CONTACTS = 57;

/** what each dialect calls the recipient and the text, and how it writes a number */
const WIRE: Record<
  Extract<SandboxDialect, 'default' | 'cloud' | 'desk'>,
  { number: (body: unknown) => unknown; text: (body: unknown) => unknown; numberFor: (digits: string) => string }
> = {
  default: { number: (b) => (b as { number?: string }).number, text: (b) => (b as { text?: string }).text, numberFor: (d) => d },
  cloud: {
    number: (b) => (b as { to?: string }).to,
    text: (b) => (b as { text?: { body?: string } }).text?.body,
    numberFor: (d) => `+${d}`,
  },
  desk: {
    number: (b) => (b as { chatId?: string }).chatId,
    text: (b) => (b as { message?: string }).message,
    numberFor: (d) => `${d}@c.us`,
  },
};

describe.skipIf(!hasKeychain).each(['default', 'cloud', 'desk'] as const)('the %s dialect, taught only by its playground', (dialect) => {
  let sandbox: RunningSandbox;
  let t: TestCore;
  let profileId: string;
  let dir: string;
  const number = '5511987650000';
  const seen: unknown[] = [];

  beforeAll(async () => {
    sandbox = await openSandbox({ dialect, contacts: CONTACTS, rate: 1000, burst: 1000 });
    t = await openTestCore(`dialect-${dialect}`);
    ({ profileId } = await addSandboxProfile(t.core, sandbox, dialect, 'admin'));
    await teachPlayground(t.core, profileId, dialect, sandbox.baseUrl);
    dir = await tempDir(`crm-dialect-${dialect}-`);
  });

  afterAll(async () => {
    expect(findSecrets(seen, [sandbox.adminKey])).toEqual([]);
    await t.cleanup();
    await closeSandboxes();
  });

  const lastPost = (path: string) =>
    sandbox
      .requests()
      .filter((r) => r.method === 'POST' && r.path === path)
      .at(-1);

  it('the key test reads contacts and says that sending was not checked', async () => {
    const [key] = await t.core.keys.list(profileId);
    const report = await t.core.keys.checkKey(key!.id);
    seen.push(report);
    expect(report.outcome).toBe('valid');
    expect(report.message).toMatch(/can read contacts/);
    expect(report.message).toMatch(/sending (was )?not checked/i);
  });

  it("lists contacts, pages to the end and searches, in the dialect's own query", async () => {
    const first = await t.core.contacts.list({ page: 1, perPage: 20 });
    seen.push(first);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.number).toMatch(/^\+?\d{8,15}$/);
    expect(first.items[0]!.name).not.toBe('');
    const ids = new Set(first.items.map((c) => c.id));
    let page = first;
    while (page.hasMore !== false && page.page < 10) {
      page = await t.core.contacts.list({ page: page.page + 1, perPage: 20 });
      for (const c of page.items) ids.add(c.id);
    }
    expect(ids.size).toBe(CONTACTS);
    expect(page.hasMore).toBe(false);
    const word = first.items[0]!.name.split(' ')[0]!;
    const found = await t.core.contacts.list({ page: 1, perPage: 50, search: word });
    expect(found.items.map((c) => c.id)).toContain(first.items[0]!.id);
    const asked = sandbox
      .requests()
      .filter((r) => r.path === tabPath(dialect, sandbox.baseUrl, 'contacts'))
      .at(-1)!;
    expect(Object.values(asked.query)).toContain(word);
    // the contacts query speaks the dialect: only the names its example uses (and a cursor)
    const example = new URL(playgroundTabs(dialect, sandbox.baseUrl).find((tab) => tab.id === 'contacts')!.url);
    for (const name of Object.keys(asked.query)) expect([...example.searchParams.keys(), 'cursor']).toContain(name);
  });

  it("sends text in the dialect's field names, with the number written its way", async () => {
    const sent = await sendText(t.core.messages, { number: `+55 11 98765-0000`, text: 'Olá from the console' });
    seen.push(sent);
    expect(sent.status).toBe('sent');
    const post = lastPost(tabPath(dialect, sandbox.baseUrl, 'text'))!;
    expect(post.status).toBeGreaterThanOrEqual(200);
    expect(post.status).toBeLessThan(300);
    expect(WIRE[dialect].number(post.json)).toBe(WIRE[dialect].numberFor(number));
    expect(WIRE[dialect].text(post.json)).toBe('Olá from the console');
    // the request log gives the panel's fields back as they were typed, whatever the body's shape
    const entry = t.core.requestLog.list().findLast((e) => e.endpoint === 'messages.text');
    expect(t.core.requestLog.detail(entry?.id ?? '')?.sent).toEqual({
      kind: 'text',
      number: '+55 11 98765-0000',
      text: 'Olá from the console',
    });
  });

  it.each(['url', 'file'] as const)('sends media and a voice note by %s', async (kind) => {
    const png = join(dir, 'dot.png');
    const ogg = join(dir, 'note.ogg');
    await writeFile(png, makePng(2, 2));
    await writeFile(ogg, makeOgg());
    if (dialect === 'cloud' && kind === 'file') {
      // a Cloud-API-shaped media object takes a link, or the id of an upload this profile was not
      // taught (the meta dialect's tests upload first): refused before anything is sent
      const before = sandbox.requests().length;
      await expect(sendMedia(t.core.messages, { number, mediatype: 'image', source: { kind: 'file', path: png } })).rejects.toThrow(
        /takes a file only after an upload/,
      );
      await expect(sendAudio(t.core.messages, { number, source: { kind: 'file', path: ogg } })).rejects.toThrow(
        /takes a file only after an upload/,
      );
      expect(sandbox.requests().length).toBe(before);
      return;
    }
    const mediaSource =
      kind === 'url' ? { kind: 'url' as const, url: 'https://example.com/files/report.pdf' } : { kind: 'file' as const, path: png };
    const media = await sendMedia(t.core.messages, {
      number,
      mediatype: kind === 'url' ? 'document' : 'image',
      source: mediaSource,
      caption: 'a caption',
    });
    const audioSource =
      kind === 'url' ? { kind: 'url' as const, url: 'https://example.com/audio/note.ogg' } : { kind: 'file' as const, path: ogg };
    const audio = await sendAudio(t.core.messages, { number, source: audioSource });
    seen.push(media, audio);
    expect(media.status).toBe('sent');
    expect(audio.status).toBe('sent');
    for (const tab of ['media', 'audio'] as const) {
      const post = lastPost(tabPath(dialect, sandbox.baseUrl, tab))!;
      expect(post.status, JSON.stringify(post.json)).toBeLessThan(300);
      expect(WIRE[dialect].number(post.json)).toBe(WIRE[dialect].numberFor(number));
    }
    // the service kept them: its own message list has both, with the right kind
    const history = await fetch(`${sandbox.baseUrl}/api/v1/messages?number=${number}`, {
      headers: { Authorization: `Bearer ${sandbox.adminKey}` },
    });
    const types = ((await history.json()) as { data: { type: string }[] }).data.slice(0, 2).map((m) => m.type);
    expect(types.sort()).toEqual(['audio', 'media']);
    const sentOf = (endpoint: string) =>
      t.core.requestLog.detail(t.core.requestLog.list().findLast((e) => e.endpoint === endpoint)?.id ?? '')?.sent;
    expect(sentOf('messages.media')).toEqual(
      kind === 'url'
        ? {
            kind: 'media',
            number,
            mediatype: 'document',
            url: 'https://example.com/files/report.pdf',
            fileName: null,
            mimetype: null,
            caption: 'a caption',
          }
        : { kind: 'media', number, mediatype: 'image', url: null, fileName: 'dot.png', mimetype: null, caption: 'a caption' },
    );
    expect(sentOf('messages.audio')).toEqual(
      kind === 'url'
        ? { kind: 'audio', number, url: 'https://example.com/audio/note.ogg', fileName: null, mimetype: null }
        : { kind: 'audio', number, url: null, fileName: 'note.ogg', mimetype: null },
    );
  });

  it('a send whose answer carries no id we know is still a success, never resent', async () => {
    const before = sandbox.requests().length;
    const sent = await sendMedia(t.core.messages, {
      number,
      mediatype: 'document',
      source: { kind: 'url', url: 'https://example.com/files/a.pdf' },
    });
    expect(sent.status).toBe('sent');
    if (sent.status === 'sent') expect(sent.message.understood).toBe(dialect !== 'desk');
    expect(
      sandbox
        .requests()
        .slice(before)
        .filter((r) => r.method === 'POST'),
    ).toHaveLength(1);
  });

  it("a 400 shows the service's own reason, a 403 names the permission", async () => {
    sandbox.injectFaults([{ kind: 'status', status: 400 }], { method: 'POST' });
    const bad = (await caught(() => sendText(t.core.messages, { number, text: 'x' }))) as CrmError;
    seen.push(bad);
    expect(bad).toBeInstanceOf(CrmError);
    expect(bad.code).toBe('bad_request');
    expect(bad.message).toMatch(/^The server rejected the request: .*injected fault/i);

    const weak = sandbox.createKey('reader', ['contacts:read']);
    const weakProfile = (await t.core.profiles.create({ name: `${dialect} reader`, baseUrl: sandbox.baseUrl })).id;
    await t.core.keys.addKey({ profileId: weakProfile, name: 'reader', value: weak.key });
    await teachPlayground(t.core, weakProfile, dialect, sandbox.baseUrl);
    const forbidden = (await caught(() => sendText(t.core.messages, { number, text: 'x' }, { profileId: weakProfile }))) as CrmError;
    seen.push(forbidden);
    expect(forbidden.code).toBe('forbidden');
    expect(forbidden.message).toMatch(/^This key lacks permission for Send Text \(needs messages:send\)\. The server says: /);
    expect(findSecrets([bad, forbidden], [weak.key])).toEqual([]);
    // what the answers proved is kept on the key, and the key test says it
    const [reader] = await t.core.keys.list(weakProfile);
    const report = await t.core.keys.checkKey(reader!.id);
    expect(report.key.proven).toEqual({ 'contacts:read': true, 'messages:send': false });
    expect(report.message).toMatch(/An earlier send was refused \(403\)/);
  });

  it('a 429 is waited out and the message is sent once', async () => {
    const path = tabPath(dialect, sandbox.baseUrl, 'text');
    sandbox.injectFaults([{ kind: 'rate_limit', retryAfter: '1' }], { method: 'POST', pathPrefix: path });
    const before = sandbox.requests().length;
    const sent = await sendText(t.core.messages, { number, text: 'after the wait' });
    expect(sent.status).toBe('sent');
    const posts = sandbox
      .requests()
      .slice(before)
      .filter((r) => r.method === 'POST' && r.path === path);
    expect(posts.map((p) => p.status)).toEqual([429, expect.any(Number)]);
    expect(posts[1]!.status).toBeLessThan(300);
  });

  it('queues a send while the service is down and delivers it once when it is back', async () => {
    await sandbox.suspend();
    const queued = await sendText(t.core.messages, { number, text: 'from the outbox' });
    expect(queued.status).toBe('queued');
    await sandbox.resume();
    await t.core.outbox!.syncNow();
    const items = await t.core.outbox!.list();
    expect(items.find((i) => queued.status === 'queued' && i.id === queued.outboxId)?.state).toBe('sent');
    const delivered = sandbox
      .requests()
      .filter((r) => r.method === 'POST' && r.status < 300 && WIRE[dialect].text(r.json ?? {}) === 'from the outbox');
    expect(delivered).toHaveLength(1);
  });

  it("the exported cURL, run by bash, makes the same request in the dialect's shape", async () => {
    const { request } = await t.core.messages.prepare(
      { op: 'messages.text', input: { number, text: 'it\'s $HOME `x` "q"' }, idempotencyKey: crypto.randomUUID() },
      profileId,
    );
    // asynchronously: the sandbox answering curl lives in this very process
    await run('bash', ['-c', `${toCurl(request)} --silent --show-error --max-time 10`], {
      env: { PATH: process.env.PATH ?? '', CRM_API_KEY: sandbox.adminKey },
    });
    const post = lastPost(tabPath(dialect, sandbox.baseUrl, 'text'))!;
    expect(post.status).toBeLessThan(300);
    expect(WIRE[dialect].text(post.json)).toBe('it\'s $HOME `x` "q"');
    expect(post.headers['idempotency-key']).toBe(request.idempotencyKey);
  });
});
