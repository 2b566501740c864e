// Scrubbing a key from text that may spell it with escapes. A server can echo the key with some
// or all of its characters written as JSON escapes (`\u0063`, `\/`, `\"`, `\\`) or percent
// escapes (`%63`), in any case and any mix; JSON.parse or a URL decoder then turns them back into
// the key, after a scrubber that looked only at the raw text let them through. This scanner reads
// the text as a series of tokens (one character, or one whole escape), compares what the tokens
// DECODE to with the key's runs, and also compares the raw characters as they are; a run found
// either way is replaced whole tokens at a time, so a JSON string stays valid JSON (no escape is
// ever cut in half). Linear in the text; only texts that hold an escape come here (redact.ts).
import type { SecretWindows } from './secret-windows';
import { BASE, LEAK_RUN, foldToAscii } from './secret-windows';

/** token starts kept: a raw window of LEAK_RUN units spans at most LEAK_RUN + 1 tokens */
const RING = 16;

/**
 * `percent`: the text holds a `%XX` escape. Whether `%52` is an escape or the text "%52" depends
 * on who reads it (JSON.parse leaves it, a URL decoder does not), so such text is read both ways:
 * once with JSON's escapes only, once with percent escapes as well.
 */
export function scrubEncoded(text: string, windows: SecretWindows, percent: boolean): string {
  const covers = findCovers(text, windows, false);
  if (percent) covers.push(...findCovers(text, windows, true));
  return covers.length === 0 ? text : replaceCovers(text, covers);
}

/** [start, end) pairs of raw text whose tokens decode to, or whose characters are, a run of the key */
function findCovers(text: string, windows: SecretWindows, percent: boolean): number[] {
  // module imports copied to locals: a bundler's live binding would be read on every character
  const run = LEAK_RUN;
  const base = BASE;
  const fold = foldToAscii;
  const n = text.length;
  const starts = new Int32Array(RING);
  const units = new Uint16Array(run);
  const covers: number[] = [];
  let decodedHash = 0;
  let rawHash = 0;
  let tokens = 0;
  let i = 0;
  while (i < n) {
    const code = text.charCodeAt(i);
    // most characters stand for themselves; only a backslash or a percent sign may start an escape
    const escape = code === 0x5c || (percent && code === 0x25) ? escapeAt(text, i) : 0;
    const end = i + (escape === 0 ? 1 : escape >>> 16);
    const unit = escape === 0 ? code : escape & 0xffff;
    starts[tokens % RING] = i;
    // the decoded window: what the last LEAK_RUN tokens stand for
    const slot = tokens % run;
    const folded = fold(unit);
    decodedHash = (Math.imul(decodedHash, base) + folded) | 0;
    if (tokens >= run) decodedHash = (decodedHash - Math.imul(units[slot]!, windows.drop)) | 0;
    units[slot] = folded;
    tokens += 1;
    if (tokens >= run && windows.hashes.has(decodedHash) && windows.texts.has(decodedWindow(units, tokens))) {
      covers.push(starts[(tokens - run) % RING]!, end);
    }
    // the raw window: the characters as written (what a log shows before anything parses it);
    // the same in both readings, so looked at once
    for (let j = i; j < end && !percent; j += 1) {
      rawHash = (Math.imul(rawHash, base) + fold(text.charCodeAt(j))) | 0;
      if (j >= run) rawHash = (rawHash - Math.imul(fold(text.charCodeAt(j - run)), windows.drop)) | 0;
      const start = j - run + 1;
      if (start >= 0 && windows.hashes.has(rawHash) && windows.texts.has(text.slice(start, start + run).toLowerCase())) {
        covers.push(tokenStartAtOrBefore(starts, tokens, start), end);
      }
    }
    i = end;
  }
  return covers;
}

/**
 * The escape starting at `i` (a backslash or a percent sign) packed as length << 16 | the UTF-16
 * unit it decodes to, or 0 when none starts there (the character then stands for itself). A
 * number, not a pair: this runs for every escape of a long body.
 */
