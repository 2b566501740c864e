// The answer to a key creation carries the new key's whole value (API.md: `key`). It is logged
// before the key manager has stored the key, so the log's own scrubbing (the keys it holds) does
// not know it yet: the value is cut out here, found where the answer names it. A successful
// answer in which no value can be found is not kept at all. Pure.
import type { EndpointId } from '../model';
import { isRecord } from '../parse/shape';
import { LEAK_RUN, scrubSecret } from './redact';

export const CREATED_KEY_NOT_KEPT = 'Not kept: the answer to a key creation carries the new key, and it could not be found to cut it out.';

/** `text` (an answer to `endpoint`) without a new key's value; null when it must not be kept. */
export function withoutCreatedKey(endpoint: EndpointId, status: number, text: string): string | null {
  if (endpoint !== 'keys.create') return text;
  const value = createdKeyValue(text);
  if (value !== null) return scrubSecret(text, value);
  return status >= 200 && status < 300 ? null : text;
}

function createdKeyValue(text: string): string | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  // a value shorter than a leak run cannot be cut out by runs: such an answer is not kept
  return isRecord(json) && typeof json.key === 'string' && json.key.length >= LEAK_RUN ? json.key : null;
}
