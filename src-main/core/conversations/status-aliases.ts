// A service that names one message by several ids (Wati: its own id, WhatsApp's, a template's
// local id) reports a state under all of them: the state is kept under the one this app's send
// recorded, so the conversation line shows it. With none recorded (a message sent elsewhere), the
// event's own id is kept.
import type { StatusEvent } from '../events/event-finder';

/** `recorded`: which of these ids this app's sends recorded */
export function underRecordedId(
  statuses: readonly StatusEvent[],
  recorded: (ids: readonly string[]) => ReadonlySet<string>,
): StatusEvent[] {
  const aliased = statuses.filter((s) => (s.aliases ?? []).length > 0);
  if (aliased.length === 0) return [...statuses];
  const known = recorded(aliased.flatMap((s) => [s.messageId, ...(s.aliases ?? [])]));
  return statuses.map(({ aliases, ...status }) => {
    if (known.has(status.messageId)) return status;
    const alias = (aliases ?? []).find((id) => known.has(id));
    return alias === undefined ? status : { ...status, messageId: alias };
  });
}
