// A service that keeps received files on a second origin (Meta: the lookup at graph.facebook.com
// answers an address on lookaside.fbsbx.com, which takes the same token), against the real
// sandbox's meta dialect over loopback: its lookup answers the file's url on `localhost` while the
// profile uses 127.0.0.1, the same server under another origin. The sandbox journals every request
// that carried a valid key with its Host header, so each test asserts where the bearer went: never
// to the file's origin until the person allowed it (a question main asks), only for the file's GET
// once allowed, nowhere after it is removed, and never on to where a redirect points.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { allowFileOriginAsking, allowFileOriginFromCurlAsking } from '../../../../src-main/core/conversations/file-origin-consent';
import { withoutFileOrigins } from '../../../../src-main/core/conversations/file-origin-policy';
import type { ConsentQuestion } from '../../../../src-main/core/profiles/profile-consent';
import { openDatabase } from '../../../../src-main/core/store/database';
import { MediaDownloadsTable, type DownloadRow } from '../../../../src-main/core/store/tables/media-downloads-table';
import type { RunningSandbox, SandboxRequestRecord } from '../../../../src-main/sandbox/index';
import { MEDIA_SAMPLES, type ReplyMediaKind } from '../../../../src-main/sandbox/events/media-samples';
import { addSandboxProfile, openTestCore, type TestCore } from '../../helpers/core';
import { testDispatch } from '../../helpers/ipc';
import { keychainAvailable } from '../../helpers/keychain';
import { teachPlayground } from '../../helpers/playground';
import { metaContactFile } from '../../helpers/meta-contact';
import { coresCleanedAfterEach } from '../../helpers/opened-cores';
import { openSandbox } from '../../helpers/sandbox';
import { filesContainingSecrets } from '../../helpers/secret-scan';

const NUMBER = '5511988887777';
const ATTACHMENTS = '/whatsapp_business/attachments/';

const hasKeychain = await keychainAvailable();
const opened = coresCleanedAfterEach();
const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((done) => s.close(done));
});

let seq = 0;
function fileWebhook(kind: ReplyMediaKind): { id: string; body: unknown } {
  const id = `wamid.origin${Date.now()}${(seq += 1)}`;
  return { id, body: metaContactFile({ seq, id, number: NUMBER }, kind, 'see this') };
}

interface Service {
  sandbox: RunningSandbox;
  t: TestCore;
  profileId: string;
  /** where the sandbox's lookup says the files are: the same server as http://localhost:PORT */
  fileOrigin: string;
}

async function metaService(): Promise<Service> {
  const sandbox = await openSandbox({ dialect: 'meta', rate: 1000, burst: 1000 });
  sandbox.configureEvents({ mediaHost: 'localhost' });
  const t = await openTestCore('file-origins', { processKind: 'crm', inboundMedia: { retryDelaysMs: [0, 0, 0] } });
  opened.push(t);
  const { profileId } = await addSandboxProfile(t.core, sandbox, 'Meta shop', 'meta key');
  await teachPlayground(t.core, profileId, 'meta', sandbox.baseUrl);
  return { sandbox, t, profileId, fileOrigin: `http://localhost:${sandbox.port}` };
}

function rowOf(t: TestCore, profileId: string, messageId: string): DownloadRow {
  const row = new MediaDownloadsTable(openDatabase(t.dataDir)).one(profileId, messageId);
  if (row === null) throw new Error('no download row');
  return row;
}

async function settled(t: TestCore, profileId: string, messageId: string): Promise<DownloadRow> {
  await t.core.inboundMedia.idle();
  return rowOf(t, profileId, messageId);
}

/** the host each request that carried the key went to, with its path */
function keyedRequests(sandbox: RunningSandbox): { host: string; path: string; bearer: boolean }[] {
  return sandbox.requests().map((r: SandboxRequestRecord) => ({
    host: r.headers.host ?? '',
    path: r.path,
    bearer: r.headers.authorization === `Bearer ${sandbox.adminKey}`,
  }));
}

/** a main-side question recorder that answers from a queue (no answer left: no) */
function asker(answers: boolean[]): { ask: (q: ConsentQuestion) => Promise<boolean>; asked: ConsentQuestion[] } {
  const asked: ConsentQuestion[] = [];
  return {
    asked,
    ask: async (q) => {
      asked.push(q);
      return answers.shift() ?? false;
    },
  };
}

function consentDeps(t: TestCore, ask: (q: ConsentQuestion) => Promise<boolean>) {
  return { conversations: t.core.conversations, api: t.core.api, profiles: t.core.profiles, ask };
}

