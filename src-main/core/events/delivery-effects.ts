// What the app made of a delivery, in words: the events it held (a reply from a number, a state
// of a message) and, when it made nothing, why. Pure; the listener's lines (crm webhooks listen),
// the inspector's list and `crm webhooks log` all read these.
import { findMessageEvents } from './event-finder';
import type { DeliveryEffect } from './webhook-delivery';

export function effectsOf(payload: unknown): DeliveryEffect[] {
  return findMessageEvents(payload).map((event) =>
    event.kind === 'received' ? { kind: 'reply', number: event.number, messageId: event.messageId } : { kind: 'state', messageId: event.messageId, state: event.state, reason: event.reason },
  );
}

export function effectWords(effect: DeliveryEffect): string {
  if (effect.kind === 'reply') return `reply from +${effect.number} (${effect.messageId})`;
  return `message ${effect.messageId} ${effect.state}${effect.reason === null ? '' : ` (${effect.reason})`}`;
}

/** the parts of a kept delivery its one line needs */
export interface DeliveryGist {
  status: number;
  verdict: string;
  problem: string | null;
  effects: readonly DeliveryEffect[];
  replayOf: string | null;
  /** how many of its events changed something (a repeat changes nothing); null: unknown */
  changed?: number | null;
}

/** "reply from +5511... (in_1)", "ignored: no message event in it", "refused: signature invalid" */
export function deliveryWords(gist: DeliveryGist): string {
  const replay = gist.replayOf === null ? '' : ' [replay]';
  if (gist.status >= 300) return `refused: ${gist.problem ?? `HTTP ${gist.status}`}${replay}`;
  if (gist.effects.length === 0) return `ignored: ${gist.problem ?? 'no message event in it'}${replay}`;
  const repeat = gist.changed === 0 ? ' (already known: nothing changed)' : '';
  return `${gist.effects.map(effectWords).join('; ')}${repeat}${replay}`;
}
