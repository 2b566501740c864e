// "Resend" in the Request log: the same prepared request this process sent, sent once more
// through the sender. Only this process's own requests can be sent again, because only it holds
// what it sent (the PreparedRequest, in memory, never written anywhere); the log's row is a
// scrubbed, cut copy and is never sent. The key is not kept either: it is attached again from the
// keychain by KeyAccess, for the origin the request goes to, so a key bound elsewhere is held
// back. A resend is a new, deliberate send: a request that carried an Idempotency-Key gets a new
// one (the old key would only replay the first answer); the sender's own 429 retries keep it.
import { randomUUID } from 'node:crypto';
import { CrmError } from '../errors';
import type { PreparedRequest } from '../http/prepared-request';
import type { HttpSender } from '../http/sender';
import { keyUseOf } from '../keys/api-call';
import type { KeyAccess } from '../services';

/** requests kept for a resend at most (the newest); the window lists 500 log rows */
export const RESEND_KEEP = 500;

export interface LogResendDeps {
  keyAccess: KeyAccess;
  sender: Pick<HttpSender, 'send'>;
  mint?: () => string;
  keep?: number;
}

export interface ResendOutcome {
  status: number;
  /** the log entry of the resend (its last attempt), when the log saw it */
  entryId: string | null;
}

export class LogResend {
  /** log entry id -> the request it logged; insertion order is age */
  private readonly kept = new Map<string, PreparedRequest>();
  /** resends in flight -> the entry ids their attempts were logged under */
  private readonly resending = new Map<PreparedRequest, string[]>();
  private readonly mint: () => string;
  private readonly keep: number;

  constructor(private readonly deps: LogResendDeps) {
    this.mint = deps.mint ?? randomUUID;
    this.keep = deps.keep ?? RESEND_KEEP;
  }

  /** the sender's observer hook: each attempt's log entry id with the request it sent */
  remember(entryId: string, request: PreparedRequest): void {
    this.kept.set(entryId, request);
    if (this.kept.size > this.keep) this.kept.delete(this.kept.keys().next().value as string);
    this.resending.get(request)?.push(entryId);
  }

  /** whether `entryId` is a request this process sent and still holds */
  canResend(entryId: string): boolean {
    return this.kept.has(entryId);
  }

  async resend(entryId: string): Promise<ResendOutcome> {
    const original = this.kept.get(entryId);
    if (original === undefined) {
      throw new CrmError('not_found', 'Only requests this window sent since it started can be sent again: use Copy as cURL for this one.');
    }
    const { profileId } = original;
    if (profileId === undefined)
      throw new CrmError('validation', 'This request was made for no profile, so there is no key to send it with.');
    const request = this.fresh(original);
    const origin = new URL(request.url).origin;
    this.resending.set(request, []);
    let used: string | null = null;
    let failure: unknown = null;
    try {
      const response = await this.deps.keyAccess.withKey(
        profileId,
        null,
        (key, signal, meta) => {
          used = meta.id;
          return this.deps.sender.send(request, key, { signal });
        },
        { origin },
      );
      return { status: response.status, entryId: this.resending.get(request)?.at(-1) ?? null };
    } catch (err) {
      failure = err;
      throw err;
    } finally {
      this.resending.delete(request);
      // what the answer says about the key, recorded as for any other call (keys/api-call.ts)
      const use = used === null ? null : keyUseOf(request, failure);
      if (use !== null && used !== null) this.deps.keyAccess.noteUse(used, use.outcome, use.proof);
    }
  }

  /** the request as sent, with a new Idempotency-Key where it had one */
  private fresh(request: PreparedRequest): PreparedRequest {
    if (request.idempotencyKey === null) return { ...request };
    const key = this.mint();
    const headers: Record<string, string> = {};
    // wherever the API description put it (Idempotency-Key, or a header of the service's own name)
    for (const [name, value] of Object.entries(request.headers)) headers[name] = value === request.idempotencyKey ? key : value;
    return { ...request, headers, idempotencyKey: key };
  }
}
