// How deep an answer's JSON may nest to be read. JSON.parse may throw a RangeError on a deep
// enough body, and every walk of the parsed value after it (scrubbing, reading an id, trimming
// for display, JSON.stringify for --json) recurses once per level: a service that answers
// `[[[…]]]` 50,000 levels deep would make a send it already took fail as an internal error, and
// a retry would send the message again. So an answer is measured first (bounded-json.ts's scan:
// one pass, strings skipped) and one deeper than any messaging API's is read as unreadable.
import { checkJsonBounds, JsonBoundsError } from '../parse/bounded-json';

/** the deepest nesting of arrays and objects an answer may have to be read */
export const MAX_ANSWER_DEPTH = 256;

/** true when `text` opens more than MAX_ANSWER_DEPTH arrays or objects inside one another */
export function nestedTooDeep(text: string): boolean {
  // no text nests deeper than it has brackets that open, strings' included: most answers (a page
  // of 100 contacts has about 200) are cleared by counting them, far cheaper than the scan
  if (!opensMoreThan(text, MAX_ANSWER_DEPTH)) return false;
  try {
    // the size is bounded where the body is read (maxResponseBytes), not here
    checkJsonBounds(text, { maxDepth: MAX_ANSWER_DEPTH, maxChars: Number.POSITIVE_INFINITY });
    return false;
  } catch (err) {
    if (err instanceof JsonBoundsError) return true;
    throw err;
  }
}

/** more than `limit` `[` and `{` in `text`, wherever they stand */
function opensMoreThan(text: string, limit: number): boolean {
  let opens = 0;
  for (let at = text.indexOf('{'); at >= 0 && opens <= limit; at = text.indexOf('{', at + 1)) opens += 1;
  for (let at = text.indexOf('['); at >= 0 && opens <= limit; at = text.indexOf('[', at + 1)) opens += 1;
  return opens > limit;
}
