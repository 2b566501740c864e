// Input rules of quoted replies and reactions: the id of the message referred to, and an emoji.
import type { Problems } from './problems';

/** a service's message id: wamid.…, m_…, SM…: visible ASCII, never a header- or JSON-breaking run */
const MESSAGE_ID = /^[\x21-\x7e]{1,256}$/;
/** one emoji is a few code points (a flag, a skin tone, a family joined by ZWJ); ten is far past any */
const EMOJI_MAX_CODE_POINTS = 10;

export function checkMessageRef(id: string, field: string, label: string, problems: Problems): void {
  if (!MESSAGE_ID.test(id))
    problems.field(field, "must be the message's id as the service gave it: 1 to 256 visible characters, no spaces", label);
}

/** one emoji, or '' to take a reaction back; letters and digits are not a reaction */
export function checkEmoji(emoji: string, problems: Problems): void {
  if (emoji === '') return;
  const points = [...emoji];
  if (
    points.length > EMOJI_MAX_CODE_POINTS ||
    !/\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(emoji) ||
    /[\p{L}\p{N}\s]/u.test(emoji.replace(/[\u{1F3FB}-\u{1F3FF}]/gu, ''))
  ) {
    problems.field('emoji', 'must be one emoji (👍, ❤️), or empty to take the reaction back', 'Emoji');
  }
}
