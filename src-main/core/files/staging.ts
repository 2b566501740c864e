// Files main holds for sending: picked in a dialog (stageFromPath) or dropped/recorded in the
// renderer and handed over as bytes (stageFromBytes, written to a 0600 temp file under
// <dataDir>/staging/). The renderer only ever sees a fileId; main resolves it to a path when
// it builds the request. The staging dir is emptied at start.
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { CrmError } from '../errors';
import { LIMITS, tooLargeMessage } from '../limits';
import { SNIFF_BYTES, sniffMimetype } from '../media/sniff';
import type { FileCategory } from '../media/sniff';

export type StagePurpose = 'image' | 'document' | 'audio';

/** Same shape as StagedFile in ipc/contract.ts (core does not import the IPC contract). */
export interface StagedFileInfo {
  fileId: string;
  name: string;
  size: number;
  mimetype: string;
  category: FileCategory;
  previewDataUrl: string | null;
}

interface Entry {
  path: string;
  /** true when the file is ours (a temp file under staging/) and is deleted on release */
  owned: boolean;
  info: StagedFileInfo;
}

export const PREVIEW_MAX_BYTES = LIMITS.imageBytes;

const PREVIEWABLE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export function purposeLimit(purpose: StagePurpose): { bytes: number; what: string } {
  switch (purpose) {
    case 'image':
      return { bytes: LIMITS.imageBytes, what: 'images' };
    case 'audio':
      return { bytes: LIMITS.audioBytes, what: 'voice notes' };
    case 'document':
      return { bytes: LIMITS.documentBytes, what: 'documents' };
  }
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

export class FileStaging {
  private readonly entries = new Map<string, Entry>();
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'staging');
  }

  /** empties the staging dir (files left by an earlier run) */
  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    for (const name of await readdir(this.dir)) {
      await rm(join(this.dir, name), { recursive: true, force: true });
    }
  }

  async stageFromPath(path: string, _purpose: StagePurpose): Promise<StagedFileInfo> {
    let size: number;
    let head: Uint8Array;
    try {
      const info = await stat(path);
      if (!info.isFile()) throw new CrmError('file_unreadable', `${basename(path)} is not a regular file.`);
      size = info.size;
      head = await readHead(path, Math.max(SNIFF_BYTES, 0));
    } catch (err) {
      if (err instanceof CrmError) throw err;
      const code = (err as NodeJS.ErrnoException).code ?? 'error';
      throw new CrmError('file_unreadable', `${basename(path)} could not be read (${code}).`);
    }
    const name = sanitiseFileName(basename(path));
    const fileId = randomUUID();
    const sniff = sniffMimetype(head);
    const previewDataUrl = await this.preview(path, size, sniff.mimetype);
    const entry: Entry = { path, owned: false, info: { fileId, name, size, mimetype: sniff.mimetype, category: sniff.category, previewDataUrl } };
    this.entries.set(fileId, entry);
    return entry.info;
  }

  async stageFromBytes(name: string, bytes: Uint8Array, purpose: StagePurpose): Promise<StagedFileInfo> {
    const safeName = sanitiseFileName(name);
    const limit = purposeLimit(purpose);
    // Refused before anything touches the disk.
    if (bytes.byteLength > limit.bytes) throw new CrmError('file_too_large', `${tooLargeMessage(safeName, bytes.byteLength, limit.bytes, limit.what)}.`);
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
    const previewDataUrl = PREVIEWABLE.has(sniff.mimetype) && bytes.byteLength <= PREVIEW_MAX_BYTES
      ? `data:${sniff.mimetype};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`
      : null;
    const entry: Entry = {
      path,
      owned: true,
      info: { fileId, name: safeName, size: bytes.byteLength, mimetype: sniff.mimetype, category: sniff.category, previewDataUrl },
    };
    this.entries.set(fileId, entry);
    return entry.info;
  }

  resolve(fileId: string): string {
    const entry = this.entries.get(fileId);
    if (!entry) throw new CrmError('file_unreadable', 'That file is no longer staged: pick it again.');
    return entry.path;
  }

  info(fileId: string): StagedFileInfo | null {
    return this.entries.get(fileId)?.info ?? null;
  }

  async release(fileId: string): Promise<void> {
    const entry = this.entries.get(fileId);
    if (!entry) return;
    this.entries.delete(fileId);
    if (entry.owned) await rm(join(this.dir, fileId), { recursive: true, force: true });
  }

  /** releases everything (at close) */
  async releaseAll(): Promise<void> {
    for (const fileId of [...this.entries.keys()]) await this.release(fileId);
  }

  private async preview(path: string, size: number, mimetype: string): Promise<string | null> {
    if (!PREVIEWABLE.has(mimetype) || size > PREVIEW_MAX_BYTES) return null;
    try {
      const bytes = await readHead(path, size);
      return `data:${mimetype};base64,${Buffer.from(bytes).toString('base64')}`;
    } catch {
      return null;
    }
  }
}

async function readHead(path: string, length: number): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    let offset = 0;
    while (offset < length) {
      const { bytesRead } = await handle.read(buffer, offset, length - offset, offset);
      if (bytesRead === 0) break;
      offset += bytesRead;
    }
    return buffer.subarray(0, offset);
  } finally {
    await handle.close();
  }
}
