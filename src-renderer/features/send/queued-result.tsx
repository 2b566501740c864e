import { selectOutboxItems, useOutboxStore } from '../outbox/outbox-store';
import { ErrorMessage } from '../../ui/messages';
import { CheckIcon, ClockIcon } from '../../ui/icons';

/**
 * A send the outbox took: what the outbox says of it NOW (the outbox is the one owner of that
 * state, pushed by outbox:changed), so "Saved to the outbox" becomes "Sent from the outbox" when
 * the connection returns, without the person looking elsewhere.
 */
export function QueuedResult({ outboxId, reason }: { outboxId: string; reason: string }) {
  const item = useOutboxStore((s) => selectOutboxItems(s).find((i) => i.id === outboxId) ?? null);
  if (item?.state === 'sent') {
    return (
      <p className="msg msg-success" data-testid="send-result" role="status">
        <CheckIcon /> Sent from the outbox{item.resultSummary ? <>: message <span className="mono">{item.resultSummary}</span></> : null}
      </p>
    );
  }
  if (item?.state === 'failed' && item.lastError) {
    return (
      <div data-testid="send-error">
        <ErrorMessage error={item.lastError} prefix="The outbox could not send it" />
        <p className="hint">Retry it from the Outbox.</p>
      </div>
    );
  }
  if (item?.state === 'cancelled') return <p data-testid="send-cancelled">Cancelled in the outbox; nothing was sent.</p>;
  return (
    <p className="msg msg-warning" data-testid="send-queued">
      <ClockIcon />
      <span>
        Saved to the outbox; it will be sent when the connection returns.
        <span className="block small">{item?.state === 'sending' ? 'Sending now…' : reason}</span>
      </span>
    </p>
  );
}
