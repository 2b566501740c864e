// The outbox engine: durable queue (journal.ts) + send loop + online detection.
//
// Sending an operation, step by step (each step's record is fsynced before the next step):
//   1. claim: 'sending', attempts + 1, claim {holder, pid, until = now + lease}
//   2. the request
//   3. the outcome: sent / pending (why, next attempt) / failed
// A crash between 2 and 3 leaves a claim whose holder is dead; any process takes it over at once
// (pid liveness) or after the lease, and sends again. Every kind makes that second send harmless
// (kinds/: a request key the server answers a replay of as it did the first time, a deletion whose
// replay counts as done). This is the only place an operation can reach the server twice, and it
// never creates a second copy or an error. Each kind bounds its attempts or waits out an outage
// (policy.ts).
//
// Two processes (the app and `crm`) on one data dir: both run this loop; the claim in step 1 is
// made under the journal lock after catching up, so an operation is claimed, and sent, by one.
//
// Online detection: every answer (any status) marks the API reachable; a transport failure marks
// it offline, and then nothing is sent to it until a cheap probe (GET of the base URL, no key)
// answers; probes back off exponentially with jitter. A 429 pauses the API for Retry-After.
// When each operation can go is decided once per pass (next-step.ts); what is sent and the timer
// both follow that answer. Timers: exactly one, at the earliest moment something can happen (next
// attempt, next probe, end of a foreign claim). Nothing waiting (or only for a person, as its
// kind says) -> no timer.
//
// Kinds: the engine never looks inside a payload and names no kind of work. Each kind (kinds/)
// says what its payload holds, where its requests go, what it waits for and what a retry
// changes, makes one attempt and hears of changes through the small port in
// kinds/outbox-kind.ts. The engine is given its kind set (kinds/index.ts builds it first); a
// kind's own queue reaches the engine through the host it lends them (enqueue, records) only.
import { randomBytes } from 'node:crypto';
import { Emitter, type Event } from '../emitter';
import { CrmError, toErrorInfo } from '../errors';
import type { OutboxItem, Profile } from '../model';
import type { OutboxService } from '../services';
import type { AttemptContext } from './attempt-context';
import type { OutboxDeps } from './deps';
import type { DamageReport, Tx } from './journal';
import { Journal } from './journal';
import { watchJournal } from './journal-watch';
import { holderAlive, registerHolder, unregisterHolder } from '../storage/liveness';
import * as m from './mutations';
import type { Backoff, Outcome } from './policy';
import { backoffMs } from './policy';
import type { Step, StepContext } from './next-step';
import { nextStep } from './next-step';
import type { StoredOp } from './records';
import { openHeads } from './queue-view';
import { Reachability } from './reachability';
import { kindOf, type KindHost, type KindSet, type OutboxKinds, type PassMemo } from './kinds/outbox-kind';

export interface OutboxDiagnostics {
  /** damaged journal parts set aside since this instance started */
  damageReports(): DamageReport[];
  /** how many times the sync loop's timer fired */
  timerWakeups(): number;
  /** whether a wake-up timer is set right now */
  hasTimer(): boolean;
}

/** What the engine offers itself; what is queued comes in through its kinds' own queues. */
export type OutboxEngineService = Pick<OutboxService, 'list' | 'cancel' | 'retry' | 'syncNow' | 'onDidChange' | 'close'>;

/**
 * How long a claim holds without news; a dead holder's claim is taken over at once anyway. Other
 * processes on this data dir compare a claim's end with their own clocks, so the injected clock
 * must be wall time outside tests (its default is Date.now).
 */
const LEASE_MS = 120_000;
const CONCURRENCY = 8;
/** floor of the timer, so a mistake can never become a busy loop */
const MIN_TIMER_MS = 20;