describe('received files kept on a second origin', () => {
  it('the download fails with the origin named and what to do; the key never reaches that origin', async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { sandbox, t, profileId, fileOrigin } = await metaService();
    const { id, body } = fileWebhook('image');
    t.core.conversations.receive(profileId, body);
    const row = await settled(t, profileId, id);
    expect(row).toMatchObject({ state: 'failed', attempts: 1, refusedOrigin: fileOrigin });
    expect(row.reason).toContain(`The service keeps the file at ${fileOrigin}, not on its own origin (${sandbox.baseUrl})`);
    expect(row.reason).toContain('"Allow the key there for files…"');
    expect(row.reason).toContain(`crm profiles api file-origins --profile 'Meta shop' --add ${fileOrigin}`);
    // the lookup went to the service with the key; nothing with the key went to the file's origin
    const keyed = keyedRequests(sandbox);
    expect(keyed.filter((r) => r.path.startsWith('/v23.0/9'))).toEqual([
      { host: `127.0.0.1:${sandbox.port}`, path: expect.stringMatching(/^\/v23\.0\/9/), bearer: true },
    ]);
    expect(keyed.filter((r) => r.host.startsWith('localhost'))).toEqual([]);
    expect(keyed.filter((r) => r.path.startsWith(ATTACHMENTS))).toEqual([]);
    // the conversation says where, for the window's button
    const thread = await t.core.conversations.thread({ profileId, number: NUMBER });
    expect(thread.items[0]!.media).toMatchObject({ show: 'none', download: { state: 'failed', refusedOrigin: fileOrigin } });
  });

  it('after the person allows the origin (main asks), Try again stores the file; the bearer reached that origin only for the file', async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { sandbox, t, profileId, fileOrigin } = await metaService();
    const first = fileWebhook('image');
    const second = fileWebhook('document');
    t.core.conversations.receive(profileId, first.body);
    t.core.conversations.receive(profileId, second.body);
    await t.core.inboundMedia.idle();

    // a no changes nothing
    const no = asker([false]);
    expect(await allowFileOriginAsking(consentDeps(t, no.ask), { profileId, messageId: first.id })).toEqual({
      allowed: false,
      origin: fileOrigin,
      retried: 0,
    });
    expect(no.asked).toHaveLength(1);
    expect(no.asked[0]!.message).toBe(`Send the key of "Meta shop" to ${fileOrigin} to download the files its service keeps there?`);
    expect(no.asked[0]!.detail).toContain(`at ${sandbox.baseUrl} says it keeps received files at ${fileOrigin}`);
    expect((await t.core.api.fileOrigins(profileId)).origins).toEqual([]);
    expect(rowOf(t, profileId, first.id).state).toBe('failed');

    // a yes lists the origin and starts over every download refused for it
    const yes = asker([true]);
    expect(await allowFileOriginAsking(consentDeps(t, yes.ask), { profileId, messageId: first.id })).toEqual({
      allowed: true,
      origin: fileOrigin,
      retried: 2,
    });
    expect((await t.core.api.fileOrigins(profileId)).origins).toEqual([fileOrigin]);
    const stored = await settled(t, profileId, first.id);
    expect(stored).toMatchObject({ state: 'stored', refusedOrigin: null, mimetype: 'image/png' });
    expect(await readFile(stored.path!)).toEqual(MEDIA_SAMPLES.image.bytes);
    expect(rowOf(t, profileId, second.id)).toMatchObject({ state: 'stored', mimetype: 'application/pdf' });

    // the file's origin got the bearer for the attachment GETs and for nothing else
    const keyed = keyedRequests(sandbox);
    expect(keyed.filter((r) => r.host === `localhost:${sandbox.port}`).map((r) => r.path)).toEqual([ATTACHMENTS, ATTACHMENTS]);
    expect(keyed.filter((r) => r.host === `localhost:${sandbox.port}`).every((r) => r.bearer)).toBe(true);
    expect(keyed.filter((r) => r.path.startsWith(ATTACHMENTS)).every((r) => r.host === `localhost:${sandbox.port}`)).toBe(true);
    // a message without a refused download cannot be used to list anything
    await expect(allowFileOriginAsking(consentDeps(t, asker([true]).ask), { profileId, messageId: first.id })).rejects.toThrow(
      /no download that failed because of where the service keeps its file/,
    );
    expect(await filesContainingSecrets(t.dataDir, [sandbox.adminKey])).toEqual([]);
  });

  it('removing the origin stops it again; saving Download media again keeps the list; no other operation may list one', async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { sandbox, t, profileId, fileOrigin } = await metaService();
    await t.core.api.addFileOrigin(profileId, fileOrigin);
    const one = fileWebhook('audio');
    t.core.conversations.receive(profileId, one.body);
    expect(await settled(t, profileId, one.id)).toMatchObject({ state: 'stored' });

    // the person re-imports the lookup: the list is the person's, kept as it is
    const described = await t.core.api.describe(profileId);
    const spec = described.operations.find((o) => o.operation === 'media.download')!.spec;
    await t.core.api.save(profileId, 'media.download', { ...spec, fileOrigins: [] });
    expect((await t.core.api.fileOrigins(profileId)).origins).toEqual([fileOrigin]);
    await t.core.api.save(profileId, 'media.download', { ...spec, fileOrigins: ['https://evil.test'] });
    expect((await t.core.api.fileOrigins(profileId)).origins).toEqual([fileOrigin]);
    await expect(
      t.core.api.save(profileId, 'messages.text', {
        ...described.operations.find((o) => o.operation === 'messages.text')!.spec,
        fileOrigins: [fileOrigin],
      }),
    ).rejects.toThrow(/only Download media lists where the service keeps its files/);

    expect(await t.core.api.removeFileOrigin(profileId, fileOrigin)).toMatchObject({ origin: fileOrigin, changed: true, origins: [] });
    const before = sandbox.requests().length;
    const two = fileWebhook('image');
    t.core.conversations.receive(profileId, two.body);
    expect(await settled(t, profileId, two.id)).toMatchObject({ state: 'failed', refusedOrigin: fileOrigin });
    expect(
      keyedRequests(sandbox)
        .slice(before)
        .filter((r) => r.host.startsWith('localhost')),
    ).toEqual([]);
  });

  it('a redirect from the allowed origin to a third one is not followed: the third origin never hears of the key', async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { sandbox, t, profileId, fileOrigin } = await metaService();
    const third: IncomingHttpHeaders[] = [];
    const server = createServer((req, res) => {
      third.push(req.headers);
      res.writeHead(200, { 'content-type': 'image/png' }).end(MEDIA_SAMPLES.image.bytes);
    });
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const thirdOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await t.core.api.addFileOrigin(profileId, fileOrigin);
    sandbox.injectFaults([{ kind: 'status', status: 302, body: '', headers: { Location: `${thirdOrigin}/steal?mid=1` } }], {
      method: 'GET',
      pathPrefix: ATTACHMENTS,
    });
    const { id, body } = fileWebhook('image');
    t.core.conversations.receive(profileId, body);
    const row = await settled(t, profileId, id);
    expect(row.state).toBe('failed');
    expect(row.reason).toBe(
      `${fileOrigin} answered HTTP 302, a redirect to ${thirdOrigin}, where the file was expected: the key ` +
        `is not sent on to another address, so the file is not downloaded`,
    );
    expect(row.refusedOrigin).toBeNull();
    expect(third).toEqual([]);
  });

  it("a Download media cURL that GETs the file's own address is not saved as the lookup: main asks about its origin instead", async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { sandbox, t, profileId, fileOrigin } = await metaService();
    const { id, body } = fileWebhook('image');
    t.core.conversations.receive(profileId, body);
    await t.core.inboundMedia.idle();
    const curl = `curl '${fileOrigin}${ATTACHMENTS}?mid=9123456789012345&ext=1700000000&hash=ATt0abc' -H 'Authorization: Bearer EAAGm0PX4ZCpsBAExample'`;
    const proposal = await t.core.api.propose(profileId, 'media.download', curl);
    expect(proposal.fileOrigin).toBe(fileOrigin);
    expect(proposal.warnings.join(' ')).toMatch(/second step of a download.*not saved as the operation.*only with your yes/);
    // the lookup itself, on the profile's own origin, is an ordinary proposal
    const lookup = await t.core.api.propose(
      profileId,
      'media.download',
      `curl '${sandbox.baseUrl}/v23.0/9123456789012345' -H 'Authorization: Bearer x'`,
    );
    expect(lookup.fileOrigin).toBeUndefined();

    const no = asker([false]);
    expect(await allowFileOriginFromCurlAsking(consentDeps(t, no.ask), { profileId, curl })).toMatchObject({ allowed: false });
    expect((await t.core.api.fileOrigins(profileId)).origins).toEqual([]);
    const yes = asker([true]);
    expect(await allowFileOriginFromCurlAsking(consentDeps(t, yes.ask), { profileId, curl })).toEqual({
      allowed: true,
      origin: fileOrigin,
      retried: 1,
    });
    expect(yes.asked[0]!.confirmLabel).toBe('Allow the key there for files');
    expect(await settled(t, profileId, id)).toMatchObject({ state: 'stored' });
    // the lookup the profile learned is unchanged
    const spec = (await t.core.api.describe(profileId)).operations.find((o) => o.operation === 'media.download')!.spec;
    expect(spec.path).toBe('/v23.0/{media_id}');
    await expect(
      allowFileOriginFromCurlAsking(consentDeps(t, asker([true]).ask), {
        profileId,
        curl: `curl '${sandbox.baseUrl}/v23.0/9123456789012345'`,
      }),
    ).rejects.toThrow(/not a received file's own address on another origin/);
  });

  it(
    'the list belongs to the service it was allowed for: moving the profile to another origin drops it, ' +
      'a new path on the same origin keeps it',
    async (ctx) => {
      if (!hasKeychain) return ctx.skip();
      const { sandbox, t, profileId, fileOrigin } = await metaService();
      await t.core.api.addFileOrigin(profileId, fileOrigin);
      await t.core.profiles.update(profileId, { baseUrl: `${sandbox.baseUrl}/graph` });
      expect((await t.core.api.fileOrigins(profileId)).origins).toEqual([fileOrigin]);
      await t.core.profiles.update(profileId, { baseUrl: `http://127.0.0.2:${sandbox.port}` });
      expect(await t.core.api.fileOrigins(profileId)).toMatchObject({ described: true, origins: [] });
      // what another profile takes of the description (crm's environment profile) leaves the list out
      const api = {
        version: 1 as const,
        operations: {
          'media.download': {
            method: 'GET' as const,
            path: '/v23.0/{media_id}',
            pathRoles: [{ $role: 'media_id' as const }],
            query: [],
            headers: [],
            body: null,
            fileOrigins: [fileOrigin],
          },
        },
      };
      expect(withoutFileOrigins(api).operations['media.download']).toEqual({
        method: 'GET',
        path: '/v23.0/{media_id}',
        pathRoles: [{ $role: 'media_id' }],
        query: [],
        headers: [],
        body: null,
      });
    },
  );

  it('over IPC the window names only the message (an origin in the payload is refused) and the host asks the person', async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { t, profileId, fileOrigin } = await metaService();
    await t.core.profiles.activate(profileId);
    const { id, body } = fileWebhook('image');
    t.core.conversations.receive(profileId, body);
    await t.core.inboundMedia.idle();
    const no = testDispatch(t.core);
    expect(await no('conversations:allow-file-origin', { messageId: id, origin: 'https://evil.test' })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
    // a host that cannot ask: the answer is no, nothing changes
    expect(await no('conversations:allow-file-origin', { messageId: id })).toEqual({
      ok: true,
      value: { allowed: false, origin: fileOrigin, retried: 0 },
    });
    const person = asker([true]);
    const yes = testDispatch(t.core, { confirm: person.ask });
    expect(await yes('conversations:allow-file-origin', { messageId: id })).toEqual({
      ok: true,
      value: { allowed: true, origin: fileOrigin, retried: 1 },
    });
    expect(person.asked).toHaveLength(1);
    expect(await settled(t, profileId, id)).toMatchObject({ state: 'stored' });
    expect(await yes('conversations:allow-file-origin', { messageId: 'wamid.none' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('hostile addresses a lookup may answer are never fetched, even with the origin listed', async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { sandbox, t, profileId, fileOrigin } = await metaService();
    await t.core.api.addFileOrigin(profileId, fileOrigin);
    const port = sandbox.port;
    const cases: [string, RegExp][] = [
      [
        `http://localhost:${port}@127.0.0.2:${port}${ATTACHMENTS}?mid=9`,
        /carries a user name or password \(it is on http:\/\/127\.0\.0\.2:/,
      ],
      [`http://x:y@127.0.0.1:${port}${ATTACHMENTS}?mid=9`, /carries a user name or password/],
      [
        `http://localhost:${port + 1}${ATTACHMENTS}?mid=9`,
        new RegExp(`keeps the file at http://localhost:${port + 1}, not on its own origin`),
      ],
      [`http://files.example.com${ATTACHMENTS}?mid=9`, /over plain http to another computer: the key would cross the network unencrypted/],
      [`https://localhost:${port}${ATTACHMENTS}?mid=9`, new RegExp(`keeps the file at https://localhost:${port}, not on its own origin`)],
    ];
    for (const [url, reason] of cases) {
      sandbox.injectFaults(
        [
          {
            kind: 'status',
            status: 200,
            contentType: 'application/json',
            body: JSON.stringify({ messaging_product: 'whatsapp', url, mime_type: 'image/png', id: '9100000000000001' }),
          },
        ],
        { method: 'GET', pathPrefix: '/v23.0/9' },
      );
      const { id, body } = fileWebhook('image');
      t.core.conversations.receive(profileId, body);
      const row = await settled(t, profileId, id);
      expect(row.state, url).toBe('failed');
      expect(row.reason, url).toMatch(reason);
    }
    expect(sandbox.requests().filter((r) => r.path.startsWith(ATTACHMENTS))).toEqual([]);
  });
});
