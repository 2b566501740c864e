// Retry-After (RFC 9110 §10.2.3): delay-seconds or an HTTP date. Anything else is garbage and
// the caller uses its default.

/** The longest wait a Retry-After may ask for before it is clamped: one day. */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Milliseconds to wait, or null when the header is absent or unparseable. A date in the past
 * gives 0; a huge value is clamped to MAX_RETRY_AFTER_MS. Fractional seconds ("1.5") are
 * accepted although the RFC asks for whole ones.
 */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (text === '') return null;
  if (/^\d+(\.\d+)?$/.test(text)) {
    const seconds = Number(text);
    if (!Number.isFinite(seconds)) return MAX_RETRY_AFTER_MS;
    return Math.min(Math.ceil(seconds * 1000), MAX_RETRY_AFTER_MS);
  }
  // an HTTP date (IMF-fixdate, RFC 850 or asctime) names a month and has hh:mm:ss;
  // Date.parse alone accepts far too much ("1", "12345 GMT")
  if (!/\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\b/i.test(text) || !/\b\d\d:\d\d:\d\d\b/.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(0, at - nowMs), MAX_RETRY_AFTER_MS);
}