function escapeAt(text: string, i: number): number {
  if (text.charCodeAt(i) === 0x25) {
    // only an ASCII byte: `%AA` is half of a UTF-8 character, which no decoder turns into "AA",
    // so the `AA` must stay readable as the text it is
    const value = hexValue(text, i + 1, 2);
    return value < 0 || value > 0x7f ? 0 : (3 << 16) | value;
  }
  if (i + 1 >= text.length) return 0;
  const next = text.charCodeAt(i + 1);
  if (next === 0x75) {
    const value = hexValue(text, i + 2, 4);
    return value < 0 ? 0 : (6 << 16) | value;
  }
  const simple = SIMPLE_ESCAPES.get(next);
  return simple === undefined ? 0 : (2 << 16) | simple;
}

/** JSON's two-character escapes, by the character after the backslash */
const SIMPLE_ESCAPES = new Map<number, number>([
  [0x22, 0x22], // \"
  [0x5c, 0x5c], // \\
  [0x2f, 0x2f], // \/
  [0x62, 0x08], // \b
  [0x66, 0x0c], // \f
  [0x6e, 0x0a], // \n
  [0x72, 0x0d], // \r
  [0x74, 0x09], // \t
]);

/** `count` hex digits (either case) from `from` as a number; -1 when they are not all there. */
function hexValue(text: string, from: number, count: number): number {
  if (from + count > text.length) return -1;
  let value = 0;
  for (let k = from; k < from + count; k += 1) {
    const c = text.charCodeAt(k);
    const digit = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : c >= 0x41 && c <= 0x46 ? c - 0x37 : -1;
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

function decodedWindow(units: Uint16Array, tokens: number): string {
  let out = '';
  for (let k = tokens - LEAK_RUN; k < tokens; k += 1) out += String.fromCharCode(units[k % LEAK_RUN]!);
  return out;
}

/** The start of the token holding raw offset `offset`: a match never begins inside an escape. */
function tokenStartAtOrBefore(starts: Int32Array, tokens: number, offset: number): number {
  for (let k = tokens - 1; k >= Math.max(0, tokens - RING); k -= 1) {
    const start = starts[k % RING]!;
    if (start <= offset) return start;
  }
  return offset;
}

/**
 * Each run of covered text (ranges merged where they overlap or touch) becomes `***`, except its
 * bare `"` and what lies between two strings: with a key that holds `"`, a run can reach past a
 * JSON string's own quote into the `","` between two members, and removing those would break
 * the JSON. Only quotes and structural characters stay, and they tell nothing of the key.
 */
function replaceCovers(text: string, covers: number[]): string {
  const ranges: [number, number][] = [];
  for (let k = 0; k < covers.length; k += 2) ranges.push([covers[k]!, covers[k + 1]!]);
  ranges.sort((a, b) => a[0] - b[0]);
  let out = '';
  let copied = 0;
  let [from, to] = ranges[0]!;
  const flush = (): void => {
    out += `${text.slice(copied, from)}${hidden(text, from, to)}`;
    copied = to;
  };
  for (const [start, end] of ranges.slice(1)) {
    if (start <= to) {
      to = Math.max(to, end);
      continue;
    }
    flush();
    [from, to] = [start, end];
  }
  flush();
  return `${out}${text.slice(copied)}`;
}

const STRUCTURE = /^[\s{}[\]:,]*$/;

/** text[from, to) as `***`, its bare quotes and the structure between strings kept: `a","b` -> `***","***` */
function hidden(text: string, from: number, to: number): string {
  let out = '';
  let piece = from;
  const keep = (end: number): void => {
    const between = text.slice(piece, end);
    out += between !== '' && !STRUCTURE.test(between) ? '***' : between;
  };
  for (let at = text.indexOf('"', from); at >= 0 && at < to; at = text.indexOf('"', at + 1)) {
    if (isEscaped(text, at)) continue;
    keep(at);
    out += '"';
    piece = at + 1;
  }
  keep(to);
  return out;
}

/** true when the character at `at` follows a backslash that escapes it (an odd run of them) */
export function isEscaped(text: string, at: number): boolean {
  let count = 0;
  while (at - count > 0 && text.charCodeAt(at - count - 1) === 0x5c) count += 1;
  return count % 2 === 1;
}
