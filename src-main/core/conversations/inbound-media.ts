// Downloads the files contacts sent by media id (Meta's webhooks name no address), in the
// background: never in a webhook's request path, never holding a message back. The message is
// stored first (conversation-tables.ts); here each file becomes a row of media_downloads, which
// any process may claim, one at a time, and which records every try: the service's media lookup
// (the profile's Download media operation, learned like every other), then the bytes at the
// address it answered, with the same key. A failure the next try may not have (a 5xx, a reset, a
// timeout, a garbled transfer) is tried again later; any other ends the download with its reason,
// and the message stays as it was. Stored files live in the data folder under a size cap: the
// oldest go first.
import { randomUUID } from 'node:crypto';
import type { ReceivedEvent } from '../events/event-finder';
import { readMediaLookup } from '../api/answers/read-media-lookup';
import { CrmError } from '../errors';
import { BEARER } from '../http/credential';
import type { NetworkRoute } from '../http/network/dispatcher-cache';
import { readableJson, type HttpSender } from '../http/sender';
import { callWithKey } from '../keys/api-call';
import { originOf } from '../keys/key-origin';
import type { ReceivedFiles } from '../media/received-files';
import type { Profile } from '../model';
import { buildRequest } from '../request/request-builder';
import { isOffered, operationSpec } from '../request/operation-spec';
import type { KeyAccess } from '../services';
import type { DownloadRow, MediaDownloadsTable } from '../store/tables/media-downloads-table';
import type { SentExtrasTable } from '../store/tables/sent-extras-table';
import { afterFailure, DOWNLOAD_RETRY_DELAYS_MS, DownloadProblem } from './download-plan';
import { fileOriginCommand } from './file-origin-consent';
import { judgeFileAddress, type FileAddressVerdict } from './file-origin-policy';
import { fetchFileBytes, tooLarge, type FetchedBytes } from './media-bytes';
import { MEDIA_FILE_LIMIT_BYTES } from './media-cap';

// the limits live in a leaf module (media-cap.ts); said here too for the modules that import them from here
export { DEFAULT_MEDIA_CAP_BYTES, MEDIA_CAP_RANGE_MB, MEDIA_FILE_LIMIT_BYTES } from './media-cap';
/** how long a claim holds: past it, a process that died mid-download has let go */
const CLAIM_MS = 5 * 60_000;

export const NO_DOWNLOAD_ROUTE =
  "This service's API description has no Download media operation, so the file cannot be fetched by its id: paste the service's " +
  'media lookup cURL (Meta: GET /{media-id}) in Profiles → API → Download media';

/** why the key did not go with the file's GET; an origin the person may list is named on the problem */
function refusedAddress(
  verdict: Extract<FileAddressVerdict, { allowed: false }>,
  profile: Pick<Profile, 'name' | 'baseUrl'>,
): DownloadProblem {
  const origin = verdict.origin;
  if (verdict.why === 'unlisted' && origin !== null) {
    const own = originOf(profile.baseUrl);
    return new DownloadProblem(
      'file_origin',
      `The service keeps the file at ${origin}, not on its own origin${own === null ? '' : ` (${own})`}: the key is only sent ` +
        `there once you allow it for this profile's files. ` +
        `In the window: "Allow the key there for files…" on this message; on the command line: ${fileOriginCommand('add', profile.name, origin)}`,
      origin,
    );
  }
  if (verdict.why === 'insecure')
    return new DownloadProblem(
      'no_route',
      `The service keeps the file at ${origin ?? 'an address'} over plain http to another computer: the key would cross the ` +
        `network unencrypted, so it is not sent there and the file is not downloaded`,
    );
  if (verdict.why === 'userinfo')
    return new DownloadProblem(
      'no_route',
      `The service's address for the file carries a user name or password (it is on ${origin ?? 'another host'}): the key is not ` +
        `sent to such an address, so the file is not downloaded`,
    );
  return new DownloadProblem(
    'no_route',
    "The service's answer gives the file an address that is not http(s): the key is sent nowhere else, so the file is not downloaded",
  );
}

