// Files a contact sends by media id (Meta's webhooks name no address), downloaded in the
// background against the real sandbox's meta dialect over loopback: the profile learned its media
// lookup from the playground's cURL like every other operation. Failures are injected into the
// sandbox's real HTTP answers: the message is never lost or duplicated, a 5xx or a reset is tried
// again, a refused key, an error page, a too-large file end the download with their reason, and
// two connections to the same database racing for one download fetch it once.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InboundMedia, NO_DOWNLOAD_ROUTE, type InboundMediaDeps } from '../../../../src-main/core/conversations/inbound-media';
import { ReceivedFiles, sha256Hex } from '../../../../src-main/core/media/received-files';
import { openDatabase } from '../../../../src-main/core/store/database';
import { MediaDownloadsTable, type DownloadRow } from '../../../../src-main/core/store/tables/media-downloads-table';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import { MEDIA_SAMPLES, type ReplyMediaKind } from '../../../../src-main/sandbox/events/media-samples';
import { addSandboxProfile, openTestCore, type TestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { teachPlayground } from '../../helpers/playground';
import { metaContactFile } from '../../helpers/meta-contact';
import { coresCleanedAfterEach } from '../../helpers/opened-cores';
import { closeSandboxes, openSandbox } from '../../helpers/sandbox';
import { filesContainingSecrets } from '../../helpers/secret-scan';

const NUMBER = '5511988887777';
const ATTACHMENTS = '/whatsapp_business/attachments/';
/** every media id the sandbox names starts with 9 (meta-inbound-media.ts) */
const LOOKUP = '/v23.0/9';

const hasKeychain = await keychainAvailable();
const opened = coresCleanedAfterEach();

let seq = 0;
/** Meta's webhook body for a file a contact sent, with its media id and no address */
function fileWebhook(kind: ReplyMediaKind, id = `wamid.in${Date.now()}${(seq += 1)}`): { id: string; body: unknown } {
  return { id, body: metaContactFile({ seq, id, number: NUMBER }, kind, 'see this') };
}

/** a downloader of its own over the test core's profiles, keys, sender and network */
type DownloaderOptions = Omit<InboundMediaDeps, 'table' | 'files' | 'profiles' | 'keyAccess' | 'sender' | 'network'>;
function coreDownloader(t: TestCore, table: MediaDownloadsTable, options: DownloaderOptions): InboundMedia {
  const { profiles, keyAccess, sender, network } = t.core;
  return new InboundMedia({ table, files: new ReceivedFiles(t.dataDir), profiles, keyAccess, sender, network, ...options });
}

async function metaService(
  options: { retryDelaysMs?: number[]; startOnArrival?: boolean; teach?: boolean } = {},
): Promise<{ sandbox: RunningSandbox; t: TestCore; profileId: string }> {
  const sandbox = await openSandbox({ dialect: 'meta', rate: 1000, burst: 1000 });
  const t = await openTestCore('media', {
    processKind: 'crm',
    inboundMedia: {
      retryDelaysMs: options.retryDelaysMs ?? [0, 0, 0],
      ...(options.startOnArrival === false ? { startOnArrival: false } : {}),
    },
  });
  opened.push(t);
  const { profileId } = await addSandboxProfile(t.core, sandbox, 'meta', 'meta key');
  if (options.teach !== false) await teachPlayground(t.core, profileId, 'meta', sandbox.baseUrl);
  return { sandbox, t, profileId };
}

function rowOf(t: TestCore, profileId: string, messageId: string): DownloadRow | null {
  return new MediaDownloadsTable(openDatabase(t.dataDir)).one(profileId, messageId);
}

async function settled(t: TestCore, profileId: string, messageId: string): Promise<DownloadRow> {
  await t.core.inboundMedia.idle();
  const row = rowOf(t, profileId, messageId);
  if (row === null) throw new Error('no download row');
  return row;
}

function requestsTo(sandbox: RunningSandbox, prefix: string): number {
  return sandbox.requests().filter((r) => r.method === 'GET' && r.path.startsWith(prefix)).length;
}

describe('files received by media id', () => {
  it('an image is looked up, downloaded with the key, checked and kept in the data folder; the window gets its bytes from there', async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { sandbox, t, profileId } = await metaService();
    const { id, body } = fileWebhook('image');
    expect(t.core.conversations.receive(profileId, body)).toEqual({ found: 1, changed: 1 });

    const row = await settled(t, profileId, id);
    expect(row).toMatchObject({
      state: 'stored',
      attempts: 1,
      mimetype: 'image/png',
      size: MEDIA_SAMPLES.image.bytes.length,
      sha256: sha256Hex(MEDIA_SAMPLES.image.bytes),
    });
    expect(row.path).toBe(join(t.dataDir, 'media', profileId, row.sha256!));
    expect(await readFile(row.path!)).toEqual(MEDIA_SAMPLES.image.bytes);
    const auth = sandbox.requests().filter((r) => r.path.startsWith(ATTACHMENTS));
    expect(auth).toHaveLength(1);

    const thread = await t.core.conversations.thread({ profileId, number: NUMBER });
    expect(thread.items).toHaveLength(1);
    expect(thread.items[0]!.media).toMatchObject({
      show: 'preview',
      mimetype: 'image/png',
      download: { state: 'stored', bytes: MEDIA_SAMPLES.image.bytes.length },
    });
    // offline: the sandbox is gone, the preview still shows
    await closeSandboxes();
    const preview = await t.core.conversations.mediaPreview({ profileId, messageId: id });
    expect(preview.dataUrl).toBe(`data:image/png;base64,${MEDIA_SAMPLES.image.bytes.toString('base64')}`);
    expect(await filesContainingSecrets(t.dataDir, [sandbox.adminKey])).toEqual([]);
  });

  it(
    'two 500s from the lookup and a reset of the transfer are tried again; the same webhook delivered ' +
      'twice keeps one message and downloads once',
    async (ctx) => {
      if (!hasKeychain) return ctx.skip();
      const { sandbox, t, profileId } = await metaService({ retryDelaysMs: [0, 0, 0, 0] });
      sandbox.injectFaults(
        [
          { kind: 'status', status: 500 },
          { kind: 'status', status: 500 },
        ],
        { method: 'GET', pathPrefix: LOOKUP },
      );
      sandbox.injectFaults([{ kind: 'reset' }], { method: 'GET', pathPrefix: ATTACHMENTS });
      const { id, body } = fileWebhook('document');
      t.core.conversations.receive(profileId, body);
      const row = await settled(t, profileId, id);
      expect(row).toMatchObject({ state: 'stored', attempts: 4, mimetype: 'application/pdf' });

      expect(t.core.conversations.receive(profileId, body)).toEqual({ found: 1, changed: 0 });
      await t.core.inboundMedia.idle();
      const thread = await t.core.conversations.thread({ profileId, number: NUMBER });
      expect(thread.items.map((i) => i.messageId)).toEqual([id]);
      expect(thread.items[0]!.media).toMatchObject({ show: 'file', fileName: 'invoice.pdf', download: { state: 'stored' } });
      expect(await t.core.conversations.storedFile({ profileId, messageId: id })).toBe(row.path);
      // 2 refused lookups + 2 that answered; 1 reset transfer + 1 whole one: nothing more for the repeat
      expect(requestsTo(sandbox, LOOKUP)).toBe(4);
      expect(requestsTo(sandbox, ATTACHMENTS)).toBe(2);
    },
  );

  it('5xx every time: the download gives up after its tries with the reason, and the message stays', async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { sandbox, t, profileId } = await metaService({ retryDelaysMs: [0, 0] });
    sandbox.injectFaults(
      Array.from({ length: 5 }, () => ({ kind: 'status' as const, status: 503 })),
      { method: 'GET', pathPrefix: LOOKUP },
    );
    const { id, body } = fileWebhook('image');
    t.core.conversations.receive(profileId, body);
    const row = await settled(t, profileId, id);
    expect(row.state).toBe('failed');
    expect(row.attempts).toBe(3);
    expect(row.reason).toMatch(/gave up after 3 tries/);
    const thread = await t.core.conversations.thread({ profileId, number: NUMBER });
    expect(thread.items).toHaveLength(1);
    expect(thread.items[0]!.media).toMatchObject({ show: 'none', download: { state: 'failed' } });
  });

  it('a refused key (401) ends the download with the reason at once, never tried again', async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { sandbox, t, profileId } = await metaService({ retryDelaysMs: [0, 0, 0] });
    sandbox.injectFaults([{ kind: 'status', status: 401 }], { method: 'GET', pathPrefix: ATTACHMENTS });
    const { id, body } = fileWebhook('audio');
    t.core.conversations.receive(profileId, body);
    const row = await settled(t, profileId, id);
    expect(row).toMatchObject({ state: 'failed', attempts: 1 });
    expect(row.reason).toMatch(/refused the key/);
    expect(row.reason).not.toContain(sandbox.adminKey);
    expect(new MediaDownloadsTable(openDatabase(t.dataDir)).nextDue()).toBeNull();
  });

  it('an HTML page or a JSON error answered where the bytes were expected is refused, not stored as the file', async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { sandbox, t, profileId } = await metaService();
    sandbox.injectFaults(
      [{ kind: 'status', status: 200, body: '<html><body>Log in to continue</body></html>', contentType: 'text/html; charset=utf-8' }],
      { method: 'GET', pathPrefix: ATTACHMENTS },
    );
    sandbox.injectFaults([{ kind: 'status', status: 200, body: '{"error":{"message":"expired"}}', contentType: 'application/json' }], {
      method: 'GET',
      pathPrefix: ATTACHMENTS,
    });
    const html = fileWebhook('image');
    const json = fileWebhook('document');
    t.core.conversations.receive(profileId, html.body);
    expect((await settled(t, profileId, html.id)).reason).toMatch(/answered text\/html where the file's bytes were expected/);
    t.core.conversations.receive(profileId, json.body);
    expect((await settled(t, profileId, json.id)).reason).toMatch(/answered application\/json where the file's bytes were expected/);
    expect(existsSync(join(t.dataDir, 'media', profileId))).toBe(false);
  });

  it('a file over the per-file limit is refused from the size the lookup gives, before any byte is fetched', async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { sandbox, t, profileId } = await metaService({ startOnArrival: false });
    const { id, body } = fileWebhook('audio');
    t.core.conversations.receive(profileId, body);
    const db = openDatabase(t.dataDir);
    const downloader = coreDownloader(t, new MediaDownloadsTable(db), { capBytes: () => 10_000, fileLimitBytes: 100 });
    expect(await downloader.drain()).toBe(1);
    const row = rowOf(t, profileId, id)!;
    expect(row.state).toBe('failed');
    expect(row.reason).toMatch(/larger than the 0 MB a received file may take/);
    expect(requestsTo(sandbox, ATTACHMENTS)).toBe(0);
    await downloader.close();
    db.close();
  });

  it('past the media cap the oldest stored files go first, with a reason the conversation shows', async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { t, profileId } = await metaService({ startOnArrival: false });
    const db = openDatabase(t.dataDir);
    const table = new MediaDownloadsTable(db);
    const sizes = {
      image: MEDIA_SAMPLES.image.bytes.length,
      document: MEDIA_SAMPLES.document.bytes.length,
      audio: MEDIA_SAMPLES.audio.bytes.length,
    };
    const cap = sizes.document + sizes.audio;
    let clock = Date.now() + 1000;
    const downloader = coreDownloader(t, table, { capBytes: () => cap, now: () => new Date((clock += 1000)) });
    const ids: string[] = [];
    for (const kind of ['image', 'document', 'audio'] as const) {
      const { id, body } = fileWebhook(kind);
      ids.push(id);
      t.core.conversations.receive(profileId, body);
      expect(await downloader.drain()).toBe(1);
    }
    const [image, document, audio] = ids.map((id) => table.one(profileId, id)!);
    expect(image).toMatchObject({ state: 'failed', path: null });
    expect(image!.reason).toMatch(/media cap/);
    expect([document!.state, audio!.state]).toEqual(['stored', 'stored']);
    expect(table.storedBytes()).toBe(cap);
    expect(existsSync(join(t.dataDir, 'media', profileId, sha256Hex(MEDIA_SAMPLES.image.bytes)))).toBe(false);
    await downloader.close();
    db.close();
  });

  it('two processes racing for the same download: one claims it, the file is fetched once', async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { sandbox, t, profileId } = await metaService({ startOnArrival: false });
    const { id, body } = fileWebhook('image');
    t.core.conversations.receive(profileId, body);
    const connections = [openDatabase(t.dataDir), openDatabase(t.dataDir)];
    const downloaders = connections.map((db, i) =>
      coreDownloader(t, new MediaDownloadsTable(db), { capBytes: () => 10_000_000, owner: `process-${i}` }),
    );
    const tried = await Promise.all(downloaders.map((d) => d.drain()));
    expect(tried.sort()).toEqual([0, 1]);
    expect(rowOf(t, profileId, id)).toMatchObject({ state: 'stored', attempts: 1 });
    expect(requestsTo(sandbox, ATTACHMENTS)).toBe(1);
    for (const d of downloaders) await d.close();
    for (const db of connections) db.close();
  });

  it('a service without a Download media operation: the message says so plainly and nothing is asked', async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { sandbox, t, profileId } = await metaService({ teach: false });
    const { id, body } = fileWebhook('image');
    t.core.conversations.receive(profileId, body);
    const row = await settled(t, profileId, id);
    expect(row).toMatchObject({ state: 'failed', reason: NO_DOWNLOAD_ROUTE });
    const thread = await t.core.conversations.thread({ profileId, number: NUMBER });
    expect(thread.items[0]!.media).toMatchObject({ show: 'none', download: { state: 'failed', reason: NO_DOWNLOAD_ROUTE } });
    await expect(t.core.conversations.mediaAddress({ profileId, messageId: id })).rejects.toThrow(/no Download media operation/);
    expect(requestsTo(sandbox, LOOKUP)).toBe(0);

    // the person teaches the profile the lookup and tries again: the file comes
    await teachPlayground(t.core, profileId, 'meta', sandbox.baseUrl);
    await t.core.conversations.retryDownload({ profileId, messageId: id });
    expect(await settled(t, profileId, id)).toMatchObject({ state: 'stored', attempts: 1, reason: null });
    // only a failed download starts over
    await expect(t.core.conversations.retryDownload({ profileId, messageId: id })).rejects.toThrow(/No failed download/);
  });

  it('a download cut short by the app closing waits for the next start instead of failing', async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { sandbox, t, profileId } = await metaService({ startOnArrival: false });
    sandbox.injectFaults([{ kind: 'hang' }], { method: 'GET', pathPrefix: ATTACHMENTS });
    const { id, body } = fileWebhook('image');
    t.core.conversations.receive(profileId, body);
    const db = openDatabase(t.dataDir);
    const downloader = coreDownloader(t, new MediaDownloadsTable(db), { capBytes: () => 10_000_000 });
    const draining = downloader.drain();
    await expect.poll(() => requestsTo(sandbox, ATTACHMENTS)).toBe(1);
    await downloader.close();
    await draining;
    expect(rowOf(t, profileId, id)).toMatchObject({ state: 'pending', reason: 'The download was interrupted when the app closed' });
    // the next start picks it up
    sandbox.clearFaults();
    const next = coreDownloader(t, new MediaDownloadsTable(db), { capBytes: () => 10_000_000 });
    expect(await next.drain()).toBe(1);
    expect(rowOf(t, profileId, id)).toMatchObject({ state: 'stored', attempts: 2 });
    await next.close();
    db.close();
  });
});
