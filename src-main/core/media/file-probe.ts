// What a local file is, from its size (stat) and its first bytes only. Used by the request
// builder and by file staging (the renderer's StagedFile shows mimetype and category).
import { basename } from 'node:path';
import type { FilePurpose } from '../../shared/file-purpose';
import type { FileAccess } from './file-access';
import { nodeFileAccess } from './file-access';
import { refineByName } from './mimetypes';
import { SNIFF_BYTES, sniffMimetype } from './sniff';

export type FileProbe =
  | {
      ok: true;
      path: string;
      name: string;
      size: number;
      mimetype: string;
      category: FilePurpose;
      /** false when the bytes matched nothing known (or were not read) */
      recognised: boolean;
      /** over maxBytes: the head was not read, mimetype is a guess from the name */
      tooLarge: boolean;
    }
  | { ok: false; path: string; name: string; code: 'file_unreadable'; message: string };

/** Stat first; the head is read only when `maxBytes` allows the size (pass Infinity to always sniff). */
export async function probeFile(path: string, options: { maxBytes?: number; files?: FileAccess } = {}): Promise<FileProbe> {
  const files = options.files ?? nodeFileAccess;
  const name = basename(path);
  let size: number;
  try {
    const s = await files.stat(path);
    if (!s.isFile) return { ok: false, path, name, code: 'file_unreadable', message: `${name} is not a regular file` };
    size = s.size;
  } catch (err) {
    return { ok: false, path, name, code: 'file_unreadable', message: `${name} cannot be read (${fsReason(err)})` };
  }
  const fallback = refineByName('application/octet-stream', name);
  if (options.maxBytes !== undefined && size > options.maxBytes) {
    return { ok: true, path, name, size, mimetype: fallback, category: 'document', recognised: false, tooLarge: true };
  }
  let head: Uint8Array;
  try {
    head = await files.readHead(path, SNIFF_BYTES);
  } catch (err) {
    return { ok: false, path, name, code: 'file_unreadable', message: `${name} cannot be read (${fsReason(err)})` };
  }
  const sniffed = sniffMimetype(head);
  return {
    ok: true,
    path,
    name,
    size,
    mimetype: refineByName(sniffed.mimetype, name),
    category: sniffed.category,
    recognised: sniffed.recognised,
    tooLarge: false,
  };
}

/** A short reason from a file-system error, without its message (which repeats the path). */
export function fsReason(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'it does not exist';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a folder';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many open files';
    case 'EIO':
      return 'input/output error';
    default:
      return code ? `error ${code}` : 'unknown error';
  }
}
