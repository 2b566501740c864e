// A logged body as it reads best: JSON indented when the whole of it parses, otherwise as kept.
// Indenting costs two spaces per level on every line, so a body nested thousands of levels deep
// (a few KB that a broken or hostile service can answer) would become tens of MB of text, built
// and laid out in the window's one thread. Such a body is shown as kept.
import type { LoggedBody } from '../../lib/api';

/** the deepest nesting indented; deeper bodies are shown as kept (messaging APIs nest under 20) */
export const MAX_PRETTY_DEPTH = 64;
/** the longest indented text shown; longer, the body is shown as kept */
export const MAX_PRETTY_CHARS = 1_000_000;

export function prettyBody(body: LoggedBody): string {
  if (body.kind !== 'text' || body.truncated) return body.text;
  const trimmed = body.text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return body.text;
  if (nestingOf(trimmed) > MAX_PRETTY_DEPTH) return body.text;
  try {
    const pretty = JSON.stringify(JSON.parse(trimmed), null, 2);
    return pretty.length > MAX_PRETTY_CHARS ? body.text : pretty;
  } catch {
    return body.text;
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENS = new Set([0x5b, 0x7b]);
const CLOSES = new Set([0x5d, 0x7d]);

/** how deep `[` and `{` open inside one another, brackets within strings left out */
function nestingOf(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      // an escaped character (`\"` included) never ends the string
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (OPENS.has(c)) {
      depth += 1;
      deepest = Math.max(deepest, depth);
    } else if (CLOSES.has(c)) {
      depth -= 1;
    }
  }
  return deepest;
}