export class OutboxEngine implements OutboxEngineService, OutboxDiagnostics {
  private readonly journal: Journal;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly bounds: Backoff;
  private readonly holder: string;
  private readonly log: (line: string) => void;
  private readonly changes: Emitter<OutboxItem[]>;
  readonly onDidChange: Event<OutboxItem[]>;
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly reach: Reachability;
  private readonly profileBase = new Map<string, string>();
  /** where each operation goes, as its kind's last route or attempt decided; else its profile's base */
  private readonly opBase = new Map<string, string>();
  /** operations to try on the next pass whatever their back-off (sync now, back online, retry) */
  private readonly forced = new Set<string>();
  /** one module per kind of queued work; the engine itself never looks inside a payload */
  private readonly kinds: OutboxKinds;
  private readonly host: KindHost;
  private readonly closeCtrl = new AbortController();
  private settleWaiters: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;
  private timerAt = 0;
  private wakeups = 0;
  private pumpRunning = false;
  private pumpAgain = false;
  private closed = false;
  private stopWatching: () => void = () => undefined;
  /** the claim transaction of the current pass, if any (close() waits for it) */
  private claiming: Promise<void> = Promise.resolve();
  /** what the last pass decided for each operation it looked at: what it sent, and the timer */
  private steps = new Map<string, Step>();

  constructor(
    private readonly deps: OutboxDeps,
    private readonly kindSet: KindSet,
  ) {
    this.now = deps.now ?? Date.now;
    this.random = deps.random ?? Math.random;
    this.bounds = deps.probeIntervalMs ?? { min: 1_000, max: 60_000 };
    this.holder = deps.holderId ?? `${process.pid}-${randomBytes(4).toString('hex')}`;
    this.log = deps.log ?? (() => undefined);
    this.changes = new Emitter({ onListenerError: (err) => this.log(`outbox: a listener failed: ${String(err)}`) });
    this.onDidChange = this.changes.event;
    this.journal = new Journal(deps.dir, this.holder, { payloads: kindSet.payloads, log: this.log, now: this.now });
    this.reach = new Reachability(this.now, this.random, this.bounds, (base) => deps.sender.probe(base, this.closeCtrl.signal));
    this.host = {
      transact: (fn) => this.journal.transact(fn),
      enqueue: (profileId, add) => this.enqueue(profileId, add),
      records: () => this.records(),
      syncNow: () => this.syncNow(),
      iso: () => this.iso(),
      log: this.log,
      holder: this.holder,
      offlineUntil: (base) => this.reach.offlineUntil(base),
      pinBase: (id, base) => this.opBase.set(id, base),
      baseOf: (r) => this.baseOf(r),
      stored: (id) => this.journal.state.get(id),
    };
    this.kinds = kindSet.attach(this.host);
  }

  /**
   * Opens the journal and starts sending. A kind's listeners that must hear about work a crash
   * left unreported subscribe before this: it is told once, here.
   */
  async start(): Promise<void> {
    registerHolder(this.holder);
    try {
      await this.journal.open();
    } catch (err) {
      unregisterHolder(this.holder);
      throw err;
    }
    this.journal.onChange = () => this.changed();
    for (const r of this.journal.state.values()) {
      // waiting for the network when the last process stopped: try once now
      if (r.item.state === 'pending' && r.item.pendingReason === 'offline') this.forced.add(r.item.id);
    }
    // a crash may have come between a record and telling the listeners: tell them (again)
    this.observeAll();
    this.stopWatching = watchJournal(this.deps.dir, this.journal);
    this.kick();
  }

  // ---- OutboxService -------------------------------------------------------------------

  async list(): Promise<OutboxItem[]> {
    if (!this.closed) await this.journal.transact(() => undefined);
    return this.items();
  }

  /** stores one new operation a kind built in a journal transaction (`offlineUntil`: its profile's API is down till then), then starts a pass */
  private async enqueue(profileId: string, add: (tx: Tx, at: string, offlineUntil: number | null) => StoredOp): Promise<OutboxItem> {
    this.assertOpen();
    const at = this.iso();
    const offline = this.offlineUntil(profileId);
    const r = await this.journal.transact((tx) => add(tx, at, offline));
    this.kick();
    return this.toItem(r);
  }

  /** every stored operation, caught up with other processes first */
  private async records(): Promise<Iterable<StoredOp>> {
    if (!this.closed) await this.journal.transact(() => undefined);
    return this.journal.state.values();
  }

