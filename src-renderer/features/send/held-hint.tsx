import { selectOutboxItems, useOutboxStore } from '../outbox/outbox-store';
import { OUTBOX_STATE_WORDS } from '../outbox/outbox-words';
import type { SendPhase } from './send-types';

/**
 * Why Send is held for the unchanged draft: it was just sent, or it is in the outbox (main
 * refuses a second Send of either without "Send again"). Worded as the result above it says.
 */
export function HeldHint({ id, phase }: { id: string; phase: SendPhase }) {
  const outboxId = phase.phase === 'queued' ? phase.outboxId : null;
  const waiting = useOutboxStore((s) => {
    const item = outboxId === null ? null : selectOutboxItems(s).find((i) => i.id === outboxId);
    return item?.state === 'pending' || item?.state === 'sending' || (outboxId !== null && !item);
  });
  return (
    <p id={id} className="hint send-again-hint" data-testid="send-again-hint">
      {waiting ? `This message is ${OUTBOX_STATE_WORDS.pending.toLowerCase()}.` : 'This message was just sent.'} Change it to send another,
      or choose Send again to send it once more.
    </p>
  );
}
