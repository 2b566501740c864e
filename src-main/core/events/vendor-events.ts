// The message events of any payload a service sent: a vendor whose events must be read by their
// name (its own file, listed in VENDOR_READERS) is read that way; any other shape goes to the
// field-name finder (event-finder.ts). A payload that repeats one event (the same state of the
// same message twice) yields it once, so one delivery counts once. Pure.
import { evolutionEvents } from './evolution-events';
import { findMessageEvents, type MessageEvent } from './event-finder';
import { watiEvents } from './wati-events';

/** each returns null when the payload is not its vendor's */
const VENDOR_READERS: readonly ((payload: unknown) => MessageEvent[] | null)[] = [evolutionEvents, watiEvents];

function identity(event: MessageEvent): string {
  return event.kind === 'status' ? `status:${event.messageId}:${event.state}` : `received:${event.messageId}`;
}

export function findVendorEvents(payload: unknown): MessageEvent[] {
  let events: MessageEvent[] | null = null;
  for (const read of VENDOR_READERS) {
    events = read(payload);
    if (events !== null) break;
  }
  const seen = new Set<string>();
  return (events ?? findMessageEvents(payload)).filter((event) => {
    const key = identity(event);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
