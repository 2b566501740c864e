// Which saved keys a text holds: the test behind every leak notice and every refused send. It
// asks the scrubber itself (redact.ts: runs of LEAK_RUN characters in any case, the key's HTTP
// Basic / base64 wire forms, JSON and percent escapes) whether it would cut anything, so a key
// counts as found exactly where it would be cut from a log. Only the part of a key that is its
// own is asked about: a conventional prefix ("sk_live_", "crm_sk_") is shared by every key of a
// service, and a text holding another key of the same prefix must not name this one. Pure.
import { keyUser } from '../http/basic-pair';
import { LEAK_RUN, scrubSecret } from '../http/scrub/redact';

export interface KeyValue {
  id: string;
  value: string;
}

/** leading `word_` / `word-` groups, as services start their keys (at most three, each short) */
const CONVENTIONAL_PREFIX = /^(?:[A-Za-z0-9]{1,10}[_-]){1,3}/;

/**
 * the key without its conventional prefix, unless too little would be left to find. A key written
 * USER:SECRET (HTTP Basic's pair, basic-pair.ts) is found by its secret: the user is an account id
 * that every answer of such a service repeats (Twilio's account_sid), which is no leak.
 */
export function ownPart(value: string): string {
  const user = keyUser(value);
  const secret = user === null ? value : value.slice(user.length + 1);
  const base = secret.length >= LEAK_RUN ? secret : value;
  const prefix = CONVENTIONAL_PREFIX.exec(base)?.[0] ?? '';
  const rest = base.slice(prefix.length);
  return rest.length >= LEAK_RUN ? rest : base;
}

/** true when `text` holds a run of the key's own part the scrubbers would cut */
export function holdsKey(text: string, value: string): boolean {
  return scrubSecret(text, ownPart(value)) !== text;
}

/** the ids of the keys `text` holds, in the order given */
export function keysIn(text: string, keys: readonly KeyValue[]): string[] {
  return keys.filter((key) => holdsKey(text, key.value)).map((key) => key.id);
}

/** every string in a JSON-like value (an operation's input: text, caption, template parameters…) */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, out);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) stringsIn(item, out);
  return out;
}
