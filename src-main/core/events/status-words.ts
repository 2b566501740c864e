// What services call the state of a message they took, in one small vocabulary the console
// shows, and the order those states come in. Services word it differently (Meta: sent /
// delivered / read / failed; Twilio adds sending and undelivered; WhatsApp Web bridges count
// acks), and deliver the events out of order or twice: a state never moves back.

export type DeliveryState = 'accepted' | 'sent' | 'delivered' | 'read' | 'failed';

const WORDS: Record<string, DeliveryState> = {
  accepted: 'accepted',
  queued: 'accepted',
  pending: 'accepted',
  sending: 'accepted',
  server_ack: 'sent',
  sent: 'sent',
  delivery_ack: 'delivered',
  delivered: 'delivered',
  read: 'read',
  seen: 'read',
  played: 'read',
  failed: 'failed',
  undelivered: 'failed',
  error: 'failed',
  rejected: 'failed',
  deleted: 'failed',
};

/** WhatsApp Web acks as numbers: 1 server, 2 device, 3 read, 4 played; -1 an error */
const ACKS: Record<number, DeliveryState> = { [-1]: 'failed', 0: 'accepted', 1: 'sent', 2: 'delivered', 3: 'read', 4: 'read' };

/** the state a service's word (or ack number) means; null when it is not a delivery state */
export function deliveryStateOf(word: unknown): DeliveryState | null {
  if (typeof word === 'number' && Number.isInteger(word)) return ACKS[word] ?? null;
  if (typeof word !== 'string') return null;
  return (
    WORDS[
      word
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_')
    ] ?? null
  );
}

const RANK: Record<DeliveryState, number> = { accepted: 0, sent: 1, delivered: 2, failed: 3, read: 4 };

/**
 * The state to keep when `next` arrives after `current`: never backwards (a late "delivered"
 * after "read" changes nothing); "failed" ends a message that was not yet read.
 */
export function laterState(current: DeliveryState | null, next: DeliveryState): DeliveryState {
  if (current === null) return next;
  return RANK[next] > RANK[current] ? next : current;
}
