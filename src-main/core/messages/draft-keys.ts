// The Idempotency-Key of each send panel's draft (docs/ARCHITECTURE.md, rule 9). Pure state, no
// I/O: send-session.ts feeds it what each send came back with.
//
// - One key per panel, shown by the preview and carried by the next send of that content.
// - An ambiguous answer (5xx, 408, 409, 429, reset, timeout, a 2xx the app could not read) may
//   mean the server created the message: the key stays bound to exactly that content, so
//   sending it again is a replay, never a second message. Other content gets another key (it is
//   another message; the old key would only earn an idempotency_mismatch).
// - A definite answer (a 2xx the app read, a 2xx saying the message was not sent, a definite
//   4xx rejection, a hand-off to the outbox) uses the key up: the next send gets a new one.
//   After a success the same content needs an explicit "send again" (`wasJustSent`), so a
//   second Ctrl+Enter is not a second message.
// - A request that never left (a local problem, connection refused) changes nothing.
import { CrmError } from '../errors';
import type { SendResult } from '../services';

export type Verdict = 'definite' | 'ambiguous' | 'unsent';

/** statuses that do not say whether the server acted: it may have created the message */
const AMBIGUOUS_STATUS = new Set([408, 409, 425, 429]);
/** failures found before anything went on the wire */
const LOCAL_CODES = new Set([
  'validation',
  'file_too_large',
  'file_unreadable',
  'no_key',
  'key_held_back',
  'keychain_unavailable',
  'conflict',
]);

export function verdictOf(outcome: { ok: true; result: SendResult } | { ok: false; error: unknown }): Verdict {
  if (outcome.ok) {
    if (outcome.result.status === 'queued') return 'definite'; // the outbox sends it, with this key
    return outcome.result.message.understood ? 'definite' : 'ambiguous';
  }
  const err = outcome.error;
  if (!(err instanceof CrmError)) return 'ambiguous';
  // a 2xx whose body says the message was not sent: the service answered, definitely
  if (err.code === 'refused_by_service') return 'definite';
  if (err.status === undefined) return err.unsent || LOCAL_CODES.has(err.code) ? 'unsent' : 'ambiguous';
  if (err.status >= 400 && err.status <= 499 && !AMBIGUOUS_STATUS.has(err.status)) return 'definite';
  return 'ambiguous';
}

interface Panel {
  /** the key for content not sent yet */
  fresh: string;
  /** the last content whose send got an ambiguous answer, and the key it carried */
  pending: { content: string; key: string } | null;
  /** the content of the last definite success, until another send */
  sent: string | null;
}

export class DraftKeys {
  private readonly panels = new Map<string, Panel>();

  constructor(private readonly mint: () => string) {}

  /** the key the next send of `content` from `panel` carries (the preview shows the same) */
  keyFor(panel: string, content: string): string {
    const state = this.panel(panel);
    return state.pending?.content === content ? state.pending.key : state.fresh;
  }

  /** true right after a definite success of exactly this content (Send needs a change or "send again") */
  wasJustSent(panel: string, content: string): boolean {
    return this.panel(panel).sent === content;
  }

  /** what the send of `content` with `key` came back with */
  settle(panel: string, content: string, key: string, verdict: Verdict, succeeded: boolean): void {
    if (verdict === 'unsent') return;
    const state = this.panel(panel);
    if (key === state.fresh) state.fresh = this.mint();
    if (verdict === 'ambiguous') {
      state.pending = { content, key };
      state.sent = null;
      return;
    }
    if (state.pending?.key === key) state.pending = null;
    state.sent = succeeded ? content : null;
  }

  private panel(name: string): Panel {
    let state = this.panels.get(name);
    if (!state) {
      state = { fresh: this.mint(), pending: null, sent: null };
      this.panels.set(name, state);
    }
    return state;
  }
}
