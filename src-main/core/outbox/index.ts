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
//   the CLI never send one operation both; a dead holder's claim is taken over at once. Each
//   kind makes the one unavoidable resend, after a crash between "sent" and "recorded", harmless.
// - kinds/: each kind of queued work behind one small port (kinds/outbox-kind.ts); kinds/index.ts
//   builds them, and kinds/durable-outbox.ts is the engine with every kind.
export type { OutboxDeps } from './deps';
export type { OutboxDiagnostics } from './outbox';
export type { DamageReport, DamagedPart } from './journal';
export { OutboxEngine } from './outbox';
export { createOutbox, DurableOutbox, type DurableOutboxDeps, type Outbox } from './kinds/durable-outbox';
export { createKinds, type KindDeps, type OutboxKindSet } from './kinds/index';
