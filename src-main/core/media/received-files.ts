// The files contacts sent, kept in the data folder (<data>/media/<profile>/<sha256>) so they show
// offline and after the service's media id has expired. Named by their content: the same file
// sent twice is kept once. Written to a temporary name and renamed, so a file that is there is
// whole. Only paths under the folder are ever read or removed, whatever a database row says.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';

export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** a profile id as one safe folder name */
function folderName(profileId: string): string {
  return /^[A-Za-z0-9_-]{1,100}$/.test(profileId) ? profileId : sha256Hex(Buffer.from(profileId)).slice(0, 32);
}

export class ReceivedFiles {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'media');
  }

  /** stores the bytes; answers where they are and their hash */
  async put(profileId: string, bytes: Buffer): Promise<{ path: string; sha256: string }> {
    const sha256 = sha256Hex(bytes);
    const dir = join(this.root, folderName(profileId));
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const path = join(dir, sha256);
    const partial = join(dir, `.${sha256}.${randomBytes(6).toString('hex')}.part`);
    await writeFile(partial, bytes, { mode: 0o600 });
    await rename(partial, path);
    return { path, sha256 };
  }

  /** true when `path` is one of this folder's files */
  owns(path: string): boolean {
    const rel = relative(this.root, resolve(path));
    return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep) && rel.split(sep).length === 2;
  }

  async read(path: string): Promise<Buffer> {
    if (!this.owns(path)) throw new Error('not a received file');
    return readFile(path);
  }

  async remove(path: string): Promise<void> {
    if (this.owns(path)) await rm(path, { force: true });
  }
}
