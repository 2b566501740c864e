// Read receipts: when the agent opens a conversation, the service is told the contact's newest
// message was read (WhatsApp shows the contact blue ticks), where the profile describes a "Mark
// as Read" operation (learned from the service's own cURL; docs/API.md has none, so a profile
// that speaks it sends nothing). Best effort and never in the way: sent in the background after
// the window's answer, through the one request builder and sender (the request log shows it);
// a failure is logged, tried once more on the next open, and never shown as an error.
import { CrmError } from '../errors';
import { failureInSuccess } from '../api/errors/failure-in-success';
import type { HttpSender } from '../http/sender';
import { callWithKey } from '../keys/api-call';
import type { ProfileManager } from '../profiles/profile-manager';
import { buildRequest } from '../request/request-builder';
import { isOffered } from '../request/operation-spec';
import type { KeyAccess } from '../services';
import type { ReadReceiptsTable, ReceiptMark } from '../store/tables/read-receipts-table';

/** tries a receipt for one message gets: the first, and one more on a later open */
export const RECEIPT_TRIES = 2;

/** what opening a conversation told the service */
export type ReceiptOutcome =
  /** the service took a receipt for this message */
  | { kind: 'sent'; messageId: string }
  /** the profile describes no Mark as Read: the service is not told */
  | { kind: 'absent' }
  /** read receipts are switched off (crm settings read-receipts, the Conversations screen) */
  | { kind: 'off' }
  /** the contact wrote nothing since the last receipt (or nothing at all), or its receipt failed twice */
  | { kind: 'unchanged' }
  /** the receipt was not taken; it is tried once more on the next open */
  | { kind: 'failed'; messageId: string; reason: string };

/**
 * The message to send a receipt for, or null: the newest the contact wrote, unless the service
 * already took a receipt for it or one for it already failed RECEIPT_TRIES times.
 */
export function receiptDue(newestId: string | null, mark: ReceiptMark): string | null {
  if (newestId === null || newestId === mark.acknowledgedId) return null;
  if (newestId === mark.failedId && mark.failures >= RECEIPT_TRIES) return null;
  return newestId;
}

export interface ReadReceiptsDeps {
  table: ReadReceiptsTable;
  /** the id of the newest message the contact wrote in the conversation, or null */
  newestReceived: (profileId: string, number: string) => string | null;
  profiles: Pick<ProfileManager, 'resolve'>;
  keyAccess: KeyAccess;
  sender: HttpSender;
  /** the read_receipts setting (settings-table.ts), shared by every process on the data folder */
  setting: { get(): boolean | null; set(on: boolean | null): void };
  log?: (message: string) => void;
}

export class ReadReceipts {
  private readonly pending = new Set<Promise<unknown>>();
  /** each conversation's receipt under way: a second open waits for it, so it sees what was acknowledged */
  private readonly running = new Map<string, Promise<ReceiptOutcome>>();

  constructor(private readonly deps: ReadReceiptsDeps) {}

  /** whether opening a conversation tells the service (on unless switched off) */
  enabled(): { on: boolean } {
    return { on: this.deps.setting.get() !== false };
  }

  setEnabled(input: { on: boolean }): { on: boolean } {
    // on is the default: only "off" is stored
    this.deps.setting.set(input.on ? null : false);
    return this.enabled();
  }

  /** tells the service in the background, after the caller has answered; never throws */
  afterOpen(profileId: string, number: string): void {
    const job = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.tell(profileId, number));
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  /** resolves once every receipt started so far has its outcome (tests, shutdown) */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** sends the receipt the conversation is due, if any; a failure is an outcome, never thrown */
  async tell(profileId: string, number: string): Promise<ReceiptOutcome> {
    const key = `${profileId}\n${number}`;
    // tellNow never throws, so the chain never breaks
    const run = (this.running.get(key) ?? Promise.resolve()).then(() => this.tellNow(profileId, number));
    this.running.set(key, run);
    try {
      return await run;
    } finally {
      if (this.running.get(key) === run) this.running.delete(key);
    }
  }

  private async tellNow(profileId: string, number: string): Promise<ReceiptOutcome> {
    if (!this.enabled().on) return { kind: 'off' };
    let messageId: string | null = null;
    try {
      const profile = await this.deps.profiles.resolve(profileId);
      if (!isOffered(profile, 'messages.read')) return { kind: 'absent' };
      messageId = receiptDue(this.deps.newestReceived(profile.id, number), this.deps.table.mark(profile.id, number));
      if (messageId === null) return { kind: 'unchanged' };
      const request = await buildRequest({ op: 'messages.read', input: { number, messageId } }, profile);
      const response = await callWithKey({ keyAccess: this.deps.keyAccess, sender: this.deps.sender }, profile, null, request);
      const failure = failureInSuccess(response.json);
      if (failure !== null)
        throw new CrmError('refused_by_service', `HTTP ${response.status} with a failure in its body`, { status: response.status });
      this.deps.table.acknowledged(profile.id, number, messageId);
      return { kind: 'sent', messageId };
    } catch (err) {
      // the sender has put the request and its answer in the request log; only the reason is noted here
      const reason = err instanceof CrmError ? `${err.code}${err.status === undefined ? '' : ` (HTTP ${err.status})`}` : 'unexpected error';
      if (messageId === null) {
        this.deps.log?.(`read receipt for +${number}: not sent (${reason})`);
        return { kind: 'failed', messageId: '', reason };
      }
      this.deps.table.failed(profileId, number, messageId);
      this.deps.log?.(`read receipt for +${number}: not taken (${reason}); tried once more on the next open`);
      return { kind: 'failed', messageId, reason };
    }
  }
}
