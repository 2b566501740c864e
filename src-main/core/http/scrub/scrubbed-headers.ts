// A response's headers as the caller may see them: scrubbed of the key in use. Nearly every
// answer's headers hold no run of it, so they are first read as one text, names and values each
// on a line of its own, with the scan scrubJson uses: a run inside any one name or value is a run
// of that text too (a line break is no character of a key, and ends any escape), so a text the
// scan leaves unchanged means every name and value would be left unchanged. Only then are the
// headers copied, one by one.
import { scrubJson, scrubSecret } from './redact';

export function scrubHeaders(headers: Record<string, string>, key: string): Record<string, string> {
  // joined once, not concatenated piece by piece: one flat text instead of a chain the scan must flatten
  const lines: string[] = [];
  for (const name in headers) lines.push(name, headers[name]!);
  const text = lines.join('\n');
  return scrubSecret(text, key) === text ? headers : scrubJson(headers, key);
}
