// Durable writes (docs/ARCHITECTURE.md, rule 7): write a temp file beside the target, fsync it,
// rename it over the target, fsync the directory. A crash at any point leaves either the old
// or the new content, never a torn file.
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, basename, join } from 'node:path';

async function fsyncDir(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Some platforms (Windows) cannot fsync a directory; the rename is still atomic there.
  } finally {
    await handle?.close();
  }
}

export async function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o600): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const handle = await open(tmp, 'w', mode);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (err) {
    await handle.close();
    await rm(tmp, { force: true });
    throw err;
  }
  await handle.close();
  try {
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  await fsyncDir(dir);
}

/** Reads a JSON file; a missing file gives `fallback`. A file that does not parse is reported, not silently replaced. */
export async function readJsonFile<T>(path: string, fallback: T): Promise<{ value: T; corrupt: boolean }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { value: fallback, corrupt: false };
    throw err;
  }
  try {
    return { value: JSON.parse(text) as T, corrupt: false };
  } catch {
    return { value: fallback, corrupt: true };
  }
}

export async function writeJsonAtomic(path: string, value: unknown): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`);
}
