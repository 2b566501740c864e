// Answers of the key routes can carry key values the log's own scrubbing does not know: a key
// creation returns the new key whole (docs/API.md: `key`), logged before the key manager has stored
// it, and a careless service may list other keys' full values. Every string under a field named
// like a secret is cut out here, wherever it sits. So is a key's prefix (docs/API.md: "crm_sk_ab12"):
// its first characters are part of the value, and the log is kept on disk (crm.db), where nothing
// of a value may go; the Keys screen still shows prefixes, from the listing itself. A successful
// key creation in which no value can be found is not kept at all. Pure.
import type { EndpointId } from '../../model';
import { isRecord } from '../../parse/shape';
import { nestedTooDeep } from '../json-depth';
import { LEAK_RUN, scrubSecret } from './redact';

export const CREATED_KEY_NOT_KEPT = 'Not kept: the answer to a key creation carries the new key, and it could not be found to cut it out.';

/** field names (lower-cased) whose string values are taken for key values */
const SECRET_FIELDS = new Set(['key', 'api_key', 'apikey', 'secret', 'token', 'access_token']);
/** field names (lower-cased) whose string values are the first characters of a key */
const PREFIX_FIELDS = new Set(['prefix', 'key_prefix', 'keyprefix']);

/**
 * A field of a key creation's answer that holds the new key: its value goes only to the keychain,
 * so it is not scrubbed of the key the request was made with. Keys of one service share their
 * public prefix (`crm_sk_`), and one more equal character would make a run of eight: scrubbing
 * then stored a damaged key about once in sixty creations.
 */
export function isKeyValueField(name: string): boolean {
  return SECRET_FIELDS.has(name.toLowerCase());
}

/** `text` (an answer to `endpoint`) without the key values it carries; null when it must not be kept. */
export function withoutKeyValues(endpoint: EndpointId, status: number, text: string): string | null {
  if (endpoint !== 'keys.create' && endpoint !== 'keys.list') return text;
  // a value shorter than a leak run cannot be cut out by runs
  const values = (secretValuesIn(text) ?? []).filter((v) => v.length >= LEAK_RUN);
  if (endpoint === 'keys.create' && status >= 200 && status < 300 && values.length === 0) return null;
  // whole values before the prefixes they start with: a prefix cut first would leave a key's tail
  return [...values].sort((a, b) => b.length - a.length).reduce((out, value) => scrubSecret(out, value), text);
}

/** every string under a secret-named field, at any depth; null when `text` is not JSON */
function secretValuesIn(text: string): string[] | null {
  let json: unknown;
  // too deep to walk: read as no JSON (a creation's answer is then not kept)
  if (nestedTooDeep(text)) return null;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const found: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (isRecord(node)) {
      for (const [name, value] of Object.entries(node)) {
        const lower = name.toLowerCase();
        if (typeof value === 'string' && (SECRET_FIELDS.has(lower) || PREFIX_FIELDS.has(lower))) found.push(value);
        else walk(value);
      }
    }
  };
  walk(json);
  return found;
}
