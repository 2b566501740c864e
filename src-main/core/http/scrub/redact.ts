// Headers as they may be shown or logged, and text scrubbed of a key: the Authorization value
// never leaves the sender, and anything a server echoes back loses every trace of the key
// before it is cut, shown, logged or written, however its characters are spelled (escapes that
// a JSON or URL decoder would undo included: scrub-encoded.ts).
import { mayHoldKeyRun } from './run-precheck';
import { isEscaped, scrubEncoded } from './scrub-encoded';
import { BASE, HASH_BITS_MASK, LEAK_RUN, foldToAscii, secretWindows } from './secret-windows';
import type { SecretWindows } from './secret-windows';

export { LEAK_RUN };

export const REDACTED_AUTHORIZATION = 'Bearer ***';

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'authorization') out[name] = REDACTED_AUTHORIZATION;
    else if (lower === 'cookie' || lower === 'proxy-authorization' || lower === 'x-api-key') out[name] = '***';
    else out[name] = value;
  }
  return out;
}

/**
 * Replaces every run of LEAK_RUN or more characters that also occurs in the secret (compared
 * case-insensitively) with `***`: a lower-cased copy, a key missing its last characters or a
 * key split across two fields all lose what they carried. A character may also be written as
 * an escape that JSON.parse or a URL decoder undoes (`\u0063`, `\/`, `%63`, any mix, any case):
 * such text goes through scrub-encoded.ts, which replaces whole escapes so JSON stays valid.
 * Text without such an escape (the common body) takes the literal scan, and pays only for the
 * few `includes` calls that tell the two apart, and first a precheck (run-precheck.ts) that reads
 * one position in five and skips the scan when no run of the key can be there.
 */
export function scrubSecret(text: string, secret: string): string {
  if (secret.length < LEAK_RUN || text.length < LEAK_RUN) return text;
  const windows = secretWindows(secret);
  if (!windows.ascii) {
    // a key outside the documented format: the careful literal comparison, then the escapes
    const literal = scrubSecretSlow(text, secret);
    return scrubIfEncoded(literal, windows) ?? literal;
  }
  // most answers hold no piece of the key at all: one read in five tells, before the full scan
  return scrubIfEncoded(text, windows) ?? (mayHoldKeyRun(text, windows) ? scrubLiteral(text, windows) : text);
}

/**
 * `text` scrubbed by the token scan when it needs that scan, else null: when an escape in it
 * could stand for a character of the key (`\u` and `%XX` can spell any; `\/`, `\"` and `\\`
 * only one of those three, which few keys hold; the other two-character escapes decode to
 * control characters, which no key has), or the key holds a `"` that a run could share with a
 * JSON string's own quotes.
 */
function scrubIfEncoded(text: string, windows: SecretWindows): string | null {
  const percent = hasPercentEscape(text);
  const tokens = percent || text.includes('\\u') || (windows.escapable && text.includes('\\')) || (windows.quote && text.includes('"'));
  return tokens ? scrubEncoded(text, windows, percent) : null;
}

function hasPercentEscape(text: string): boolean {
  for (let at = text.indexOf('%'); at >= 0; at = text.indexOf('%', at + 1)) {
    // an ASCII byte (0x00-0x7f): the only kind that can spell a key's character
    const high = text.charCodeAt(at + 1);
    if (at + 2 < text.length && high >= 0x30 && high <= 0x37 && isHexDigit(text.charCodeAt(at + 2))) return true;
  }
  return false;
}

function isHexDigit(code: number): boolean {
  const lower = code | 0x20;
  return (code >= 0x30 && code <= 0x39) || (lower >= 0x61 && lower <= 0x66);
}

