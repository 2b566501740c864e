// What the console assumes about a key (docs/API.md): 8..512 printable ASCII characters, no white
// space. Messages never echo the value.
import { CrmError } from '../errors';
import { scrubSecret } from '../http/scrub/redact';
import { LIMITS, charCount } from '../limits';

export const KEY_MIN = 8;
export const KEY_MAX = 512;
export const KEY_FORMAT_MESSAGE = `An API key is ${KEY_MIN} to ${KEY_MAX} printable ASCII characters with no spaces.`;

export function checkKeyValue(value: string): void {
  if (/^[\x21-\x7e]+$/.test(value) && value.length >= KEY_MIN && value.length <= KEY_MAX) return;
  let why: string;
  if (value.length === 0) why = 'Paste the key first.';
  else if (/\s/.test(value)) why = 'The value contains white space (a space, tab or line break): copy the key alone.';
  else if (value.length < KEY_MIN) why = `The value is only ${value.length} characters long.`;
  else if (value.length > KEY_MAX) why = `The value is ${value.length} characters long.`;
  else why = 'The value contains characters other than printable ASCII.';
  const message = `${KEY_FORMAT_MESSAGE} ${why}`;
  throw new CrmError('validation', message, { details: [{ field: 'value', message }] });
}

export function checkKeyName(raw: string): string {
  const name = raw.trim();
  const length = charCount(name);
  let problem: string | null = null;
  if (length === 0) problem = 'Give the key a name.';
  else if (length > LIMITS.keyNameChars) problem = `A key name is at most ${LIMITS.keyNameChars} characters (this one has ${length}).`;
  // eslint-disable-next-line no-control-regex
  else if (/[\u0000-\u001f\u007f]/.test(name)) problem = 'A key name cannot contain control characters.';
  if (problem) throw new CrmError('validation', problem, { details: [{ field: 'name', message: problem }] });
  return name;
}

/** last 4 characters: enough to tell keys apart, useless to an attacker */
export function fingerprintOf(value: string): string {
  return value.slice(-4);
}

/**
 * Whether a server key list entry (fetched WITH `value`) is that key: its prefix starts the
 * value, or the sender already scrubbed it to `***` because it is a run of the key in use.
 */
export function isOwnListEntry(prefix: string, value: string): boolean {
  return listEntryIsKey(prefix, value, value);
}

/**
 * Whether a server key list entry is the key `value`, compared in memory (no part of the value
 * is ever stored for this). The sender removed every run of 8+ characters of the key the list
 * was read with (`listedWith`), in any case, from every string of the list: a prefix that
 * shares such a run with it arrives partly or wholly as `***`. So the candidate (the start of
 * `value`) is scrubbed the same way before it is compared. In a list read with another key, an
 * entry that is `***` and nothing else is THAT key's own entry, never this one.
 */
export function listEntryIsKey(prefix: string, value: string, listedWith: string): boolean {
  if (listedWith !== value && prefix === REDACTED) return false;
  for (let n = MIN_PREFIX; n <= value.length; n += 1) if (scrubSecret(value.slice(0, n), listedWith) === prefix) return true;
  return false;
}

const REDACTED = '***';
/** the shortest listed prefix taken as naming a key */
const MIN_PREFIX = 4;

/**
 * The most of a listed prefix the app shows or passes on: docs/API.md's are 11 characters
 * ("crm_sk_ab12"). A service that puts more of a key there (its whole value, even) is shown only
 * this much; matching a saved key to its list entry reads the list itself, not this.
 */
export const SHOWN_PREFIX_CHARS = 12;

export function shownPrefix(prefix: string): string {
  return [...prefix].slice(0, SHOWN_PREFIX_CHARS).join('');
}
