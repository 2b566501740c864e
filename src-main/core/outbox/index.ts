// The durable outbox (core, plain Node): operations that must reach the server exactly once,
// offline or not, shared by the app and the `crm` command line on one data dir.
//
// Design in short (details at the top of each file):
// - journal.ts: one append-only journal of CRC-checked JSON lines, each a full snapshot of one
//   operation; every state change is appended and fdatasync'ed before it is acted on or
//   reported; torn or corrupt lines are set aside to `outbox.journal.damaged-<time>` with a
//   clear message and the rest keeps syncing; compaction is atomic (temp + fsync + rename).
// - file-lock.ts: a short cross-process lock around each read-and-append (pid + time, stale when
//   the pid is dead or the lock is old).
// - outbox.ts: per-operation claims written to the journal (holder, pid, lease) so the app and
//   the CLI never send one operation both; a dead holder's claim is taken over at once. The
//   Idempotency-Key (messages) and 404-for-an-unlisted-key-means-done (revocations) make the one unavoidable resend,
//   after a crash between "sent" and "recorded", harmless.
import type { OutboxDeps } from './deps';
import type { Outbox } from './outbox';
import { OutboxEngine } from './outbox';

export type { OutboxDeps, RevocationKeyStore } from './deps';
export type { Outbox, OutboxDiagnostics } from './outbox';
export type { DamageReport, DamagedPart } from './journal';
export { OutboxEngine };
export { journalRevocationProgress } from './journal-reader';

/** A started outbox. Construct an OutboxEngine and start() it yourself to subscribe first. */
export async function createOutbox(deps: OutboxDeps): Promise<Outbox> {
  const outbox = new OutboxEngine(deps);
  await outbox.start();
  return outbox;
}
