// The request log's details: each entry's bodies, response headers and cURL, scrubbed of every
// key value the vault holds and THEN cut to a per-body bound (scrubbing first: a cut must never
// decide what is left of a key). All details together stay within a character budget; when a
// new one would pass it, the oldest entries' bodies and cURLs are released (the entry itself,
// with its status and headers, stays in the list).
import type { ObservedBody, ObservedExchange } from '../http/observed-exchange';
import { scrubLoggedSend } from './logged-send';
import type { LoggedBody, LoggedSend, RequestLogDetail, RequestLogEntry } from '../model';

export interface DetailLimits {
  /** longest body (and cURL) kept, in UTF-16 characters */
  bodyChars: number;
}

export const DEFAULT_DETAIL_LIMITS: DetailLimits = { bodyChars: 64 * 1024 };

/** what an entry's detail adds to the entry */
export type KeptDetail = Omit<RequestLogDetail, keyof RequestLogEntry>;

/** The detail as the log keeps it: every text scrubbed, then bodies cut. Pure. */
export function keptDetail(exchange: ObservedExchange, scrub: (text: string) => string, limits: DetailLimits): KeptDetail {
  const curl = exchange.curl === null ? null : scrub(exchange.curl);
  return {
    statusText: exchange.statusText,
    responseHeaders: exchange.responseHeaders === null ? null : scrubHeaders(exchange.responseHeaders, scrub),
    requestBody: keptBody(exchange.requestBody, scrub, limits.bodyChars),
    responseBody: keptBody(exchange.responseBody, scrub, limits.bodyChars),
    // a cut cURL would not run: one too long to keep is not kept
    curl: curl !== null && curl.length <= limits.bodyChars ? curl : null,
    released: false,
    sent: exchange.sent === null ? null : scrubLoggedSend(exchange.sent, scrub),
  };
}

/** `text` cut to `max` characters without splitting a surrogate pair. */
function cutText(text: string, max: number): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  const end = max > 0 && isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
  return { text: text.slice(0, end), truncated: true };
}

function keptBody(body: ObservedBody | null, scrub: (text: string) => string, max: number): LoggedBody | null {
  if (body === null) return null;
  const cut = cutText(scrub(body.text), max);
  return { kind: body.kind, text: cut.text, contentType: body.contentType, truncated: body.truncated || cut.truncated };
}

function scrubHeaders(headers: Record<string, string>, scrub: (text: string) => string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[scrub(name)] = scrub(value);
  return out;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** the characters of bodies, cURL and send fields a detail keeps (the body budget's measure) */
export function weightOf(detail: KeptDetail): number {
  return (
    (detail.requestBody?.text.length ?? 0) + (detail.responseBody?.text.length ?? 0) + (detail.curl?.length ?? 0) + sentWeight(detail.sent)
  );
}

function sentWeight(sent: LoggedSend | null): number {
  if (sent === null) return 0;
  return Object.values(sent).reduce((n: number, v) => n + (typeof v === 'string' ? v.length : 0), 0);
}
