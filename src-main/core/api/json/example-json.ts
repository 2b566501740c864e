// The body of a pasted example, read without losing anything JSON.parse would lose: a number
// that a JS number cannot hold exactly (or that JSON.stringify would write differently) comes
// back as a JsonNumberText with its digits. The paste is bounded first (bounded-json.ts).
import { parseBoundedJson } from '../../parse/bounded-json';
import { JsonNumberText, isCanonicalNumber } from './json-text';

const NUMBER_AT = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * JSON.parse, with each non-canonical number as a JsonNumberText. Such numbers are swapped in
 * the text for placeholder strings first; the placeholder's prefix is chosen so that no string
 * of the document starts with it, so a real string is never taken for one.
 */
export function parseExampleJson(text: string): unknown {
  const plain = parseBoundedJson(text);
  const numbers: { at: number; text: string }[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charAt(i);
    if (c === '"') i = stringEnd(text, i);
    else if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER_AT.lastIndex = i;
      const token = NUMBER_AT.exec(text)?.[0] ?? c;
      if (!isCanonicalNumber(token)) numbers.push({ at: i, text: token });
      i += token.length - 1;
    }
  }
  if (numbers.length === 0) return plain;

  const strings = new Set<string>();
  collectStrings(plain, strings);
  let prefix = '\u0000n';
  while ([...strings].some((s) => s.startsWith(prefix))) prefix += 'n';
  let marked = '';
  let from = 0;
  numbers.forEach((n, index) => {
    marked += `${text.slice(from, n.at)}${JSON.stringify(`${prefix}${index}`)}`;
    from = n.at + n.text.length;
  });
  marked += text.slice(from);
  return parseBoundedJson(marked, undefined, (_key, value) => {
    if (typeof value !== 'string' || !value.startsWith(prefix)) return value;
    const number = numbers[Number(value.slice(prefix.length))];
    return number === undefined ? value : new JsonNumberText(number.text);
  });
}

function stringEnd(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i += 1) {
    const c = text.charAt(i);
    if (c === '\\') i += 1;
    else if (c === '"') return i;
  }
  return text.length;
}

/** Every string value and key (the document is already known to be shallow). */
function collectStrings(node: unknown, into: Set<string>): void {
  if (typeof node === 'string') into.add(node);
  else if (Array.isArray(node)) for (const item of node) collectStrings(item, into);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      into.add(key);
      collectStrings(value, into);
    }
  }
}
