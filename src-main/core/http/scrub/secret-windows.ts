// A key's runs of LEAK_RUN characters, prepared once per key for the scrubbers (redact.ts and
// scrub-encoded.ts): as lower-cased texts and as rolling hashes, so a long text is scanned
// without building a string at every position. The runs of the key's wire forms (its base64 in
// an HTTP Basic credential: key-wire-forms.ts) are among them, so one scan cuts both.
import { keyWireForms } from './key-wire-forms';

/** The shortest run of a key's characters that counts as a leak (docs/ARCHITECTURE.md, rule 1). */
export const LEAK_RUN = 8;

export const BASE = 31;

export interface SecretWindows {
  /** the key is ASCII: the fast path is exact for every text */
  ascii: boolean;
  /**
   * the key holds `/`, `"` or `\`: a two-character escape (`\/`, `\"`, `\\`) can then spell one
   * of its characters, so text with any backslash must be decoded while scanned
   */
  escapable: boolean;
  /** the key holds `"`: a run may then touch a JSON string's own quotes (scrub-encoded.ts) */
  quote: boolean;
  texts: Set<string>;
  hashes: Set<number>;
  /**
   * the hashes' low HASH_BITS bits as a bit set: a scan tests a position here first, which
   * rules out almost every position for the price of an array read instead of a Set lookup
   */
  hashBits: Int32Array;
  /** BASE^LEAK_RUN: what the character leaving the window weighed */
  drop: number;
  /**
   * 1 for each ASCII code (lower-cased) the key holds: a window can only match inside a stretch
   * of such characters, so a scan skips JSON's quotes, colons and spaces without hashing
   */
  keyChars: Uint8Array;
  /**
   * the key's 4-character pieces (every form, lower-cased) as a bit set of gramHash: every run of
   * LEAK_RUN characters holds the piece that starts at its first multiple of GRAM_STRIDE, so a
   * text none of whose pieces at those positions is here holds no run (run-precheck.ts)
   */
  gramBits: Int32Array;
  /**
   * the key's 2-character pieces (every form, lower-cased) as a bit set indexed by their two
   * ASCII codes: most of a piece's first two characters are no pair of the key's, ruled out
   * before the rest of the piece is read
   */
  pairBits: Int32Array;
  /** each ASCII code -> its folded code when the key holds that, else 0: fold and keyChars in one read */
  keyCodes: Uint8Array;
}

/** the length of a piece in gramBits */
export const GRAM = 4;
/** every run of LEAK_RUN characters starts a piece of GRAM characters within its first GRAM_STRIDE */
export const GRAM_STRIDE = LEAK_RUN - GRAM + 1;

/** four ASCII codes (already folded) -> an index into a 2^16 bit set */
export function gramHash(a: number, b: number, c: number, d: number): number {
  return Math.imul((a << 21) | (b << 14) | (c << 7) | d, 0x9e3779b1) >>> 16;
}

/** the bit set covers 2^16 hash values: about 30 windows of a key set 1 bit in 2,000 */
export const HASH_BITS_MASK = 0xffff;

const windowCache = new Map<string, SecretWindows>();

export function secretWindows(secret: string): SecretWindows {
  let windows = windowCache.get(secret);
  if (windows === undefined) {
    // the key as typed first: `ascii` and `quote` speak of it; the wire forms are ASCII
    const forms = [secret, ...keyWireForms(secret)];
    let drop = 1;
    for (let i = 0; i < LEAK_RUN; i += 1) drop = Math.imul(drop, BASE);
    const keyChars = new Uint8Array(128);
    windows = {
      ascii: isAscii(secret),
      escapable: forms.some((f) => /[/"\\]/.test(f)),
      quote: secret.includes('"'),
      texts: new Set(),
      hashes: new Set(),
      hashBits: new Int32Array((HASH_BITS_MASK + 1) >>> 5),
      drop,
      keyChars,
      gramBits: new Int32Array((HASH_BITS_MASK + 1) >>> 5),
      pairBits: new Int32Array((128 * 128) >>> 5),
      keyCodes: new Uint8Array(128),
    };
    for (const form of forms) addWindows(windows, form.toLowerCase());
    for (let code = 0; code < 128; code += 1) if (keyChars[foldToAscii(code)] === 1) windows.keyCodes[code] = foldToAscii(code);
    if (windowCache.size > 16) windowCache.clear();
    windowCache.set(secret, windows);
  }
  return windows;
}

/** the runs of `lower` (a lower-cased form of the key) and the characters they are made of */
function addWindows(windows: SecretWindows, lower: string): void {
  for (let i = 0; i < lower.length; i += 1) if (lower.charCodeAt(i) < 128) windows.keyChars[lower.charCodeAt(i)] = 1;
  for (let i = 0; i + 1 < lower.length; i += 1) {
    const pair = ((lower.charCodeAt(i) & 0x7f) << 7) | (lower.charCodeAt(i + 1) & 0x7f);
    windows.pairBits[pair >>> 5]! |= 1 << (pair & 31);
  }
  for (let i = 0; i + GRAM <= lower.length; i += 1) {
    const gram = gramHash(lower.charCodeAt(i), lower.charCodeAt(i + 1), lower.charCodeAt(i + 2), lower.charCodeAt(i + 3));
    windows.gramBits[gram >>> 5]! |= 1 << (gram & 31);
  }
  for (let i = 0; i + LEAK_RUN <= lower.length; i += 1) {
    const window = lower.slice(i, i + LEAK_RUN);
    windows.texts.add(window);
    let hash = 0;
    for (let j = 0; j < LEAK_RUN; j += 1) hash = (Math.imul(hash, BASE) + window.charCodeAt(j)) | 0;
    windows.hashes.add(hash);
    windows.hashBits[(hash & HASH_BITS_MASK) >>> 5]! |= 1 << (hash & 31);
  }
}

export const KELVIN_SIGN = 0x212a;

/** A UTF-16 unit as toLowerCase() folds it into ASCII: A-Z, and the Kelvin sign, which becomes "k". */
export function foldToAscii(code: number): number {
  if (code >= 65 && code <= 90) return code + 32;
  return code === KELVIN_SIGN ? 107 : code;
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}