export interface InboundMediaDeps {
  table: MediaDownloadsTable;
  files: ReceivedFiles;
  profiles: { get(id: string): Promise<Profile> };
  keyAccess: KeyAccess;
  sender: HttpSender;
  network: NetworkRoute;
  /** the cap of all stored files (the media-cap setting), read at each store */
  capBytes: () => number;
  fileLimitBytes?: number;
  retryDelaysMs?: readonly number[];
  /** which process this is, in the table's claims */
  owner?: string;
  now?: () => Date;
  /** the bytes at an address; default undici (media-bytes.ts) */
  fetchBytes?: typeof fetchFileBytes;
  log?: (message: string) => void;
  /** copies of this app's own sent files, kept in the same folder under the same cap (sent-extras.ts) */
  sentCopies?: Pick<SentExtrasTable, 'storedBytes' | 'oldestFile' | 'dropFile' | 'usersOf'>;
  /** false: a new file waits for drain() or kick() (tests racing two downloaders); default true */
  startOnArrival?: boolean;
  /** a message's file changed state: its conversation should show it */
  onChange?: (profileId: string) => void;
}

export class InboundMedia {
  private readonly owner: string;
  private readonly now: () => Date;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private readonly abort = new AbortController();

  constructor(private readonly deps: InboundMediaDeps) {
    this.owner = deps.owner ?? `${process.pid}:${randomUUID()}`;
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * The received files of a delivery, to download. Called for every delivery, also a repeated
   * one: a message whose file is known already keeps its row, so it is downloaded once.
   */
  noteReceived(profileId: string, events: readonly ReceivedEvent[]): void {
    let added = false;
    for (const event of events) {
      if (typeof event.mediaId === 'string' && this.deps.table.add(profileId, event.messageId, event.mediaId, this.now())) added = true;
    }
    if (added && this.deps.startOnArrival !== false) this.kick();
  }

  /** works through what is due, soon and off the caller's path */
  kick(): void {
    if (this.closed) return;
    if (this.running !== null) {
      this.again = true;
      return;
    }
    this.running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () => {
        await this.drain();
      })
      .catch((err: unknown) => this.deps.log?.(`received files: ${err instanceof Error ? err.message : 'the download loop failed'}`))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        } else this.schedule();
      });
  }

  /** resolves once no download is running (tests, and a clean close) */
  async idle(): Promise<void> {
    while (this.running !== null) await this.running;
  }

  /** every download that is due now, one after another; answers how many were tried */
  async drain(): Promise<number> {
    let tried = 0;
    while (!this.closed) {
      const now = this.now();
      const row = this.deps.table.claim(this.owner, now, new Date(now.getTime() + CLAIM_MS));
      if (row === null) break;
      tried += 1;
      await this.attempt(row);
      this.deps.onChange?.(row.profileId);
    }
    return tried;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.abort.abort();
    await this.idle();
  }

  /** wakes up when the next pending download is due */
  private schedule(): void {
    if (this.closed) return;
    if (this.timer !== null) clearTimeout(this.timer);
    const next = this.deps.table.nextDue();
    if (next === null) return;
    const wait = Math.max(0, Math.min(Date.parse(next) - this.now().getTime(), 2 ** 31 - 1));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.kick();
    }, wait + 50);
    this.timer.unref?.();
  }

  private async attempt(row: DownloadRow): Promise<void> {
    const { table } = this.deps;
    try {
      const file = await this.download(row);
      if (!table.markStored(this.owner, row.profileId, row.messageId, file, this.now())) await this.forgetIfUnused(file.path);
      else await this.keepUnderCap();
    } catch (err) {
      // the app is closing: the download is not the file's fault, so it waits for the next start
      if (this.abort.signal.aborted) {
        table.markRetry(this.owner, row.profileId, row.messageId, 'The download was interrupted when the app closed', this.now());
        return;
      }
      const next = afterFailure(err, row.attempts, this.deps.retryDelaysMs ?? DOWNLOAD_RETRY_DELAYS_MS);
      if (!(err instanceof CrmError || err instanceof DownloadProblem))
        this.deps.log?.(`received files: message ${row.messageId}: ${err instanceof Error ? err.name : 'unknown error'}`);
      if (next.kind === 'retry')
        table.markRetry(this.owner, row.profileId, row.messageId, next.reason, new Date(this.now().getTime() + next.delayMs));
      else
        table.markFailed(this.owner, row.profileId, row.messageId, next.reason, err instanceof DownloadProblem ? err.refusedOrigin : null);
    }
  }

  private async download(row: DownloadRow): Promise<{ path: string; size: number; mimetype: string; sha256: string }> {
    const { deps } = this;
    const limit = Math.min(deps.fileLimitBytes ?? MEDIA_FILE_LIMIT_BYTES, deps.capBytes());
    let profile: Profile;
    try {
      profile = await deps.profiles.get(row.profileId);
    } catch {
      throw new DownloadProblem('no_route', 'The profile this message came for was removed');
    }
    if (!isOffered(profile, 'media.download')) throw new DownloadProblem('no_route', NO_DOWNLOAD_ROUTE);
    const request = await buildRequest({ op: 'media.download', input: { mediaId: row.mediaId } }, profile);
    const signal = this.abort.signal;
    const answer = await callWithKey({ keyAccess: deps.keyAccess, sender: deps.sender }, profile, null, request, {
      noteUse: false,
      maxAttempts: 1,
      signal,
    });
    const lookup = readMediaLookup(readableJson(answer));
    if (lookup.size !== null && lookup.size > limit) throw tooLarge(lookup.size, limit);
    // the key goes only to the origin it was saved for (docs/ARCHITECTURE.md, rule 1), or to one
    // the person listed for this service's files (file-origin-policy.ts)
    const spec = operationSpec(profile, 'media.download');
    const verdict = judgeFileAddress(lookup.url, originOf(profile.baseUrl), spec.fileOrigins ?? []);
    if (!verdict.allowed) throw refusedAddress(verdict, profile);
    const credential = spec.credential ?? BEARER;
    const fetched: FetchedBytes = await deps.keyAccess.withKey(profile.id, null, (key, keySignal) =>
      (deps.fetchBytes ?? fetchFileBytes)(lookup.url, {
        key,
        credential,
        limit,
        route: deps.network,
        signal: AbortSignal.any([signal, keySignal]),
      }),
    );
    const stored = await deps.files.put(profile.id, fetched.bytes);
    if (lookup.sha256 !== null && lookup.sha256 !== stored.sha256) {
      await this.forgetIfUnused(stored.path);
      throw new DownloadProblem('checksum', "The file's bytes do not match the SHA-256 the service gave (a garbled transfer)");
    }
    return {
      path: stored.path,
      size: fetched.bytes.length,
      mimetype: lookup.mimetype ?? fetched.mimetype ?? 'application/octet-stream',
      sha256: stored.sha256,
    };
  }

  /** bytes the stored received files take in the data folder */
  storedBytes(): number {
    return this.deps.table.storedBytes() + (this.deps.sentCopies?.storedBytes() ?? 0);
  }

  /** removes the oldest stored files until all of them fit the cap (also after the cap is lowered) */
  async keepUnderCap(): Promise<void> {
    const { table, sentCopies } = this.deps;
    const cap = this.deps.capBytes();
    while (this.storedBytes() > cap) {
      const received = table.oldestStored();
      const sent = sentCopies?.oldestFile() ?? null;
      // whichever was kept first goes first, a received file or a copy of a sent one
      if (sent !== null && sent.filePath !== null && (received === null || received.storedAt === null || sent.keptAt < received.storedAt)) {
        sentCopies!.dropFile(sent.filePath);
        await this.forgetIfUnused(sent.filePath);
        this.deps.onChange?.(sent.profileId);
        continue;
      }
      if (received === null || received.path === null) return;
      table.evict(received.path, 'Removed to keep received files under the media cap (crm settings media-cap)');
      await this.forgetIfUnused(received.path);
      this.deps.onChange?.(received.profileId);
    }
  }

  private async forgetIfUnused(path: string): Promise<void> {
    if (this.deps.table.usersOf(path) === 0 && (this.deps.sentCopies?.usersOf(path) ?? 0) === 0) await this.deps.files.remove(path);
  }
}
