// Tells the listeners how each server revocation (of a saved key, or of a server key alone) is doing (RevocationSyncState),
// always AFTER the state is on disk, in order, once per state. A finished revocation (synced, or
// cancelled: local only) is "finalized": a synced one's proof is queued (the kept value is tried
// until the service refuses it, attempt-proof.ts), the listeners are told, and a record says so.
// A finished proof is finalized the same way: the value it proved refused is dropped from the
// keychain. A crash before a record makes the next start do it again; every step is idempotent.
import type { Disposable } from '../../../emitter';
import { toErrorInfo } from '../../../errors';
import type { RevocationSyncState } from '../../../model';
import type { RevocationReport } from '../../../services';
import type { RevocationKeyStore } from './revocation-deps';
import type { StoredOp } from '../../records';
import { syncStateOf } from './revocation-views';

export type RevocationListener = (report: RevocationReport) => Promise<void> | void;

export interface RevocationReportDeps {
  revocationKeys: RevocationKeyStore;
  /** records that a finished revocation was reported (journal) */
  markFinalized(id: string): Promise<void>;
  /** a synced revocation of a saved key: queues the checks that its value is refused (once) */
  startProof(revocation: StoredOp): Promise<void>;
  log(line: string): void;
}

export class RevocationReports {
  private chain: Promise<void> = Promise.resolve();
  private readonly reported = new Map<string, string>();
  private readonly finalizing = new Set<string>();
  private readonly listeners = new Set<RevocationListener>();

  constructor(private readonly deps: RevocationReportDeps) {}

  /**
   * Not an Emitter: a report waits for its listeners (they may write) and is offered again when
   * one fails, so listeners here may answer a promise.
   */
  onDidReport(listener: RevocationListener): Disposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  report(r: StoredOp): void {
    if (r.payload.type !== 'revocation' || r.item.state === 'sending' || r.finalized) return;
    const report: RevocationReport = { localKeyId: r.payload.localKeyId, profileId: r.item.profileId, sync: syncStateOf(r) };
    this.deliver(r, report, `the revocation state of ${report.localKeyId ?? `operation ${r.item.id}`}`, async () => {
      // synced: the kept value stays until a check proves the service refuses it
      if (r.item.state === 'sent' && report.localKeyId !== null) await this.deps.startProof(r);
    });
  }

  /**
   * A proof's state moved on (`sync`: its revocation's state, the proof included). Once it is
   * over (refused, or the person cancelled the checks) the value has no use left: it is dropped.
   */
  reportProof(r: StoredOp, sync: RevocationSyncState): void {
    if (r.payload.type !== 'proof' || r.item.state === 'sending' || r.finalized) return;
    const localKeyId = r.payload.localKeyId;
    const terminal = isTerminal(r);
    this.deliver(r, { localKeyId, profileId: r.item.profileId, sync }, `the proof of ${localKeyId}'s revocation`, async () => {
      if (terminal) await this.deps.revocationKeys.drop(localKeyId);
    });
  }

  /**
   * Tells the listeners once per state: a state already told is skipped, and an operation that
   * ended is finalized once (after `first`, its own effect), even when reported again meanwhile.
   * A failure is logged and the state is told again at the next report.
   */
  private deliver(r: StoredOp, report: RevocationReport, what: string, first: () => Promise<void>): void {
    const id = r.item.id;
    const terminal = isTerminal(r);
    if (terminal) {
      if (this.finalizing.has(id)) return;
      this.finalizing.add(id);
    } else {
      const key = JSON.stringify(report.sync);
      if (this.reported.get(id) === key) return;
      this.reported.set(id, key);
    }
    this.chain = this.chain.then(async () => {
      try {
        await first();
        for (const listener of [...this.listeners]) await listener(report);
        if (terminal) await this.deps.markFinalized(id);
      } catch (err) {
        this.deps.log(`outbox: could not report ${what}: ${toErrorInfo(err).message}`);
        if (!terminal) this.reported.delete(id);
      } finally {
        if (terminal) this.finalizing.delete(id);
      }
    });
  }

  /** resolves when every report made so far is done */
  idle(): Promise<void> {
    return this.chain;
  }
}

const isTerminal = (r: StoredOp): boolean => r.item.state === 'sent' || r.item.state === 'cancelled';