  async cancel(id: string): Promise<OutboxItem> {
    this.assertOpen();
    const at = this.iso();
    const r = await this.journal.transact((tx) => m.cancelOp(tx, id, at));
    this.forced.delete(id);
    return this.toItem(r);
  }

  async retry(id: string): Promise<OutboxItem> {
    this.assertOpen();
    const at = this.iso();
    const retried = (cur: StoredOp): m.Retried => {
      const kind = kindOf(this.kinds, cur);
      const payload = kind.onRetry(cur);
      return { payload, notBefore: kind.notBefore(payload) };
    };
    const r = await this.journal.transact((tx) => m.retryOp(tx, id, at, retried));
    this.forced.add(id);
    const base = this.baseOf(r);
    if (base !== undefined) this.reach.probeSoon(base);
    this.kick();
    return this.toItem(r);
  }

  async syncNow(): Promise<void> {
    this.assertOpen();
    await this.journal.transact(() => undefined);
    for (const r of this.journal.state.values()) {
      if (r.item.state === 'pending' && r.item.pendingReason !== 'rate_limited' && this.waitsFor(r) === null) this.forced.add(r.item.id);
    }
    // a report a listener failed to take is offered again
    this.observeAll();
    this.reach.probeSoon();
    await this.settle();
    // What a finished operation starts in its kind (e.g. the next operation it queues) runs after
    // the record; a pass waits for it, so a command that syncs ends with it done.
    // These rounds force nothing: what failed above keeps its back-off.
    for (let round = 0; round < 2 && !this.closed; round += 1) {
      await this.kindSet.idle();
      await this.settle();
    }
  }

  private settle(): Promise<void> {
    const settled = new Promise<void>((resolve) => this.settleWaiters.push(resolve));
    this.kick();
    this.checkSettled();
    return settled;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.clearTimer();
    this.stopWatching();
    // In-flight requests are aborted; their operations go back to pending (claim released).
    // Whether the server saw them or not, the next send is harmless (see the header).
    this.closeCtrl.abort();
    await this.claiming;
    await Promise.allSettled([...this.inFlight.values()]);
    await this.kindSet.idle();
    await this.journal.close();
    unregisterHolder(this.holder);
    for (const w of this.settleWaiters.splice(0)) w();
  }

  // ---- diagnostics ---------------------------------------------------------------------

  damageReports(): DamageReport[] {
    return this.journal.damageReports();
  }

  timerWakeups(): number {
    return this.wakeups;
  }

  hasTimer(): boolean {
    return this.timer !== null;
  }

  // ---- the loop ------------------------------------------------------------------------

  private kick(): void {
    if (this.closed) return;
    if (this.pumpRunning) {
      this.pumpAgain = true;
      return;
    }
    this.pumpRunning = true;
    void (async () => {
      try {
        do {
          this.pumpAgain = false;
          await this.pumpOnce();
        } while (this.pumpAgain && !this.closed);
      } catch (err) {
        this.log(`outbox: sync pass failed: ${toErrorInfo(err).message}`);
      } finally {
        this.pumpRunning = false;
        this.scheduleWake();
        this.checkSettled();
      }
    })();
  }

