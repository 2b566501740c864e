// Headers as they may be shown or logged, and text scrubbed of a key: the Authorization value
// never leaves the sender, and anything a server echoes back loses every trace of the key
// before it is cut, shown, logged or written.

export const REDACTED_AUTHORIZATION = 'Bearer ***';

/** The shortest run of a key's characters that counts as a leak (ARCHITECTURE.md invariant 1). */
export const LEAK_RUN = 8;

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
 * key split across two fields all lose what they carried. Linear in the text and without a
 * string per position: the secret's 8-character windows are kept as texts and as rolling
 * hashes; a text window is compared only when its hash matches; covered ranges are merged.
 * Text in any script takes this path when the key is ASCII (as keys are): a window that matches
 * is then eight characters that lower-case to ASCII, so counting UTF-16 units or code points
 * finds the same runs. Only a non-ASCII key goes through the careful, slower comparison.
 */
export function scrubSecret(text: string, secret: string): string {
  if (secret.length < LEAK_RUN || text.length < LEAK_RUN) return text;
  const windows = secretWindows(secret);
  if (!windows.ascii) return scrubSecretSlow(text, secret);
  let out = '';
  let copied = 0;
  let coverEnd = -1;
  let coverStart = -1;
  // a rolling hash of ASCII-folded codes finds candidate windows without a string per position
  let hash = 0;
  for (let i = 0; i < text.length; i += 1) {
    hash = (Math.imul(hash, BASE) + foldToAscii(text.charCodeAt(i))) | 0;
    if (i >= LEAK_RUN) hash = (hash - Math.imul(foldToAscii(text.charCodeAt(i - LEAK_RUN)), windows.drop)) | 0;
    const start = i - LEAK_RUN + 1;
    if (start < 0 || !windows.hashes.has(hash) || !windows.texts.has(text.slice(start, start + LEAK_RUN).toLowerCase())) continue;
    if (start <= coverEnd) {
      coverEnd = start + LEAK_RUN;
      continue;
    }
    if (coverStart >= 0) {
      out += `${text.slice(copied, coverStart)}***`;
      copied = coverEnd;
    }
    coverStart = start;
    coverEnd = start + LEAK_RUN;
  }
  if (coverStart < 0) return text;
  return `${out}${text.slice(copied, coverStart)}***${text.slice(coverEnd)}`;
}

const KELVIN_SIGN = 0x212a;

/** A UTF-16 unit as toLowerCase() folds it into ASCII: A-Z, and the Kelvin sign, which becomes "k". */
function foldToAscii(code: number): number {
  if (code >= 65 && code <= 90) return code + 32;
  return code === KELVIN_SIGN ? 107 : code;
}

/** Every string value in a JSON value, keys included, scrubbed. */
export function scrubJson<T>(value: T, secret: string): T {
  if (typeof value === 'string') return scrubSecret(value, secret) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => scrubJson(v, secret)) as T;
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [name, child] of Object.entries(value)) out[scrubSecret(name, secret)] = scrubJson(child, secret);
    return out as T;
  }
  return value;
}

const BASE = 31;

interface Windows {
  /** the key is ASCII: the fast path is exact for every text */
  ascii: boolean;
  texts: Set<string>;
  hashes: Set<number>;
  /** BASE^LEAK_RUN: what the character leaving the window weighed */
  drop: number;
}

const windowCache = new Map<string, Windows>();

function secretWindows(secret: string): Windows {
  let windows = windowCache.get(secret);
  if (windows === undefined) {
    const lower = secret.toLowerCase();
    let drop = 1;
    for (let i = 0; i < LEAK_RUN; i += 1) drop = Math.imul(drop, BASE);
    windows = { ascii: isAscii(secret), texts: new Set(), hashes: new Set(), drop };
    for (let i = 0; i + LEAK_RUN <= lower.length; i += 1) {
      const window = lower.slice(i, i + LEAK_RUN);
      windows.texts.add(window);
      let hash = 0;
      for (let j = 0; j < LEAK_RUN; j += 1) hash = (Math.imul(hash, BASE) + window.charCodeAt(j)) | 0;
      windows.hashes.add(hash);
    }
    if (windowCache.size > 16) windowCache.clear();
    windowCache.set(secret, windows);
  }
  return windows;
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** A non-ASCII key, whose lower-casing may change lengths: compare code point by code point. */
function scrubSecretSlow(text: string, secret: string): string {
  const chars = [...text];
  const windows = secretWindows(secret);
  const hit = new Array<boolean>(chars.length).fill(false);
  for (let i = 0; i + LEAK_RUN <= chars.length; i += 1) {
    const window = chars.slice(i, i + LEAK_RUN).map((c) => (c.toLowerCase().length === 1 ? c.toLowerCase() : c)).join('');
    if (windows.texts.has(window)) hit.fill(true, i, i + LEAK_RUN);
  }
  let out = '';
  for (let i = 0; i < chars.length; i += 1) {
    if (!hit[i]) out += chars[i];
    else if (i === 0 || !hit[i - 1]) out += '***';
  }
  return out;
}
