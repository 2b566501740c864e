// The whole-request deadline of every attempt in flight (request-deadline.ts), kept by one timer
// per client instead of an AbortController and a timer per attempt: those cost about 10 us of
// CPU per request, most of a small send's own work (docs/performance.md, "A send").
//
// Each attempt gets a plain object undici takes as its signal (undici listens to anything with
// addEventListener/removeEventListener, api-request.js): aborting it aborts the request, before
// or after its headers, as an AbortSignal would. The client's one timer is armed for the earliest
// deadline in flight; with the same deadline for every attempt a new one is never the earliest,
// so a send adds a Set entry and removes it, and the timer fires once per deadline period at
// most. When it fires, every attempt past its deadline is aborted and the timer is armed for the
// next one, so a hung service still ends at its deadline (to the timer's millisecond), with the
// same error as before. The timer is unref'd: the requests keep a process alive, not it.
import { performance } from 'node:perf_hooks';
import type { Dispatcher } from 'undici';

type AbortListener = () => void;

const MAX_TIMER_MS = 2 ** 31 - 1;

/** One attempt's deadline and cancel, and the signal undici is handed for it. */
export class AttemptDeadline {
  aborted = false;
  reason: unknown = undefined;
  /** the deadline ended the attempt (not the caller) */
  expired = false;
  /** undici adds one listener per request; more are kept in case */
  private listener: AbortListener | null = null;
  private more: AbortListener[] | null = null;

  constructor(
    readonly dueAt: number,
    readonly ms: number,
  ) {}

  addEventListener(type: string, listener: AbortListener): void {
    if (type !== 'abort') return;
    if (this.listener === null) this.listener = listener;
    else (this.more ??= []).push(listener);
  }

  removeEventListener(type: string, listener: AbortListener): void {
    if (type !== 'abort') return;
    if (this.listener === listener) this.listener = null;
    else if (this.more !== null) this.more = this.more.filter((l) => l !== listener);
  }

  /** Aborts the attempt's request once; a later call does nothing. */
  abort(reason?: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    // the reason an AbortController gives when none is named
    this.reason = reason ?? new DOMException('This operation was aborted', 'AbortError');
    const listeners = [this.listener, ...(this.more ?? [])];
    this.listener = null;
    this.more = null;
    for (const listener of listeners) listener?.();
  }

  /** what undici's request() takes as its signal: it only listens for 'abort' and reads aborted/reason */
  get signal(): Dispatcher.RequestOptions['signal'] {
    return this as unknown as Dispatcher.RequestOptions['signal'];
  }
}

export class AttemptDeadlines {
  private readonly pending = new Set<AttemptDeadline>();
  private timer: NodeJS.Timeout | null = null;
  /** when the armed timer fires; Infinity when none is armed */
  private armedFor = Infinity;

  /** An attempt that ends `ms` from now unless `end` is called first. */
  start(ms: number): AttemptDeadline {
    // what setTimeout made of a deadline that is not a positive number: 1 ms
    const attempt = new AttemptDeadline(performance.now() + (ms >= 1 ? ms : 1), ms);
    this.pending.add(attempt);
    if (attempt.dueAt < this.armedFor) this.arm(attempt.dueAt);
    return attempt;
  }

  /** The attempt is over: its deadline no longer applies. The timer stays armed (it finds nothing, or re-arms). */
  end(attempt: AttemptDeadline): void {
    this.pending.delete(attempt);
  }

  /** attempts in flight, for tests */
  get size(): number {
    return this.pending.size;
  }

  /** Stops the timer; attempts still in flight lose their deadline (the client is closing them). */
  close(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.armedFor = Infinity;
    this.pending.clear();
  }

  private arm(dueAt: number): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.armedFor = dueAt;
    // past setTimeout's longest wait (about 24.8 days) it would fire at once: it fires then and re-arms
    const delay = Math.min(MAX_TIMER_MS, Math.max(1, Math.ceil(dueAt - performance.now())));
    this.timer = setTimeout(() => this.fire(), delay);
    this.timer.unref();
  }

  private fire(): void {
    this.timer = null;
    this.armedFor = Infinity;
    const now = performance.now();
    let next = Infinity;
    const due: AttemptDeadline[] = [];
    for (const attempt of this.pending) {
      if (attempt.dueAt <= now) due.push(attempt);
      else if (attempt.dueAt < next) next = attempt.dueAt;
    }
    for (const attempt of due) {
      this.pending.delete(attempt);
      attempt.expired = true;
      attempt.abort();
    }
    if (next !== Infinity && next < this.armedFor) this.arm(next);
  }
}
