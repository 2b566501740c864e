// WhatsApp's 24-hour customer-service window as each service shows it. A free-form message to a
// contact who has not written in the last 24 hours is refused, and each service words that
// refusal its own way: one table maps them all to one plain hint. Whether to warn before sending
// depends on the service: the WhatsApp Business APIs enforce the window, the default API
// (docs/API.md) does not. Pure: main and the window import it.
import type { ApiDescription, Template } from './api-description';

/** One service's own refusal for "outside the window", as it reaches the person (an error's message, a failed delivery's reason). */
export interface WindowRefusal {
  service: string;
  /** the code or text the service answers with */
  says: string;
  matches: (text: string) => boolean;
}

const word = (code: string) => (text: string) => new RegExp(`(^|[^0-9])${code}([^0-9]|$)`).test(text);

/**
 * Evolution API has no refusal of its own: on a WhatsApp Web session there is no window, and on
 * the Cloud API it passes Meta's 131047 through (matched by Meta's row).
 */
export const WINDOW_REFUSALS: readonly WindowRefusal[] = [
  { service: 'Meta WhatsApp Cloud API (also 360dialog)', says: 'error 131047 "Re-engagement message"', matches: word('131047') },
  { service: 'Twilio WhatsApp', says: 'error 63016', matches: word('63016') },
  { service: 'Wati', says: '"Ticket has been expired"', matches: (text) => /ticket has been expired/i.test(text) },
];

export const OUTSIDE_WINDOW_HINT = 'This contact has not written in the last 24 hours: send an approved template';

/** The row whose refusal this text is, or null when it is about something else. */
export function windowRefusalIn(text: string | null | undefined): WindowRefusal | null {
  if (!text) return null;
  return WINDOW_REFUSALS.find((r) => r.matches(text)) ?? null;
}

/**
 * Whether the profile's service enforces the window, so the window warns before a free-form
 * message: read from its Send Text, which the person learned from the service's own example (a
 * Meta or 360dialog body with `messaging_product`, a Twilio `whatsapp:` recipient, Wati's
 * session message); never for the default API. A service this cannot tell is learned from its
 * first refusal instead (windowRefusalIn).
 */
export function enforcesWindow(api: ApiDescription | null): boolean {
  if (api === null) return false;
  const text = api.operations['messages.text'];
  if (!text) return false;
  if (/sendSessionMessage/i.test(text.path)) return true;
  if (text.credential?.in === 'header' && /^d360-api-key$/i.test(text.credential.name)) return true;
  const leaves = [
    ...templateKeysAndPrefixes(text.body),
    ...text.query.flatMap((q) => [q.name, ...(typeof q.value === 'string' ? [q.value] : [q.value.prefix ?? ''])]),
  ];
  return leaves.some((leaf) => leaf === 'messaging_product' || /^whatsapp:/i.test(leaf));
}

/** every key, constant string and role prefix in a body template */
function templateKeysAndPrefixes(t: Template | null): string[] {
  if (t === null || typeof t !== 'object') return typeof t === 'string' ? [t] : [];
  if (Array.isArray(t)) return t.flatMap(templateKeysAndPrefixes);
  if ('$role' in t && typeof t.$role === 'string') return [typeof t.prefix === 'string' ? t.prefix : ''];
  if ('$number' in t || '$literal' in t) return [];
  return Object.entries(t).flatMap(([k, v]) => [k, ...templateKeysAndPrefixes(v as Template)]);
}
