// Idempotency-Key for the message POSTs. The scope is the key's value plus the route, not the
// API key: a retry sent with another API key still replays.
//
// What is stored: the first answer with status 2xx, or 4xx other than 429, together with the
// SHA-256 of the raw request body, for `ttlMs`. A 429 or 5xx is never stored (the retry must
// really run). A repeat with the same body gets the stored status and body plus
// `Idempotent-Replayed: true`; with another body, 400 `idempotency_mismatch`.
// Requests with the same key run one at a time (a per-scope promise chain), so concurrent
// duplicates create one message and the others replay it.
import { createHash } from 'node:crypto';
import type { Reply } from './reply';
import { problemReply, serializeReply } from './reply';

export interface IdempotencyRecord {
  scope: string;
  bodyHash: string;
  status: number;
  /** the answer's JSON text */
  body: string;
  expiresAt: number;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
const SWEEP_EVERY_MS = 60_000;

export function isValidIdempotencyKey(value: string): boolean {
  return IDEMPOTENCY_KEY.test(value);
}

export function hashBody(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function isStorable(status: number): boolean {
  return (status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 429);
}

export class IdempotencyStore {
  private readonly records = new Map<string, IdempotencyRecord>();
  private readonly locks = new Map<string, Promise<void>>();
  private nextSweep = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly onChange: () => void,
  ) {}

  async run(route: string, idempotencyKey: string, bodyHash: string, handle: () => Reply | Promise<Reply>): Promise<Reply> {
    const scope = `${route} ${idempotencyKey}`;
    const previous = this.locks.get(scope) ?? Promise.resolve();
    let release = (): void => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const current = previous.then(() => gate);
    this.locks.set(scope, current);
    await previous;
    try {
      return await this.runLocked(scope, bodyHash, handle);
    } finally {
      release();
      if (this.locks.get(scope) === current) this.locks.delete(scope);
    }
  }

  snapshot(now = Date.now()): IdempotencyRecord[] {
    return [...this.records.values()].filter((r) => r.expiresAt > now);
  }

  restore(records: readonly IdempotencyRecord[], now = Date.now()): void {
    for (const r of records) if (r.expiresAt > now) this.records.set(r.scope, { ...r });
  }

  private async runLocked(scope: string, bodyHash: string, handle: () => Reply | Promise<Reply>): Promise<Reply> {
    const now = Date.now();
    this.sweep(now);
    const stored = this.records.get(scope);
    if (stored && stored.expiresAt > now) {
      if (stored.bodyHash !== bodyHash) {
        return problemReply(400, {
          code: 'idempotency_mismatch',
          message: 'this Idempotency-Key was already used with a different request body',
          details: [{ field: 'Idempotency-Key', message: 'already used with a different body; use a new key for a new request' }],
        });
      }
      return { status: stored.status, body: stored.body, preserialized: true, headers: { 'Idempotent-Replayed': 'true' } };
    }
    const reply = await handle();
    if (isStorable(reply.status)) {
      this.records.set(scope, { scope, bodyHash, status: reply.status, body: serializeReply(reply), expiresAt: now + this.ttlMs });
      this.onChange();
    }
    return reply;
  }

  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    for (const [scope, record] of this.records) if (record.expiresAt <= now) this.records.delete(scope);
  }
}
