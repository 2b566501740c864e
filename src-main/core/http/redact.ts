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
 * key split across two fields all lose what they carried. Linear in the text: the secret's
 * 8-character windows go into a set, each window of the text is looked up once, and covered
 * ranges are merged.
 */
export function scrubSecret(text: string, secret: string): string {
  if (secret.length < LEAK_RUN || text.length < LEAK_RUN) return text;
  const lowerText = text.toLowerCase();
  if (lowerText.length !== text.length) return scrubSecretSlow(text, secret);
  const windows = secretWindows(secret);
  let out = '';
  let copied = 0;
  let coverEnd = -1;
  let coverStart = -1;
  for (let i = 0; i + LEAK_RUN <= lowerText.length; i += 1) {
    if (!windows.has(lowerText.slice(i, i + LEAK_RUN))) continue;
    if (i <= coverEnd) {
      coverEnd = i + LEAK_RUN;
      continue;
    }
    if (coverStart >= 0) {
      out += `${text.slice(copied, coverStart)}***`;
      copied = coverEnd;
    }
    coverStart = i;
    coverEnd = i + LEAK_RUN;
  }
  if (coverStart < 0) return text;
  return `${out}${text.slice(copied, coverStart)}***${text.slice(coverEnd)}`;
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

const windowCache = new Map<string, Set<string>>();

function secretWindows(secret: string): Set<string> {
  const lower = secret.toLowerCase();
  let windows = windowCache.get(lower);
  if (windows === undefined) {
    windows = new Set();
    for (let i = 0; i + LEAK_RUN <= lower.length; i += 1) windows.add(lower.slice(i, i + LEAK_RUN));
    if (windowCache.size > 16) windowCache.clear();
    windowCache.set(lower, windows);
  }
  return windows;
}

/** Texts whose lower-casing changes their length (rare Unicode): compare character by character. */
function scrubSecretSlow(text: string, secret: string): string {
  const chars = [...text];
  const windows = secretWindows(secret);
  const hit = new Array<boolean>(chars.length).fill(false);
  for (let i = 0; i + LEAK_RUN <= chars.length; i += 1) {
    const window = chars.slice(i, i + LEAK_RUN).map((c) => (c.toLowerCase().length === 1 ? c.toLowerCase() : c)).join('');
    if (windows.has(window)) hit.fill(true, i, i + LEAK_RUN);
  }
  let out = '';
  for (let i = 0; i < chars.length; i += 1) {
    if (!hit[i]) out += chars[i];
    else if (i === 0 || !hit[i - 1]) out += '***';
  }
  return out;
}
