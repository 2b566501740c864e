// The secret scan: serialises whatever a test got back (values, thrown errors with their
// message and stack) and reports every key value found in it.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

function serialise(value: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Error) {
      return { ...v, name: v.name, message: v.message, stack: v.stack, cause: (v as { cause?: unknown }).cause };
    }
    if (typeof v === 'object' && v !== null) {
      if (seen.has(v)) return '[circular]';
      seen.add(v);
    }
    if (typeof v === 'bigint') return v.toString();
    return v;
  }) ?? String(value);
}

/** the secrets (shown by their last 4 characters only) that occur in `value` */
export function findSecrets(value: unknown, secrets: readonly string[]): string[] {
  const text = serialise(value);
  return secrets.filter((s) => s.length > 0 && text.includes(s)).map((s) => `…${s.slice(-4)}`);
}

/** null for a file that vanished (ENOENT), any other error is rethrown */
function gone(err: unknown): null {
  if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
  throw err;
}

/** every file under `dir` (recursively) that contains one of the secrets */
export async function filesContainingSecrets(dir: string, secrets: readonly string[]): Promise<string[]> {
  const hits: string[] = [];
  const walk = async (d: string): Promise<void> => {
    for (const name of (await readdir(d).catch(gone)) ?? []) {
      const path = join(d, name);
      // a temp file of an atomic write in progress may vanish between readdir and read
      const info = await stat(path).catch(gone);
      if (!info) continue;
      if (info.isDirectory()) await walk(path);
      else if (info.isFile()) {
        const text = await readFile(path, 'latin1').catch(gone);
        if (text !== null && secrets.some((s) => s.length > 0 && text.includes(s))) hits.push(path);
      }
    }
  };
  await walk(dir);
  return hits;
}

/** runs `fn` and returns what it threw (fails when it did not throw) */
export async function caught(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to throw');
}
