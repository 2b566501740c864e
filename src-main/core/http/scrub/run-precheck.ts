// Whether a text can hold a run of the key at all, for the price of reading four positions in
// five: a run of LEAK_RUN characters always holds the GRAM-character piece that starts at its
// first position divisible by GRAM_STRIDE, so when no piece starting at such a position is one of
// the key's (secret-windows.ts, gramBits), the literal scan would find nothing and is skipped.
// Characters are folded as the literal scan folds them, so every text it would cut is seen here.
// A piece that matches is then settled exactly: the runs that would hold it at that position
// start at most GRAM_STRIDE - 1 characters before it, and each is looked up as the scan looks
// it up (lower-cased, in the key's windows), so a common word or a hash collision costs a few
// lookups, not the scan.
import { GRAM, GRAM_STRIDE, KELVIN_SIGN, LEAK_RUN, gramHash } from './secret-windows';
import type { SecretWindows } from './secret-windows';

/** false only when `text` holds no run of the key the literal scan (redact.ts) would cut */
export function mayHoldKeyRun(text: string, windows: SecretWindows): boolean {
  // module imports copied to locals: a bundler's live binding would be read at every position
  const hashOf = gramHash;
  const codes = windows.keyCodes;
  const bits = windows.gramBits;
  const pairs = windows.pairBits;
  // keyCodes says "not held" with 0, so a key holding NUL is never ruled out here
  if (windows.keyChars[0] === 1) return true;
  const last = text.length - GRAM;
  for (let at = 0; at <= last; at += GRAM_STRIDE) {
    // a character the key does not hold (JSON's quotes, commas, spaces) rules the piece out
    const a = keyCode(text.charCodeAt(at), codes);
    if (a === 0) continue;
    const b = keyCode(text.charCodeAt(at + 1), codes);
    if (b === 0) continue;
    const pair = (a << 7) | b;
    if ((pairs[pair >>> 5]! & (1 << (pair & 31))) === 0) continue;
    const c = keyCode(text.charCodeAt(at + 2), codes);
    if (c === 0) continue;
    const d = keyCode(text.charCodeAt(at + 3), codes);
    if (d === 0) continue;
    const gram = hashOf(a, b, c, d);
    if ((bits[gram >>> 5]! & (1 << (gram & 31))) !== 0 && runStartsNear(text, at, windows)) return true;
  }
  return false;
}

/** the folded code of a UTF-16 unit when the key holds it, else 0 */
function keyCode(code: number, codes: Uint8Array): number {
  if (code < 128) return codes[code]!;
  return code === KELVIN_SIGN ? codes[107]! : 0;
}

/** a run of the key starts at one of the GRAM_STRIDE positions ending at `at` */
function runStartsNear(text: string, at: number, windows: SecretWindows): boolean {
  for (let start = Math.max(0, at - GRAM_STRIDE + 1); start <= at; start += 1) {
    if (windows.texts.has(text.slice(start, start + LEAK_RUN).toLowerCase())) return true;
  }
  return false;
}
