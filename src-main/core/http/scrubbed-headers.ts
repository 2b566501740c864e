// A response's headers as the caller may see them: scrubbed of the key in use. Nearly every
// answer's headers hold no run of it, so they are first only read, with the same scan scrubJson
// uses on each name and value; a copy is made only when one of them does hold a run.
import { scrubJson, scrubSecret } from './redact';

export function scrubHeaders(headers: Record<string, string>, key: string): Record<string, string> {
  for (const [name, value] of Object.entries(headers)) {
    if (scrubSecret(name, key) !== name || scrubSecret(value, key) !== value) return scrubJson(headers, key);
  }
  return headers;
}
