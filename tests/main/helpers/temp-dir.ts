// Temporary directories for tests: each call makes a fresh one; all are removed when the
// test process exits (or earlier with removeTempDirs()).
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = new Set<string>();
let hooked = false;

export async function tempDir(prefix = 'crm-test-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  made.add(dir);
  if (!hooked) {
    hooked = true;
    process.once('exit', () => {
      for (const d of made) rmSync(d, { recursive: true, force: true });
    });
  }
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  for (const dir of [...made]) {
    await rm(dir, { recursive: true, force: true });
    made.delete(dir);
  }
}
