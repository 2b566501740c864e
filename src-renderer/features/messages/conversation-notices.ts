// What the conversation says besides its messages, as pure decisions: the 24-hour window warning
// only where the profile's service enforces the window (or was seen refusing a message outside
// it), and a link to Profiles only while the profile's events are not set up.
import type { Conversation, WebhookInfo } from '../../lib/api';
import { windowRefusalIn } from '../../../src-main/shared/service-window';

/** a message of this conversation failed with the service's own "outside the window" refusal */
export function refusedOutsideWindow(conversation: Pick<Conversation, 'items'>): boolean {
  return conversation.items.some((i) => i.direction === 'out' && i.state === 'failed' && windowRefusalIn(i.reason) !== null);
}

/**
 * Warn before a free-form message: the contact is outside the window, and the service is one
 * that refuses such a message (its description says so, or it was seen refusing one).
 */
export function warnsOfWindow(
  conversation: Pick<Conversation, 'insideWindow' | 'items'>,
  enforces: boolean,
  refusalSeen: boolean,
): boolean {
  if (conversation.insideWindow) return false;
  return enforces || refusalSeen || refusedOutsideWindow(conversation);
}

/**
 * Events are not set up: the listener is not running, or nothing of the service ever arrived
 * (and this conversation shows no reply or delivery state either, which would prove otherwise).
 * Unknown (no answer yet): nothing is said.
 */
export function eventsNeedSetup(info: WebhookInfo | null, conversation: Pick<Conversation, 'items'> | null): boolean {
  if (info === null) return false;
  if (info.url === null) return true;
  if (info.eventsArrived) return false;
  return !(conversation?.items.some((i) => i.direction === 'in' || i.state !== null) ?? false);
}
