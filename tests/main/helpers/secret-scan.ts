// The secret scan: serialises whatever a test got back (values, thrown errors with their
// message and stack) and reports every key found in it. A key counts as found when ANY run of
// LEAK_RUN (8) or more of its characters occurs, in any case (docs/ARCHITECTURE.md, rule 1): a
// lower-cased copy, a key cut short or the first characters of a key are leaks too.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { LEAK_RUN } from '../../../src-main/core/http/scrub/redact';

/** the secret's runs of LEAK_RUN characters, lower-cased */
function windowsOf(secret: string): string[] {
  const lower = secret.toLowerCase();
  const out: string[] = [];
  for (let i = 0; i + LEAK_RUN <= lower.length; i += 1) out.push(lower.slice(i, i + LEAK_RUN));
  return out;
}

/** true when `text` holds a run of 8+ characters of `secret`, in any case */
export function leaksSecret(text: string, secret: string): boolean {
  if (secret.length === 0) return false;
  const lower = text.toLowerCase();
  if (secret.length < LEAK_RUN) return lower.includes(secret.toLowerCase());
  return windowsOf(secret).some((w) => lower.includes(w));
}

/** the runs of `secret` found in `text` (each LEAK_RUN long), for a failure message */
export function leakedRuns(text: string, secret: string): string[] {
  const lower = text.toLowerCase();
  return [...new Set(windowsOf(secret).filter((w) => lower.includes(w)))];
}

function serialise(value: unknown): string {
  const seen = new WeakSet<object>();
  return (
    JSON.stringify(value, (_key, v: unknown) => {
      if (v instanceof Error) {
        return { ...v, name: v.name, message: v.message, stack: v.stack, cause: (v as { cause?: unknown }).cause };
      }
      if (typeof v === 'object' && v !== null) {
        if (seen.has(v)) return '[circular]';
        seen.add(v);
      }
      if (typeof v === 'bigint') return v.toString();
      return v;
    }) ?? String(value)
  );
}

/** the secrets (shown by their last 4 characters only) of which `value` holds an 8+ run, any case */
export function findSecrets(value: unknown, secrets: readonly string[]): string[] {
  const text = typeof value === 'string' ? value : serialise(value);
  return secrets.filter((s) => leaksSecret(text, s)).map((s) => `…${s.slice(-4)}`);
}

/** null for a file that vanished (ENOENT), any other error is rethrown */
function gone(err: unknown): null {
  if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
  throw err;
}

/** every file under `dir` (recursively) that holds an 8+ run of one of the secrets, any case */
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
        if (text !== null && secrets.some((s) => leaksSecret(text, s))) hits.push(path);
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
