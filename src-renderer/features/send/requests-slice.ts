// Sends in flight and what came of them: one send per panel at a time, its upload progress and
// 429 waits (main reports them as events), the result, cancel, and "Send again" for the draft
// that was just sent. The draft itself is never changed here.
import { invoke } from '../../lib/api';
import { newRequestId } from '../../lib/ids';
import { buildDraft, draftSignature, KINDS, needsAgain, perKind } from './draft';
import { missingFile } from './fields';
import type { DataOf, RequestsSlice, SendSlice } from './send-state';
import type { Countdown, SendKind, SendPhase } from './send-types';

const countdownTimers: Partial<Record<SendKind, ReturnType<typeof setInterval>>> = {};

function stopCountdown(kind: SendKind): void {
  clearInterval(countdownTimers[kind]);
  delete countdownTimers[kind];
}

/** Stops every visible countdown (reset). */
export function stopCountdowns(): void {
  for (const k of KINDS) stopCountdown(k);
}

export function initialRequestsState(): DataOf<RequestsSlice> {
  return {
    send: perKind<SendPhase>(() => ({ phase: 'idle' })),
    sentDraft: perKind<string | null>(() => null),
  };
}

const tick = (c: Countdown | null): Countdown | null => (c ? { secondsLeft: Math.max(0, c.secondsLeft - 1) } : null);

export const createRequestsSlice: SendSlice<RequestsSlice> = (set, get) => {
  const setPhase = (kind: SendKind, phase: SendPhase) => set((s) => ({ send: { ...s.send, [kind]: phase } }));
  const setSentDraft = (kind: SendKind, signature: string | null) => set((s) => ({ sentDraft: { ...s.sentDraft, [kind]: signature } }));

  /** Ticks the visible countdown (a 429 wait or a retry-after on error) once a second. */
  const startCountdown = (kind: SendKind) => {
    stopCountdown(kind);
    countdownTimers[kind] = setInterval(() => {
      const cur = get().send[kind];
      if (cur.phase === 'sending' && cur.waiting) {
        const waiting = { ...cur.waiting, secondsLeft: Math.max(0, cur.waiting.secondsLeft - 1) };
        setPhase(kind, { ...cur, waiting });
        if (waiting.secondsLeft === 0) stopCountdown(kind);
      } else if (cur.phase === 'error' && cur.retryIn) {
        const retryIn = tick(cur.retryIn);
        setPhase(kind, { ...cur, retryIn });
        if (!retryIn || retryIn.secondsLeft === 0) stopCountdown(kind);
      } else {
        stopCountdown(kind);
      }
    }, 1000);
  };

  return {
    ...initialRequestsState(),

    submit: async (kind, options = {}) => {
      const again = options.again === true;
      if (get().send[kind].phase === 'sending') return;
      // the same draft right after its success is a second message: only "Send again" sends it
      if (!again && needsAgain(get(), kind)) return;
      stopCountdown(kind);
      if (!get().attempted[kind]) set((s) => ({ attempted: { ...s.attempted, [kind]: true } }));
      if (missingFile(get(), kind)) {
        // nothing to send: the panel says to choose a file (and an earlier result is not left showing)
        setPhase(kind, { phase: 'idle' });
        return;
      }
      const requestId = newRequestId();
      const draft = buildDraft(get(), kind);
      const signature = draftSignature(draft);
      setPhase(kind, { phase: 'sending', requestId, cancelling: false, upload: null, waiting: null });
      const r = await invoke('send:submit', { draft, requestId, ...(again ? { again: true } : {}) });
      const cur = get().send[kind];
      if (cur.phase !== 'sending' || cur.requestId !== requestId) return;
      stopCountdown(kind);
      // The draft is never touched here: an error or a queue keeps everything the person typed.
      if (r.ok) {
        const o = r.value;
        if (o.status === 'sent') {
          setPhase(kind, { phase: 'sent', message: o.message, durationMs: o.durationMs, replayed: o.replayed === true });
          // an answer the app could not read is not a definite success: main keeps the draft's
          // Idempotency-Key, so pressing Send again replays instead of making a second message
          setSentDraft(kind, o.message.understood ? signature : null);
        } else {
          setPhase(kind, { phase: 'queued', outboxId: o.outboxId, reason: o.reason });
          setSentDraft(kind, null);
        }
        return;
      }
      // main refuses the same draft right after its success even when this store forgot it
      // (a reloaded window): from now on this draft needs "Send again" here too
      setSentDraft(kind, r.error.code === 'conflict' && !again ? signature : null);
      if (r.error.code === 'cancelled') {
        setPhase(kind, { phase: 'cancelled' });
        return;
      }
      const retryIn = r.error.retryAfterMs != null ? { secondsLeft: Math.max(1, Math.ceil(r.error.retryAfterMs / 1000)) } : null;
      setPhase(kind, { phase: 'error', error: r.error, retryIn });
      if (retryIn) startCountdown(kind);
    },

    cancel: async (kind) => {
      const cur = get().send[kind];
      if (cur.phase !== 'sending' || cur.cancelling) return;
      setPhase(kind, { ...cur, cancelling: true });
      await invoke('send:cancel', { requestId: cur.requestId });
    },

    onProgress: (event) => {
      const kind = KINDS.find((k) => {
        const p = get().send[k];
        return p.phase === 'sending' && p.requestId === event.requestId;
      });
      if (!kind) return;
      const cur = get().send[kind];
      if (cur.phase !== 'sending') return;
      if (event.kind === 'upload') {
        setPhase(kind, { ...cur, upload: { sentBytes: event.sentBytes, totalBytes: event.totalBytes }, waiting: null });
        stopCountdown(kind);
      } else {
        const secondsLeft = Math.max(1, Math.ceil(event.retryAfterMs / 1000));
        setPhase(kind, { ...cur, waiting: { secondsLeft, attempt: event.attempt, maxAttempts: event.maxAttempts } });
        startCountdown(kind);
      }
    },

    dismissResult: (kind) => {
      if (get().send[kind].phase === 'sending') return;
      stopCountdown(kind);
      setPhase(kind, { phase: 'idle' });
    },
  };
};