/**
 * The literal scan, linear in the text and without a string per position: the secret's
 * 8-character windows are kept as texts and as rolling hashes; a text window is compared only
 * when its hash matches; covered ranges are merged. Text in any script takes this path when the
 * key is ASCII (as keys are): a window that matches is then eight characters that lower-case to
 * ASCII, so counting UTF-16 units or code points finds the same runs. A run that starts right
 * after an escaping backslash (`\n` then the key) takes that backslash with it, so no escape is
 * left half and a JSON string stays valid (the key has no backslash on this path).
 */
function scrubLiteral(text: string, windows: SecretWindows): string {
  // module imports copied to locals: a bundler's live binding would be read on every character
  const run = LEAK_RUN;
  const base = BASE;
  const fold = foldToAscii;
  const mask = HASH_BITS_MASK;
  const bits = windows.hashBits;
  const keyChars = windows.keyChars;
  const drop = windows.drop;
  let out = '';
  let copied = 0;
  let coverEnd = -1;
  let coverStart = -1;
  // a rolling hash of ASCII-folded codes finds candidate windows without a string per position;
  // it runs only inside stretches of characters the key holds (a window spans no other), so the
  // quotes, colons, spaces and punctuation of a JSON body cost one table read each
  let hash = 0;
  let stretch = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (stretch === 0) {
      // at a stretch's first character: when the character a run ahead is not the key's, no
      // window starting here or in between can match, so jump past it
      const ahead = i + run - 1 < text.length ? fold(text.charCodeAt(i + run - 1)) : 0;
      if (ahead > 127 || keyChars[ahead] === 0) {
        i += run - 1;
        continue;
      }
    }
    const code = fold(text.charCodeAt(i));
    if (code > 127 || keyChars[code] === 0) {
      stretch = 0;
      hash = 0;
      continue;
    }
    stretch += 1;
    hash = (Math.imul(hash, base) + code) | 0;
    if (stretch > run) hash = (hash - Math.imul(fold(text.charCodeAt(i - run)), drop)) | 0;
    if (stretch < run) continue;
    const start = i - run + 1;
    if (
      (bits[(hash & mask) >>> 5]! & (1 << (hash & 31))) === 0 ||
      !windows.hashes.has(hash) ||
      !windows.texts.has(text.slice(start, start + run).toLowerCase())
    )
      continue;
    if (start <= coverEnd) {
      coverEnd = start + run;
      continue;
    }
    if (coverStart >= 0) {
      out += `${text.slice(copied, coverStart)}***`;
      copied = coverEnd;
    }
    coverStart = isEscaped(text, start) ? start - 1 : start;
    coverEnd = start + run;
  }
  if (coverStart < 0) return text;
  return `${out}${text.slice(copied, coverStart)}***${text.slice(coverEnd)}`;
}

/** Every string value in a JSON value, keys included, scrubbed. */
export function scrubJson<T>(value: T, secret: string, keepValueOf: (field: string) => boolean = () => false): T {
  if (typeof value === 'string') return scrubSecret(value, secret) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => scrubJson(v, secret, keepValueOf)) as T;
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [name, child] of Object.entries(value)) {
      out[scrubSecret(name, secret)] = typeof child === 'string' && keepValueOf(name) ? child : scrubJson(child, secret, keepValueOf);
    }
    return out as T;
  }
  return value;
}

/** A non-ASCII key, whose lower-casing may change lengths: compare code point by code point. */
function scrubSecretSlow(text: string, secret: string): string {
  const chars = [...text];
  const windows = secretWindows(secret);
  const hit = new Array<boolean>(chars.length).fill(false);
  for (let i = 0; i + LEAK_RUN <= chars.length; i += 1) {
    const window = chars
      .slice(i, i + LEAK_RUN)
      .map((c) => (c.toLowerCase().length === 1 ? c.toLowerCase() : c))
      .join('');
    if (windows.texts.has(window)) hit.fill(true, i, i + LEAK_RUN);
  }
  let out = '';
  for (let i = 0; i < chars.length; i += 1) {
    if (!hit[i]) out += chars[i];
    else if (i === 0 || !hit[i - 1]) out += '***';
  }
  return out;
}
