import { selectOutboxItems, useOutboxStore } from '../outbox/outbox-store';
import { IN_OUTBOX_NEXT, OUTBOX_STATE_WORDS, outboxCause } from '../outbox/outbox-words';
import { ErrorMessage } from '../../ui/messages';
import { CheckIcon, ClockIcon } from '../../ui/icons';

/**
 * A send the outbox took: what the outbox says of it NOW (the outbox is the one owner of that
 * state, pushed by outbox:changed), so "In the outbox" becomes "Sent from the outbox" when
 * the connection returns, without the person looking elsewhere. One sentence per state, worded
 * as the Outbox screen words it.
 */
export function QueuedResult({ outboxId, reason }: { outboxId: string; reason: string }) {
  const item = useOutboxStore((s) => selectOutboxItems(s).find((i) => i.id === outboxId) ?? null);
  if (item?.state === 'sent') {
    return (
      <p className="msg msg-success" data-testid="send-result" role="status">
        <CheckIcon /> {OUTBOX_STATE_WORDS.sent}
        {item.resultSummary ? (
          <>
            : message <span className="mono">{item.resultSummary}</span>
          </>
        ) : null}
      </p>
    );
  }
  if (item?.state === 'failed' && item.lastError) {
    return (
      <div data-testid="send-error">
        <ErrorMessage error={item.lastError} prefix={OUTBOX_STATE_WORDS.failed} />
        <p className="hint">Retry it from the Outbox.</p>
      </div>
    );
  }
  if (item?.state === 'cancelled') return <p data-testid="send-cancelled">{OUTBOX_STATE_WORDS.cancelled}; nothing was sent.</p>;
  if (item?.state === 'sending')
    return (
      <p className="msg msg-warning" data-testid="send-queued">
        <ClockIcon /> {OUTBOX_STATE_WORDS.sending}…
      </p>
    );
  const cause = outboxCause(reason);
  return (
    <p className="msg msg-warning" data-testid="send-queued">
      <ClockIcon />
      <span>
        {OUTBOX_STATE_WORDS.pending}: {IN_OUTBOX_NEXT}
        {cause && <span className="block small">{cause}</span>}
      </span>
    </p>
  );
}