  private async pumpOnce(): Promise<void> {
    if (this.closed) return;
    const now = this.now();
    const heads = openHeads(this.journal.state.values(), this.groupOf);
    const profiles = new Map<string, Promise<Profile | null>>();
    const profileOf = (id: string): Promise<Profile | null> => {
      let p = profiles.get(id);
      if (!p) {
        p = this.deps.getProfile(id).then(
          (profile) => {
            this.profileBase.set(id, profile.baseUrl);
            return profile;
          },
          () => null,
        );
        profiles.set(id, p);
      }
      return p;
    };
    // what the kinds read while deciding (e.g. a profile's keys) is read once per pass
    const memos = new Map<string, Promise<unknown>>();
    const memo: PassMemo = (key, read) => {
      let answer = memos.get(key);
      if (!answer) {
        answer = read();
        memos.set(key, answer);
      }
      return answer as ReturnType<typeof read>;
    };

    const picks: StoredOp[] = [];
    const steps = new Map<string, Step>();
    const capacity = CONCURRENCY - this.inFlight.size;
    for (const r of heads) {
      if (this.inFlight.has(r.item.id)) continue;
      const profile = await profileOf(r.item.profileId);
      const base = profile === null ? undefined : await this.route(r, profile);
      if (base === null) {
        // held for the person: nothing is sent, probed or timed for it
        steps.set(r.item.id, { kind: 'never' });
        continue;
      }
      // An API known to be down, or not heard from yet in this process, is probed, not sent to.
      // One waiting for a change only its kind sees (e.g. a key), or for its scheduled time,
      // waits for that first: probing for it alone would be wasted.
      const scheduled = kindOf(this.kinds, r).notBefore(r.payload) > now;
      if (base !== undefined && r.item.state === 'pending' && this.waitsFor(r) !== 'change' && !scheduled) {
        this.reach.ensure(base);
        if (this.reach.probeDue(base, now)) this.probe(base);
      }
      const step = nextStep(r, await this.stepContext(r, base, profile, memo), now);
      steps.set(r.item.id, step);
      if (step.kind === 'now' && picks.length < capacity) picks.push(r);
    }
    this.steps = steps;
    if (picks.length === 0 || this.closed) return;
    const claim = { holder: this.holder, pid: process.pid, until: this.now() + LEASE_MS };
    const at = this.iso();
    const claiming = this.journal.transact((tx) => m.claimOps(tx, picks, claim, at, this.groupOf));
    this.claiming = claiming.then(
      () => undefined,
      () => undefined,
    );
    const claimed = await claiming;
    // Started even if close() came meanwhile: the attempt sees the abort before any request and
    // records the operation as pending again, which releases the claim.
    for (const r of claimed)
      this.startAttempt(
        r,
        picks.find((p) => p.item.id === r.item.id),
      );
  }

  /** Where a waiting operation goes now, as its kind says; null when it is held for the person. */
  private async route(r: StoredOp, profile: Profile): Promise<string | null> {
    const base = await kindOf(this.kinds, r).route(r, profile, this.host);
    if (base === undefined) return this.baseOf(r) ?? profile.baseUrl;
    if (base === null) {
      this.forced.delete(r.item.id);
      return null;
    }
    this.opBase.set(r.item.id, base);
    return base;
  }

  /** where an operation's requests go, as far as this process knows */
  private baseOf(r: StoredOp): string | undefined {
    return this.opBase.get(r.item.id) ?? this.profileBase.get(r.item.profileId);
  }

  /** what nextStep needs to know of an operation beyond its record */
  private async stepContext(r: StoredOp, base: string | undefined, profile: Profile | null, memo: PassMemo): Promise<StepContext> {
    const c = r.claim;
    const claimHolder = c === null ? null : m.isOurs(c, this.holder) ? 'ours' : holderAlive(c.holder, c.pid) ? 'alive' : 'dead';
    const kind = kindOf(this.kinds, r);
    const waitsFor = this.waitsFor(r);
    const unblocked = waitsFor === 'change' && profile !== null && (await kind.unblocked(r, profile, memo));
    return {
      claimHolder,
      target: this.reach.get(base),
      forced: this.forced.has(r.item.id),
      waitsFor,
      unblocked,
      notBefore: kind.notBefore(r.payload),
      recheckMs: this.bounds.max,
    };
  }

  /** what a pending operation waits for besides the clock and the network, as its kind says */
  private waitsFor(r: StoredOp): StepContext['waitsFor'] {
    const reason = r.item.pendingReason;
    return r.item.state === 'pending' && reason !== null ? kindOf(this.kinds, r).waitsForPerson(reason) : null;
  }

  /** operations of one group go one after the other (its kind says what a group is) */
  private readonly groupOf = (r: StoredOp): string => kindOf(this.kinds, r).groupOf(r);

