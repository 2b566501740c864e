// A non-2xx answer -> a typed CrmError whose message a person can act on, whatever the body
// is: our explanation of the status first, then the service's own reason when its body has one
// (any common error shape, see api/error-reason.ts), then what a known provider code means. The body is scrubbed of the key before
// anything is read or cut from it, and never copied whole into the error.
import { ENDPOINTS } from '../endpoints';
import { readErrorReason } from '../api/errors/error-reason';
import type { ErrorReason } from '../api/errors/error-reason';
import { CrmError } from '../errors';
import type { EndpointId } from '../model';
import { scrubSecret } from './scrub/redact';

export interface StatusContext {
  status: number;
  endpoint: EndpointId;
  method: string;
  /** path without the query string */
  path: string;
  bodyText: string;
  /** the answer's bare mimetype, when it gave a usable one */
  contentType?: string | null;
  /** already parsed from Retry-After (or the default) for a 429 */
  retryAfterMs?: number;
  /** the key the request carried, only to scrub it from anything the server echoed */
  apiKey: string;
}

export function statusError(ctx: StatusContext): CrmError {
  const reason = readErrorReason(ctx.bodyText, ctx.apiKey, ctx.contentType ?? null);
  const error = errorFor(ctx, reason);
  if (reason.hint === null) return error;
  const extra: ConstructorParameters<typeof CrmError>[2] = { status: ctx.status };
  if (error.retryAfterMs !== undefined) extra.retryAfterMs = error.retryAfterMs;
  if (error.details !== undefined) extra.details = error.details;
  return new CrmError(error.code, withHint(error.message, reason.hint), extra);
}

/** a known code's plain explanation after the message (known-error-codes.ts) */
export function withHint(message: string, hint: string | null): string {
  if (hint === null) return message;
  return `${message}${/[.!?)]$/.test(message) ? '' : '.'} ${hint}`;
}

function errorFor(ctx: StatusContext, reason: ErrorReason): CrmError {
  const { status } = ctx;
  const spec = ENDPOINTS[ctx.endpoint];
  const says = serverSays(reason);
  if (status === 400 || status === 422) {
    if (reason.code === 'idempotency_mismatch') {
      return new CrmError(
        'idempotency_mismatch',
        'This Idempotency-Key was already used with a different request body; a changed message needs a new key',
        { status },
      );
    }
    const { details } = reason;
    const list = details.map((d) => (d.field === '' ? d.message : `${d.field}: ${d.message}`)).join('; ');
    // Field details are the most specific (the message usually just names the fields); bare
    // sentences without a field only add to the message.
    const named = details.some((d) => d.field !== '');
    const text = list === '' ? reason.message : named || reason.message === null ? list : `${reason.message}: ${list}`;
    const extra = details.length > 0 ? { status, details } : { status };
    if (text !== null) return new CrmError('bad_request', `The server rejected the request: ${text}`, extra);
    return new CrmError('bad_request', `The server rejected the request as invalid (HTTP ${status})`, extra);
  }
  if (status === 401) return new CrmError('unauthorized', `API key missing, invalid or revoked${says}`, { status });
  if (status === 403) {
    const needs = ctx.endpoint === 'keys.delete' ? `${spec.permission}, or the key deleting itself` : spec.permission;
    return new CrmError('forbidden', `This key lacks permission for ${spec.label} (needs ${needs})${says}`, { status });
  }
  if (status === 404) {
    if (ctx.endpoint === 'keys.delete')
      return new CrmError('not_found', `No such API key on the server (it may already be deleted)${says}`, { status });
    return new CrmError(
      'not_found',
      `Not found: ${ctx.method} ${scrubSecret(ctx.path, ctx.apiKey)}. Check the profile's base URL and API paths${says}`,
      { status },
    );
  }
  if (status === 429) {
    const ms = ctx.retryAfterMs ?? 1000;
    return new CrmError('rate_limited', `Rate limited by the server; try again in ${formatWait(ms)}`, { status, retryAfterMs: ms });
  }
  if (status >= 500 && status <= 599) {
    return new CrmError('server_error', `Server error (HTTP ${status})${says}; contact support if it persists`, { status });
  }
  if (status >= 300 && status <= 399) {
    return new CrmError(
      'http_status',
      `The server answered with a redirect (HTTP ${status}); check the profile's base URL (http or https, path prefix)`,
      { status },
    );
  }
  if (status === 408) return new CrmError('http_status', 'The server gave up waiting for the request (HTTP 408)', { status });
  if (status === 413) return new CrmError('http_status', `The request is too large for the server (HTTP 413)${says}`, { status });
  return new CrmError('http_status', `Unexpected answer from the server: HTTP ${status}${says}`, { status });
}

/** codes that only repeat the status, so they add nothing to our explanation */
const GENERIC_CODES = new Set([
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'rate_limited',
  'server_error',
  'error',
  'invalid_request',
]);

/** ". The server says: <code>: <message>" or ''. */
function serverSays(reason: ErrorReason): string {
  const said = reasonText(reason);
  return said === null ? '' : `. The server says: ${said}`;
}

/** "<code>: <message>" (the code only when it adds something), or null without a message */
export function reasonText(reason: ErrorReason): string | null {
  if (reason.message === null) return null;
  const specific = reason.code !== null && !GENERIC_CODES.has(reason.code.toLowerCase()) && !reason.message.includes(reason.code);
  return specific ? `${reason.code}: ${reason.message}` : reason.message;
}

export function formatWait(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} min`;
  return `${Math.ceil(minutes / 60)} h`;
}
