// What will happen to a message just accepted, decided at once and without effects (the clock
// carries it out): the statuses it goes through, each at a delay from acceptance, and whether
// its recipient answers. A failing number's free-form message goes from queued straight to
// failed, as WhatsApp refuses one outside the 24-hour window; it gets no answer. A template is
// what may always go, so it is delivered like any other.
import type { EventSettings } from './event-options';
import type { MessageType } from '../message-validation';
import type { FailReason, StatusEvent } from './event-types';
import type { ReplyMediaKind } from './media-samples';

export interface PlannedStatus {
  afterMs: number;
  status: StatusEvent['status'];
  error: FailReason | null;
}

export interface MessagePlan {
  statuses: PlannedStatus[];
  /** null: no answer */
  reply: { afterMs: number; text: string; media: ReplyMediaKind | 'location' | 'contacts' | null } | null;
}

export function planFor(number: string, type: MessageType, settings: EventSettings, failReason: FailReason): MessagePlan {
  const [sent, delivered, read] = settings.statusDelaysMs;
  if (settings.failNumbers.has(number) && type !== 'template') {
    return { statuses: [{ afterMs: sent, status: 'failed', error: failReason }], reply: null };
  }
  return {
    statuses: [
      { afterMs: sent, status: 'sent', error: null },
      { afterMs: delivered, status: 'delivered', error: null },
      { afterMs: read, status: 'read', error: null },
    ],
    reply: settings.replyFrom.has(number) ? { afterMs: settings.replyDelayMs, text: settings.replyText, media: settings.replyMedia } : null,
  };
}
