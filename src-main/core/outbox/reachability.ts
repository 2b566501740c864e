// Is an API (a base URL) reachable? Learned from the outcome of real requests (any HTTP answer:
// yes; refused, reset, DNS, timeout: no) and, while it is not, from a cheap probe through the
// sender (HttpSender.probe: a GET of the base URL with no key; any answer, even 401 or 404,
// means it is back). Probes back off exponentially with jitter between the configured bounds. A
// 429 pauses the API for as long as the server asked. In memory only, so a fresh process knows
// nothing: an API it has not heard from is probed before anything waiting is sent to it (a
// process started during an outage must not spend its messages' attempts finding that out).
import type { Backoff } from './policy';
import { backoffMs } from './policy';

export interface Target {
  offline: boolean;
  /** probes that found it still down, plus the failure that took it offline */
  failures: number;
  nextProbeAt: number;
  probing: boolean;
  /** after a 429: nothing is sent to it before this */
  pausedUntil: number;
  /** nothing has answered from it in this process yet: probed before anything is sent */
  unverified?: true;
}

export class Reachability {
  private readonly targets = new Map<string, Target>();
  /** probes in flight */
  probes = 0;

  constructor(
    private readonly now: () => number,
    private readonly random: () => number,
    private readonly bounds: Backoff,
    /** true when anything answered at the base URL; never throws */
    private readonly probeOnce: (base: string) => Promise<boolean>,
  ) {}

  get(base: string | undefined): Target | undefined {
    return base === undefined ? undefined : this.targets.get(base);
  }

  private target(base: string): Target {
    let t = this.targets.get(base);
    if (!t) {
      t = { offline: false, failures: 0, nextProbeAt: 0, probing: false, pausedUntil: 0, unverified: true };
      this.targets.set(base, t);
    }
    return t;
  }

  /** the API's state, created unverified the first time it is asked about */
  ensure(base: string): Target {
    return this.target(base);
  }

  /** an HTTP answer came back; true when this brings an offline API back */
  answered(base: string): boolean {
    const t = this.target(base);
    delete t.unverified;
    if (!t.offline) return false;
    t.offline = false;
    t.failures = 0;
    return true;
  }

  /** no answer; true when this takes the API offline (its first probe is then scheduled) */
  failed(base: string): boolean {
    const t = this.target(base);
    delete t.unverified;
    if (t.offline) return false;
    t.offline = true;
    t.failures = 1;
    t.nextProbeAt = this.now() + backoffMs(1, this.bounds, this.random);
    return true;
  }

  rateLimited(base: string, ms: number): void {
    const t = this.target(base);
    t.pausedUntil = Math.max(t.pausedUntil, this.now() + ms);
  }

  /** the next probe time when the API is known to be down, else null */
  offlineUntil(base: string | undefined): number | null {
    const t = this.get(base);
    return t?.offline ? t.nextProbeAt : null;
  }

  /** probe now (a person asked to sync, or retried) */
  probeSoon(base?: string): void {
    const now = this.now();
    for (const [b, t] of this.targets) if (t.offline && (base === undefined || b === base)) t.nextProbeAt = Math.min(t.nextProbeAt, now);
  }

  /** whether a probe of this offline (or not yet heard from) API is due and not already running */
  probeDue(base: string, now: number): boolean {
    const t = this.targets.get(base);
    if (t === undefined || t.probing) return false;
    return t.unverified === true || (t.offline && t.nextProbeAt <= now);
  }

  /**
   * Probes once; true when the API answered. On no answer the API is offline (a first probe
   * that finds it down takes it offline, as a failed request would) and the next probe is
   * backed off.
   */
  async probe(base: string): Promise<boolean> {
    const t = this.target(base);
    t.probing = true;
    this.probes++;
    let ok = false;
    try {
      ok = await this.probeOnce(base);
    } catch {
      // a probe that fails in an unforeseen way counts as no answer: still offline
    } finally {
      t.probing = false;
      this.probes--;
    }
    if (ok) {
      delete t.unverified;
    } else if (!t.offline) {
      this.failed(base);
    } else {
      t.failures++;
      t.nextProbeAt = this.now() + backoffMs(t.failures, this.bounds, this.random);
    }
    return ok;
  }
}