  private startAttempt(r: StoredOp, before: StoredOp | undefined): void {
    const id = r.item.id;
    const prior = before?.claim;
    if (before?.item.state === 'sending' && prior && !m.isOurs(prior, this.holder)) {
      this.log(
        `outbox: took over ${id} from process ${prior.pid} ` +
          `(${holderAlive(prior.holder, prior.pid) ? 'claim expired' : 'no longer running'}); sending it again is harmless`,
      );
    }
    this.forced.delete(id);
    // A long send (a large upload on a slow link) renews its claim, so no other process takes
    // the operation over while this one is still sending it.
    const renew = setInterval(() => {
      const until = this.now() + LEASE_MS;
      this.journal.transact((tx) => m.renewClaim(tx, id, this.holder, until)).catch(() => undefined);
    }, LEASE_MS / 3);
    renew.unref();
    const run = this.runAttempt(r).finally(() => {
      clearInterval(renew);
      this.inFlight.delete(id);
      this.kick();
      this.checkSettled();
    });
    this.inFlight.set(id, run);
  }

  private async runAttempt(r: StoredOp): Promise<void> {
    const id = r.item.id;
    let outcome: Outcome<unknown>;
    let activeKeyId: string | null = null;
    try {
      let profile: Profile;
      try {
        profile = await this.deps.getProfile(r.item.profileId);
      } catch (err) {
        throw new CrmError('not_found', `The profile of this operation cannot be read (${toErrorInfo(err).message.replace(/\.$/, '')}).`);
      }
      activeKeyId = profile.activeKeyId;
      this.profileBase.set(profile.id, profile.baseUrl);
      const streaks = { serverErrors: r.serverErrors, unanswered: r.unanswered ?? 0 };
      outcome = await kindOf(this.kinds, r).attempt(r, profile, streaks, (base) => this.contextFor(profile, base), this.host);
    } catch (err) {
      const info = toErrorInfo(err);
      if (info.code === 'not_found') outcome = { kind: 'failed', error: info };
      else {
        this.log(`outbox: unexpected error while sending ${id}: ${info.message}`);
        outcome = { kind: 'pending', reason: 'queued', error: info, delayMs: backoffMs(r.item.attempts, this.bounds, this.random) };
      }
    }
    const kind = kindOf(this.kinds, r);
    const ctx: m.OutcomeContext = {
      now: this.now(),
      probeAt: this.reach.offlineUntil(this.baseOf(r)),
      waitsForPerson: outcome.kind === 'pending' && kind.waitsForPerson(outcome.reason) !== null,
      recorded: (cur) => kind.onPending(cur, outcome, activeKeyId),
    };
    let recorded: StoredOp | null;
    try {
      recorded = await this.journal.transact((tx) => m.recordOutcome(tx, id, this.holder, outcome, ctx));
    } catch (err) {
      // Our claim stays on disk; it is retried when the claim is found ours-but-idle or expires.
      this.log(`outbox: could not record the outcome of ${id}: ${toErrorInfo(err).message}`);
      return;
    }
    if (recorded) await kindOf(this.kinds, recorded).afterRecorded(recorded, outcome);
  }

  /** `base`: the service the attempt's requests go to (its reachability is what they tell) */
  private contextFor(profile: Profile, base: string): AttemptContext {
    return {
      sender: this.deps.sender,
      keyAccess: this.deps.keyAccess,
      profile,
      signal: this.closeCtrl.signal,
      bounds: this.bounds,
      random: this.random,
      now: this.now,
      reachable: () => this.noteReachable(base),
      unreachable: () => this.noteUnreachable(base),
      rateLimited: (ms) => this.reach.rateLimited(base, ms),
    };
  }

  // ---- online detection ----------------------------------------------------------------

  private noteReachable(base: string): void {
    if (!this.reach.answered(base)) return;
    this.log(`outbox: ${base} answers again; sending what waited`);
    for (const r of this.journal.state.values()) {
      // one whose request may have arrived without an answer keeps its own back-off: a server
      // that answers the probe but resets every send does not get it again at each probe
      if (r.item.state === 'pending' && r.item.pendingReason === 'offline' && (r.unanswered ?? 0) === 0 && this.baseOf(r) === base)
        this.forced.add(r.item.id);
    }
    this.kick();
  }

  private noteUnreachable(base: string): void {
    if (!this.reach.failed(base)) return;
    this.markWaitingOffline(base);
  }

