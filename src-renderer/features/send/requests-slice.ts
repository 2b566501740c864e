// Sends in flight and what came of them: one send per panel at a time, its upload progress and
// 429 waits (main reports them as events), the result, cancel, and "Send again" for the draft
// that was just sent. The draft itself is never changed here.
import type { SendDraft } from '../../lib/api';
import { invoke } from '../../lib/api';
import { newRequestId } from '../../lib/ids';
import { buildDraft, draftSignature, KINDS, needsAgain, perKind } from './draft';
import { afterSuccess } from './field-lifecycle';
import { missingFile } from './fields';
import type { DataOf, RequestsSlice, SendSlice } from './send-state';
import type { Countdown, SendKind, SendPhase } from './send-types';
import { useWindowRefusals } from './window-refusals';
import { guardLiveAct } from '../profiles/live-confirm';
import { templateRefusal } from './template-refusal';

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

  /**
   * Puts a send's outcome where its request now lives: the visible panel, or the panel of the
   * profile that was active when it was sent (parked since). Returns true when it is the visible
   * one. A request no panel holds any more (cancelled, replaced) is left alone.
   */
  const settle = (kind: SendKind, requestId: string, phase: SendPhase, sent: string | null): boolean => {
    const cur = get().send[kind];
    if (cur.phase === 'sending' && cur.requestId === requestId) {
      stopCountdown(kind);
      set((s) => ({ send: { ...s.send, [kind]: phase }, sentDraft: { ...s.sentDraft, [kind]: sent } }));
      return true;
    }
    const owner = Object.entries(get().parked).find(([, p]) => {
      const was = p.send[kind];
      return was.phase === 'sending' && was.requestId === requestId;
    })?.[0];
    if (owner !== undefined)
      set((s) => {
        const p = s.parked[owner]!;
        return {
          parked: { ...s.parked, [owner]: { ...p, send: { ...p.send, [kind]: phase }, sentDraft: { ...p.sentDraft, [kind]: sent } } },
        };
      });
    return false;
  };

  /** false when the check refused the template (its reason is the result) or Cancel was pressed while it was asked */
  const templateCheckPassed = async (kind: SendKind, requestId: string, draft: SendDraft): Promise<boolean> => {
    const refusal = await templateRefusal(draft);
    if (refusal !== null) {
      settle(kind, requestId, { phase: 'error', error: refusal, retryIn: null }, null);
      return false;
    }
    // main never heard of this request: a Cancel meanwhile is the end of it
    const now = get().send[kind];
    if (now.phase === 'sending' && now.requestId === requestId && now.cancelling) {
      settle(kind, requestId, { phase: 'cancelled' }, null);
      return false;
    }
    return true;
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
      const profileId = get().profileId;
      // what the panel said before: a refused repeat of the same draft leaves it standing
      const before = get().send[kind];
      const draft = buildDraft(get(), kind);
      const signature = draftSignature(draft);
      // a live profile after a practice one asks first; "no" leaves the panel as it was
      const go = guardLiveAct('send', profileId, draft.number);
      if (go !== true && !(await go)) return;
      setPhase(kind, { phase: 'sending', requestId, cancelling: false, upload: null, waiting: null });
      // a template the service will refuse (not approved, no such language) is not sent: the reason shows as the result;
      // only a template waits for the check, so the other panels hand their draft to main at once
      if (draft.kind === 'template' && !(await templateCheckPassed(kind, requestId, draft))) return;
      const r = await invoke('send:submit', { draft, requestId, ...(again ? { again: true } : {}) });
      // The draft is never touched here: an error or a queue keeps everything the person typed.
      if (r.ok) {
        const o = r.value;
        if (o.status === 'sent') {
          // an answer the app could not read is not a definite success: main keeps the draft's
          // Idempotency-Key, so pressing Send again replays instead of making a second message
          const accepted = o.message.understood;
          // the service took it: the text box is free for the next message (Undo brings it back)
          const cleared =
            accepted && kind === 'text' && get().text.text === (draft.kind === 'text' ? draft.text : null) ? get().text.text : null;
          const visible = settle(
            kind,
            requestId,
            { phase: 'sent', message: o.message, durationMs: o.durationMs, replayed: o.replayed === true, cleared },
            accepted ? signature : null,
          );
          if (visible && cleared !== null) set({ text: { text: '' } });
          // the panel starts over: the emptied box is not "Text is empty" until the next try
          if (visible && accepted) set((s) => afterSuccess(s, kind));
        }
        // main holds a draft handed to the outbox like a sent one (a second Send would be a
        // second message): the panel holds it too, and offers "Send again"
        else settle(kind, requestId, { phase: 'queued', outboxId: o.outboxId, reason: o.reason }, signature);
        return;
      }
      if (r.error.code === 'conflict' && !again) {
        // main refuses the same draft right after it was sent or handed to the outbox, even when
        // this store forgot it (a reloaded window). Nothing failed: what the panel said before
        // stands, and the draft now needs "Send again" here too.
        settle(kind, requestId, before.phase === 'sent' || before.phase === 'queued' ? before : { phase: 'idle' }, signature);
        return;
      }
      if (r.error.code === 'cancelled') {
        settle(kind, requestId, { phase: 'cancelled' }, null);
        return;
      }
      useWindowRefusals.getState().noteFailure(profileId, r.error.message);
      const retryIn = r.error.retryAfterMs != null ? { secondsLeft: Math.max(1, Math.ceil(r.error.retryAfterMs / 1000)) } : null;
      if (settle(kind, requestId, { phase: 'error', error: r.error, retryIn }, null) && retryIn) startCountdown(kind);
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

    resumeCountdowns: (elapsedMs) => {
      const gone = Math.floor(elapsedMs / 1000);
      for (const kind of KINDS) {
        const cur = get().send[kind];
        if (cur.phase !== 'error' || !cur.retryIn) continue;
        const secondsLeft = cur.retryIn.secondsLeft - gone;
        setPhase(kind, { ...cur, retryIn: secondsLeft > 0 ? { secondsLeft } : null });
        if (secondsLeft > 0) startCountdown(kind);
      }
    },

    undoClear: (kind) => {
      const cur = get().send[kind];
      if (cur.phase !== 'sent' || cur.cleared === null || kind !== 'text') return;
      setPhase(kind, { ...cur, cleared: null });
      // the text just sent is back: Send is held for it, "Send again" offered (needsAgain)
      get().setText(cur.cleared);
    },

    dismissResult: (kind) => {
      if (get().send[kind].phase === 'sending') return;
      stopCountdown(kind);
      setPhase(kind, { phase: 'idle' });
    },
  };
};
