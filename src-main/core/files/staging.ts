// Files main holds for sending: picked in a dialog (stageFromPath) or dropped/recorded in the
// renderer and handed over as bytes (stageFromBytes, written to a 0600 temp file). The renderer
// only ever sees a fileId; main resolves it to a path when it builds the request.
//
// Layout under the data dir (shared by the app and the `crm` command line):
//   staging/<pid>.<random>/<fileId>/<name>  this process's staged bytes; at start, the dirs of
//                                           processes that are gone are removed (never another
//                                           live process's files)
//   outbox-files/<uuid>/<name> (+ .item)    a copy of a staged file that a queued send refers
//                                           to, kept until its outbox item is sent or cancelled
import { randomBytes, randomUUID } from 'node:crypto';
import { copyFile, mkdir, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { byteLimitFor, LIMITS } from '../../shared/limits';
import { tooLargeMessage } from '../../shared/file-size-problem';
import type { FilePurpose } from '../../shared/file-purpose';
import type { StagedFile } from '../../shared/model';
import { CrmError } from '../errors';
import { nodeFileAccess } from '../media/file-access';
import { SNIFF_BYTES, sniffMimetype } from '../media/sniff';
import { oggFileName, remuxWebmOpusToOgg } from '../media/webm-to-ogg';
import { namesInFolder } from '../storage/folder-names';

interface Entry {
  path: string;
  /** true when the file is ours (a temp file under staging/) and is deleted on release */
  owned: boolean;
  info: StagedFile;
}

/** Images are shown and audio is offered for playback up to this size (a data URL crosses IPC). */
export const PREVIEW_MAX_BYTES = LIMITS.imageBytes;

const PREVIEWABLE = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'audio/ogg',
  'audio/webm',
  'audio/mpeg',
  'audio/mp4',
  'audio/aac',
  'audio/wav',
]);

function previewable(mimetype: string, size: number): boolean {
  return PREVIEWABLE.has(mimetype) && size <= PREVIEW_MAX_BYTES;
}

/** A file name safe on every platform: no directories, no control or reserved characters. */
export function sanitiseFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
    .slice(0, 120);
  return cleaned.length > 0 ? cleaned : 'file';
}

/** A staged file copied for a queued send: attach the outbox item id once it is known. */
export interface PinnedFile {
  path: string;
  attach(outboxId: string): Promise<void>;
  discard(): Promise<void>;
}

const PIN_MARKER = '.item';
/** a pinned copy whose send was never queued (crash in between) is removed after this long */
const UNATTACHED_PIN_MAX_AGE_MS = 24 * 3600 * 1000;

function pidAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class FileStaging {
  private readonly entries = new Map<string, Entry>();
  /** staging root shared by every process on this data dir */
  readonly root: string;
  /** this process's own staging dir */
  readonly dir: string;
  readonly pinnedDir: string;
  private readonly pinned = new Map<string, string>();

  constructor(dataDir: string) {
    this.root = join(dataDir, 'staging');
    this.dir = join(this.root, `${process.pid}.${randomBytes(4).toString('hex')}`);
    this.pinnedDir = join(dataDir, 'outbox-files');
  }

  /** set once the staging dir is being prepared: releaseAll has nothing to remove before */
  private preparing: Promise<void> | null = null;

  /** creates this process's staging dir and removes those left by processes that are gone (once) */
  init(): Promise<void> {
    // a failed start is tried again by the next file staged
    this.preparing ??= this.prepare().catch((err: unknown) => {
      this.preparing = null;
      throw err;
    });
    return this.preparing;
  }

  private async prepare(): Promise<void> {
    await mkdir(this.root, { recursive: true, mode: 0o700 });
    for (const name of await readdir(this.root)) {
      const pid = Number(/^(\d+)\./.exec(name)?.[1] ?? NaN);
      if (pidAlive(pid) && join(this.root, name) !== this.dir) continue;
      await rm(join(this.root, name), { recursive: true, force: true });
    }
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
  }

  async stageFromPath(path: string, purpose: FilePurpose): Promise<StagedFile> {
    const limit = byteLimitFor(purpose);
    let size: number;
    let head: Uint8Array;
    try {
      const info = await stat(path);
      if (!info.isFile()) throw new CrmError('file_unreadable', `${basename(path)} is not a regular file.`);
      size = info.size;
      // Refused from its size alone, before a byte of it is read.
      if (size > limit) throw new CrmError('file_too_large', `${tooLargeMessage(basename(path), size, purpose)}.`);
      head = await nodeFileAccess.readHead(path, Math.max(SNIFF_BYTES, 0));
    } catch (err) {
      if (err instanceof CrmError) throw err;
      const code = (err as NodeJS.ErrnoException).code ?? 'error';
      throw new CrmError('file_unreadable', `${basename(path)} could not be read (${code}).`);
    }
    const name = sanitiseFileName(basename(path));
    const fileId = randomUUID();
    const sniff = sniffMimetype(head);
    const previewDataUrl = await this.preview(path, size, sniff.mimetype);
    const entry: Entry = {
      path,
      owned: false,
      info: { fileId, name, size, mimetype: sniff.mimetype, category: sniff.category, previewDataUrl, temporary: false },
    };
    this.entries.set(fileId, entry);
    return entry.info;
  }

  async stageFromBytes(name: string, bytes: Uint8Array, purpose: FilePurpose): Promise<StagedFile> {
    let safeName = sanitiseFileName(name);
    // Refused before anything touches the disk.
    if (bytes.byteLength > byteLimitFor(purpose))
      throw new CrmError('file_too_large', `${tooLargeMessage(safeName, bytes.byteLength, purpose)}.`);
    // A voice note recorded as WebM/Opus is sent as Ogg/Opus (what WhatsApp-style APIs want):
    // same packets, other container. When the remux declines, the WebM is staged as it is.
    if (purpose === 'audio' && sniffMimetype(bytes.subarray(0, SNIFF_BYTES)).mimetype === 'audio/webm') {
      const ogg = remuxWebmOpusToOgg(bytes);
      if (ogg) {
        bytes = ogg;
        safeName = oggFileName(safeName);
      }
    }
    await this.init();
    const fileId = randomUUID();
    const fileDir = join(this.dir, fileId);
    await mkdir(fileDir, { recursive: true, mode: 0o700 });
    const path = join(fileDir, safeName);
    const handle = await open(path, 'wx', 0o600);
    try {
      await handle.writeFile(bytes);
    } finally {
      await handle.close();
    }
    const sniff = sniffMimetype(bytes.subarray(0, SNIFF_BYTES));
    const previewDataUrl = previewable(sniff.mimetype, bytes.byteLength)
      ? `data:${sniff.mimetype};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`
      : null;
    const entry: Entry = {
      path,
      owned: true,
      info: {
        fileId,
        name: safeName,
        size: bytes.byteLength,
        mimetype: sniff.mimetype,
        category: sniff.category,
        previewDataUrl,
        temporary: true,
      },
    };
    this.entries.set(fileId, entry);
    return entry.info;
  }

  resolve(fileId: string): string {
    const entry = this.entries.get(fileId);
    if (!entry) throw new CrmError('file_unreadable', 'That file is no longer staged: pick it again.');
    return entry.path;
  }

  info(fileId: string): StagedFile | null {
    return this.entries.get(fileId)?.info ?? null;
  }

  async release(fileId: string): Promise<void> {
    const entry = this.entries.get(fileId);
    if (!entry) return;
    this.entries.delete(fileId);
    if (entry.owned) await rm(join(this.dir, fileId), { recursive: true, force: true });
  }

  /** releases everything and removes this process's staging dir (at close) */
  async releaseAll(): Promise<void> {
    for (const fileId of [...this.entries.keys()]) await this.release(fileId);
    if (this.preparing === null) return;
    await this.preparing.catch(() => undefined);
    await rm(this.dir, { recursive: true, force: true });
  }

  /**
   * A send is going to the outbox: it gets its own copy under outbox-files/, and the send reads
   * that copy whenever it goes. A file staged by this process would not survive the next start,
   * and a file the person named (`crm send media --file`) may be rewritten before the send
   * goes: either way, what is sent is the bytes as they were when the send was queued.
   */
  async pinForOutbox(path: string): Promise<PinnedFile | null> {
    const dir = join(this.pinnedDir, randomUUID());
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const copy = join(dir, basename(path));
    await copyFile(path, copy);
    return {
      path: copy,
      attach: async (outboxId) => {
        await writeFile(join(dir, PIN_MARKER), outboxId, { mode: 0o600 });
        this.pinned.set(outboxId, dir);
      },
      discard: () => rm(dir, { recursive: true, force: true }),
    };
  }

  /**
   * Removes the copies whose outbox item was sent or cancelled (or is gone from the outbox).
   * A failed item keeps its file: the person may retry it.
   */
  async sweepPinned(items: readonly { id: string; state: string }[]): Promise<void> {
    const byId = new Map(items.map((i) => [i.id, i.state]));
    const names = await namesInFolder(this.pinnedDir);
    for (const name of names) {
      const dir = join(this.pinnedDir, name);
      const outboxId = await readFile(join(dir, PIN_MARKER), 'utf8').then(
        (text) => text.trim(),
        () => null,
      );
      let remove: boolean;
      if (outboxId === null) {
        const age = await stat(dir).then(
          (i) => Date.now() - i.mtimeMs,
          () => 0,
        );
        remove = age > UNATTACHED_PIN_MAX_AGE_MS;
      } else {
        const state = byId.get(outboxId);
        remove = state === undefined || state === 'sent' || state === 'cancelled';
      }
      if (remove) {
        await rm(dir, { recursive: true, force: true });
        if (outboxId) this.pinned.delete(outboxId);
      }
    }
  }

  /** cheap check on every outbox change: only the copies this process pinned */
  async onOutboxChanged(items: readonly { id: string; state: string }[]): Promise<void> {
    for (const item of items) {
      const dir = this.pinned.get(item.id);
      if (dir && (item.state === 'sent' || item.state === 'cancelled')) {
        this.pinned.delete(item.id);
        await rm(dir, { recursive: true, force: true });
      }
    }
  }

  private async preview(path: string, size: number, mimetype: string): Promise<string | null> {
    if (!previewable(mimetype, size)) return null;
    try {
      const bytes = await nodeFileAccess.readHead(path, size);
      return `data:${mimetype};base64,${Buffer.from(bytes).toString('base64')}`;
    } catch {
      return null;
    }
  }
}