  /** shows what waits for an API that just went down as waiting for the network */
  private markWaitingOffline(base: string): void {
    this.log(`outbox: ${base} is unreachable; probing it with back-off`);
    const ids = new Set<string>();
    for (const r of this.journal.state.values()) {
      if (r.item.state === 'pending' && r.item.pendingReason === 'queued' && this.baseOf(r) === base) ids.add(r.item.id);
    }
    if (ids.size === 0) return;
    const at = this.iso();
    const probeAt = this.reach.offlineUntil(base) ?? this.now();
    this.journal
      .transact((tx) => m.markOffline(tx, ids, probeAt, at))
      .catch((err: unknown) => {
        this.log(`outbox: could not record the offline state: ${toErrorInfo(err).message}`);
      });
  }

  private probe(base: string): void {
    const wasOffline = this.reach.get(base)?.offline === true;
    void this.reach.probe(base).then((ok) => {
      if (this.closed) return;
      if (ok) this.noteReachable(base);
      // a first probe found it down (a fresh process during an outage)
      else if (!wasOffline) this.markWaitingOffline(base);
      this.kick();
      this.checkSettled();
    });
  }

  /** the next probe time when the profile's API is known to be unreachable, else null */
  private offlineUntil(profileId: string): number | null {
    return this.reach.offlineUntil(this.profileBase.get(profileId));
  }

  /** the next probe time when the operation's API is known to be unreachable, else null */
  private offlineUntilOf(r: StoredOp): number | null {
    return this.reach.offlineUntil(this.baseOf(r));
  }

  // ---- timer -----------------------------------------------------------------------------

  /**
   * One timer at the earliest moment anything can happen, from the steps the last pass decided
   * (every change that could alter them starts a pass first); none when nothing waits.
   */
  private scheduleWake(): void {
    if (this.closed) return;
    const now = this.now();
    const full = this.inFlight.size >= CONCURRENCY;
    let wake = Infinity;
    for (const [id, step] of this.steps) {
      if (step.kind === 'never' || this.inFlight.has(id)) continue;
      // due, yet not picked for want of a slot: a finishing attempt starts the next pass
      if (step.kind === 'now' && full) continue;
      wake = Math.min(wake, step.kind === 'now' ? now : step.at);
    }
    if (wake === Infinity) {
      this.clearTimer();
      return;
    }
    if (this.timer && this.timerAt === wake) return;
    this.clearTimer();
    this.timerAt = wake;
    // +2 ms: a timer may fire a hair before the clock reaches its time; waking then would find
    // nothing due and cost a second wake-up
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.wakeups++;
        this.kick();
      },
      Math.max(MIN_TIMER_MS, wake - now + 2),
    );
    // The outbox never keeps a process alive by itself (the CLI exits; the app is alive anyway).
    this.timer.unref();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private checkSettled(): void {
    if (this.pumpRunning || this.inFlight.size > 0 || this.reach.probes > 0) return;
    for (const w of this.settleWaiters.splice(0)) w();
  }

  // ---- changes, reports ----------------------------------------------------------------

  /** after every change on disk, ours or another process's: the one place kinds hear of changes */
  private changed(): void {
    this.observeAll();
    // the list is computed only when someone listens
    if (this.changes.hasListeners) this.changes.fire(this.items());
    // operations another process queued, or finished, change what can go next
    this.kick();
  }

  /** each operation to its kind, which tells what is new about it (e.g. a state its listeners hear of once) */
  private observeAll(): void {
    for (const r of this.journal.state.values()) kindOf(this.kinds, r).observe(r);
  }

  private items(): OutboxItem[] {
    return [...this.journal.state.values()].sort((a, b) => a.order - b.order).map((r) => this.toItem(r));
  }

  private toItem(r: StoredOp): OutboxItem {
    const item: OutboxItem = { ...r.item, lastError: r.item.lastError ? { ...r.item.lastError } : null };
    if (item.state === 'pending' && item.pendingReason === 'offline') {
      const until = this.offlineUntilOf(r);
      if (until !== null) item.nextAttemptAt = new Date(until).toISOString();
    }
    return item;
  }

  private assertOpen(): void {
    if (this.closed) throw new CrmError('internal', 'The outbox is closed.');
  }

  private iso(): string {
    return new Date(this.now()).toISOString();
  }
}
