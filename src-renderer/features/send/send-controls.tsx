import { useCallback, useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { formatBytes } from '../../../src-main/shared/format';
import { useIsMac } from '../../app/app-port';
import { formatDuration } from '../../lib/format';
import { ClockIcon, CheckIcon } from '../../ui/icons';
import { ErrorMessage } from '../../ui/messages';
import { windowRefusalIn } from '../../../src-main/shared/service-window';
import { QueuedResult } from './queued-result';
import { HeldHint } from './held-hint';
import { focusSendAgain, focusUndo, returnFocusAfterSend, SEND_AGAIN_MARK, UNDO_MARK } from './send-focus';
import { WindowHint } from './window-hint';
import { selectJustCleared, selectNeedsAgain, selectPhase, useSendStore, type SendKind, type SendPhase } from './send-store';
import { usePicked } from '../../app/use-picked';

/**
 * Ctrl+Enter (Cmd+Enter on macOS) anywhere in a send panel (its form or its request preview) sends it, as in chat apps. Right
 * after a success of the same draft it sends nothing: it moves focus to "Send again", so a
 * second press (or a press meant for the first send) is never a second message. Right after
 * the text box was cleared by a success it moves to Undo: an empty text is nothing to send.
 */
export function useSendShortcut(kind: SendKind): (e: KeyboardEvent) => void {
  const submit = useSendStore((s) => s.submit);
  return useCallback(
    (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      e.preventDefault();
      if (selectNeedsAgain(kind)(useSendStore.getState())) {
        focusSendAgain(e.currentTarget);
        return;
      }
      if (selectJustCleared(kind)(useSendStore.getState())) {
        focusUndo(e.currentTarget);
        return;
      }
      void submit(kind);
    },
    [submit, kind],
  );
}

/** Send / Cancel and the live result of the last send of one panel. */
export function SendControls({ kind }: { kind: SendKind }) {
  const phase = useSendStore(selectPhase(kind));
  const needsAgain = useSendStore(selectNeedsAgain(kind));
  const justCleared = useSendStore(selectJustCleared(kind));
  const { undoClear, submit, cancel } = usePicked(useSendStore, 'undoClear', 'submit', 'cancel');
  const ref = useRef<HTMLDivElement>(null);
  const previous = useRef(phase.phase);
  const hintId = useId();
  useEffect(() => {
    const was = previous.current;
    previous.current = phase.phase;
    // bring a finished send's result into view (it may sit below a long form)
    if (phase.phase === 'sent' || phase.phase === 'queued' || phase.phase === 'error') ref.current?.scrollIntoView?.({ block: 'nearest' });
    // the Send button was disabled while sending: give the person the message field back
    if (was === 'sending' && phase.phase !== 'sending') returnFocusAfterSend(ref.current);
  }, [phase.phase]);
  const sending = phase.phase === 'sending';
  const mac = useIsMac();
  return (
    <div className="send-controls" ref={ref}>
      <div className="button-row">
        <button
          type="button"
          className="btn btn-primary"
          // held, not hidden, right after a success: a double click on Send lands here, not on "Send again"
          disabled={sending || needsAgain || justCleared}
          data-testid="send-button"
          onClick={() => void submit(kind)}
          aria-keyshortcuts="Control+Enter Meta+Enter"
          aria-describedby={needsAgain ? hintId : undefined}
          title={`Send (${mac ? '⌘+Enter' : 'Ctrl+Enter'})`}
        >
          Send
        </button>
        {needsAgain && (
          <button
            type="button"
            className="btn"
            disabled={sending}
            data-testid="send-again"
            onClick={() => void submit(kind, { again: true })}
            aria-describedby={hintId}
            {...SEND_AGAIN_MARK}
          >
            Send again
          </button>
        )}
        {/* aria-hidden: the button's aria-keyshortcuts already tells assistive technology */}
        <span className="hint" aria-hidden="true" data-testid="send-shortcut">
          {mac ? '⌘+Enter' : 'Ctrl+Enter'}
        </span>
        {sending && (
          <button type="button" className="btn" onClick={() => void cancel(kind)} disabled={phase.cancelling} data-testid="cancel-send">
            Cancel
          </button>
        )}
      </div>
      {needsAgain && <HeldHint id={hintId} phase={phase} />}
      <div role="status" aria-live="polite" className="send-status" data-testid="send-status">
        <StatusText phase={phase} />
      </div>
      {phase.phase === 'sent' && phase.cleared !== null && (
        <div className="button-row">
          <span className="hint">The message box was cleared for the next message.</span>
          <button type="button" className="btn btn-small" onClick={() => undoClear(kind)} data-testid="undo-clear" {...UNDO_MARK}>
            Undo
          </button>
        </div>
      )}
      {phase.phase === 'error' && <SendError phase={phase} />}
    </div>
  );
}

function StatusText({ phase }: { phase: SendPhase }) {
  switch (phase.phase) {
    case 'sending':
      if (phase.cancelling) return <p>Cancelling…</p>;
      if (phase.waiting)
        return (
          <p className="msg msg-warning" data-testid="send-waiting">
            <ClockIcon /> Rate limited (429): retrying in {phase.waiting.secondsLeft} s (attempt {phase.waiting.attempt} of{' '}
            {phase.waiting.maxAttempts})
          </p>
        );
      if (phase.upload) {
        const { sentBytes, totalBytes } = phase.upload;
        const pct = totalBytes > 0 ? Math.round((sentBytes / totalBytes) * 100) : 0;
        return (
          <div className="upload">
            <progress max={totalBytes || 1} value={sentBytes} aria-label="Upload progress" />
            <span>
              Uploading {formatBytes(sentBytes)} of {formatBytes(totalBytes)} ({pct}%)
            </span>
          </div>
        );
      }
      return <p>Sending…</p>;
    case 'sent':
      // a 2xx is a send even when its body could not be read: say so, never "failed"
      if (phase.message.id === null || !phase.message.understood)
        return (
          <p className="msg msg-success" data-testid="send-result">
            <CheckIcon /> Sent; the server’s answer was not understood (see the Request log)
          </p>
        );
      // the server gave back its stored answer for this Idempotency-Key: nothing new was created
      if (phase.replayed)
        return (
          <p className="msg msg-success" data-testid="send-result">
            <CheckIcon /> Already sent (the server replayed its earlier answer): message <span className="mono">{phase.message.id}</span>
          </p>
        );
      return (
        <p className="msg msg-success" data-testid="send-result">
          <CheckIcon /> Sent: message <span className="mono">{phase.message.id}</span> ({phase.message.status}) in{' '}
          {formatDuration(phase.durationMs)}
        </p>
      );
    case 'queued':
      return <QueuedResult outboxId={phase.outboxId} reason={phase.reason} />;
    case 'cancelled':
      return <p data-testid="send-cancelled">Cancelled; nothing was sent. Your draft is kept.</p>;
    default:
      return null;
  }
}

function SendError({ phase }: { phase: Extract<SendPhase, { phase: 'error' }> }) {
  return (
    <div data-testid="send-error">
      <ErrorMessage error={phase.error} prefix="Not sent" />
      {windowRefusalIn(phase.error.message) !== null && <WindowHint />}
      {phase.retryIn && phase.retryIn.secondsLeft > 0 && (
        <p className="msg msg-warning" data-testid="retry-countdown">
          <ClockIcon /> You can retry in {phase.retryIn.secondsLeft} s.
        </p>
      )}
      <p className="hint">Your draft is kept{hintFor(phase)}.</p>
    </div>
  );
}

function hintFor(phase: Extract<SendPhase, { phase: 'error' }>): string {
  const e = phase.error;
  if (e.code === 'unauthorized' || e.code === 'no_key' || e.code === 'key_revoked') return '; check the active key under Keys';
  if (e.code === 'forbidden') return '; the active key needs the messages:send permission';
  if (e.code === 'not_found') return '; check the endpoint paths under Profiles';
  return '';
}
