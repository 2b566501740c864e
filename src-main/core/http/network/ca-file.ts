// Reads the CA file a person named: a PEM file of one or more certificates to trust beside the
// defaults. Every way it can be wrong becomes one sentence naming the file (CrmError
// 'validation'); the caller decides what a failure costs (a new setting is refused, a file that
// went bad later keeps what was read before).
import { open, stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { CrmError } from '../../errors';
import { readPemCertificates } from './pem-certificates';

/**
 * The largest CA file read: a whole public root bundle (Mozilla's, ~150 roots) is about 250 KB,
 * so anything bigger was not meant as a list of certificates.
 */
export const CA_FILE_MAX_BYTES = 1024 * 1024;

/** what identifies one version of the file: a change to either means read it again */
export interface FileVersion {
  mtimeMs: number;
  size: number;
}

export interface CaFileContents extends FileVersion {
  /** PEM, one certificate each */
  certificates: string[];
}

/** the file's version now; throws CrmError('validation') when it is not a readable file */
export async function caFileVersion(path: string): Promise<FileVersion> {
  if (!isAbsolute(path)) throw new CrmError('validation', `The CA file must be given as a full path (${path} is relative).`);
  let info;
  try {
    info = await stat(path);
  } catch (err) {
    throw new CrmError('validation', unreadable(path, err));
  }
  if (!info.isFile()) throw new CrmError('validation', `${path} is not a file.`);
  return { mtimeMs: info.mtimeMs, size: info.size };
}

/** the file's certificates; throws CrmError('validation') with the reason it cannot be used */
export async function readCaFile(path: string): Promise<CaFileContents> {
  const version = await caFileVersion(path);
  if (version.size > CA_FILE_MAX_BYTES) throw new CrmError('validation', tooLarge(path));
  let bytes: Buffer;
  try {
    const handle = await open(path, 'r');
    try {
      // one byte more than allowed: a file that grew since stat is still refused
      const buffer = Buffer.alloc(CA_FILE_MAX_BYTES + 1);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      bytes = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (err) {
    throw new CrmError('validation', unreadable(path, err));
  }
  if (bytes.length > CA_FILE_MAX_BYTES) throw new CrmError('validation', tooLarge(path));
  const reading = readPemCertificates(bytes, path);
  if (!reading.ok) throw new CrmError('validation', reading.reason);
  return { ...version, certificates: reading.certificates };
}

function tooLarge(path: string): string {
  return `${path} is larger than ${CA_FILE_MAX_BYTES / 1024 / 1024} MB, too large for a file of certificates.`;
}

/** the reason from the error's code only: its message may hold more of the file system than the path */
function unreadable(path: string, err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return `There is no file at ${path}.`;
  if (code === 'EACCES' || code === 'EPERM') return `${path} cannot be read (permission denied).`;
  if (code === 'EISDIR') return `${path} is not a file.`;
  return `${path} cannot be read${code ? ` (${code})` : ''}.`;
}
