// What every crash test of the outbox starts from: a sandbox that never limits (closed when the
// test ends), a work folder whose keys.json holds the keys to revoke, a seeded random, and the
// first batch of messages queued by a child process; then more batches when the test asks.
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, onTestFinished } from 'vitest';
import { startSandbox } from '../../../../src-main/sandbox/index';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import { createRandom } from '../../../../src-main/sandbox/seed';
import type { ChildPlan } from '../../../fixtures/outbox-child';
import { tempDir } from '../../helpers/temp-dir';
import { runChild } from './crash-child-runner';
import { keysToRevoke, type KeysToRevoke } from './keys-to-revoke';

export interface CrashRunOptions {
  /** names the work folder, the keys and the messages ("<label> message 12") */
  label: string;
  seed: number;
  /** the recipients, in turn */
  numbers: readonly string[];
  /** how many messages the first batch holds */
  messages: number;
  revocations: number;
  /** called with the size of each batch about to be queued (to make the sandbox answer its sends slowly, say) */
  onBatch?: (sb: RunningSandbox, count: number) => void;
}

export interface CrashRun {
  sb: RunningSandbox;
  work: string;
  random: () => number;
  revoked: KeysToRevoke['revoked'];
  /** every message queued so far, in the order queued */
  expected: ChildPlan['messages'];
  /** has a child process queue `count` more messages */
  enqueueMore(count: number): Promise<void>;
  /** how many writes (POST and DELETE) the sandbox has received */
  writes(): number;
}

export async function startCrashRun(options: CrashRunOptions): Promise<CrashRun> {
  const { label, numbers } = options;
  const sb = await startSandbox({ contacts: 5, rate: 1_000_000, burst: 1_000_000 });
  onTestFinished(() => sb.close());
  const work = await tempDir(`outbox-${label.replaceAll(' ', '-')}-`);
  const { revoked, revocations, keys } = keysToRevoke(sb, options.revocations, label);
  const expected: ChildPlan['messages'] = [];
  const addMessages = (n: number): ChildPlan['messages'] => {
    const batch = Array.from({ length: n }, (_, i) => ({
      number: numbers[(expected.length + i) % numbers.length]!,
      text: `${label} message ${expected.length + i}`,
      idempotencyKey: randomUUID(),
    }));
    expected.push(...batch);
    options.onBatch?.(sb, n);
    return batch;
  };
  const enqueue = async (batch: ChildPlan): Promise<void> => {
    await writeFile(join(work, 'plan.json'), JSON.stringify(batch));
    const run = await runChild('enqueue', work, sb.baseUrl).exited;
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.done!)).toEqual({ enqueued: expected.length + revocations.length });
  };
  await writeFile(join(work, 'keys.json'), JSON.stringify(keys));
  await enqueue({ messages: addMessages(options.messages), revocations });
  return {
    sb,
    work,
    random: createRandom(options.seed),
    revoked,
    expected,
    enqueueMore: (count) => enqueue({ messages: addMessages(count), revocations: [] }),
    writes: () => sb.requests().filter((r) => r.method === 'POST' || r.method === 'DELETE').length,
  };
}
