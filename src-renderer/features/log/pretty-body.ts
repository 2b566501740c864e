// A logged body as it reads best: JSON indented when the whole of it parses, otherwise as kept.
import type { LoggedBody } from '../../lib/api';

export function prettyBody(body: LoggedBody): string {
  if (body.kind !== 'text' || body.truncated) return body.text;
  const trimmed = body.text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return body.text;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return body.text;
  }
}
