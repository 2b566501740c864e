// How a conversation's line reads in a terminal, for `crm conversation` and `crm messages
// --follow` alike: time, direction, text, and for a send how far it got (never better than the
// service said: a send nothing was heard of is "accepted by the service").
import type { ConversationItem } from '../shared/conversation';
import { clean, shortTime } from './format';
import { downloadNote, sharedText } from './rich-line';
import { senderLabel } from '../shared/send-sender';

const STATE_WORDS: Record<string, string> = {
  accepted: 'accepted by the service',
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
};

/** `number` (digits) is shown when the line may be any contact's */
export function lineOf(item: ConversationItem, number?: string): string {
  const who = item.direction === 'out' ? '→' : '←';
  const what =
    clean(sharedText(item) ?? item.text ?? (item.fileName ? `${item.kind}: ${item.fileName}` : item.kind)) + clean(downloadNote(item));
  const state =
    item.direction === 'out'
      ? `  [${item.state === 'failed' ? `failed${item.reason ? `: ${clean(item.reason)}` : ''}` : STATE_WORDS[item.state ?? 'accepted']}]`
      : '';
  // who made a send, where it is known (rows from before senders were kept say nothing)
  const by = item.direction === 'out' && item.sender ? `  (${senderLabel(item.sender).toLowerCase()})` : '';
  return `${shortTime(item.at)}${number === undefined ? '' : ` +${number}`} ${who} ${what}${state}${by}`;
}

/** what a line shows, so a follower prints a line again only when it changed */
export const shownAs = (item: ConversationItem): string =>
  `${item.key}|${item.state ?? ''}|${item.reason ?? ''}|${item.media?.download?.state ?? ''}`;
