// A non-2xx answer -> a typed CrmError whose message a person can act on, whatever the body
// is. Only the API.md error shape is read (for 400's field details); the raw body is never
// copied into the error, and anything that echoes the key is scrubbed.
import { ENDPOINTS } from '../endpoints';
import { CrmError } from '../errors';
import type { EndpointId } from '../model';
import { readErrorBody } from './error-body';
import { scrubSecret } from './redact';

export interface StatusContext {
  status: number;
  endpoint: EndpointId;
  method: string;
  /** path without the query string */
  path: string;
  bodyText: string;
  /** already parsed from Retry-After (or the default) for a 429 */
  retryAfterMs?: number;
  /** the key the request carried, only to scrub it from anything the server echoed */
  apiKey: string;
}

export function statusError(ctx: StatusContext): CrmError {
  const { status } = ctx;
  const spec = ENDPOINTS[ctx.endpoint];
  if (status === 400) {
    const body = readErrorBody(ctx.bodyText);
    const scrub = (text: string): string => scrubSecret(text, ctx.apiKey);
    if (body.code === 'idempotency_mismatch') {
      return new CrmError('idempotency_mismatch', 'This Idempotency-Key was already used with a different request body; a changed message needs a new key', { status });
    }
    const details = body.details.map((d) => ({ field: scrub(d.field), message: scrub(d.message) }));
    if (details.length > 0) {
      const list = details.map((d) => (d.field === '' ? d.message : `${d.field}: ${d.message}`)).join('; ');
      return new CrmError('bad_request', `The server rejected the request: ${list}`, { status, details });
    }
    if (body.message !== null) return new CrmError('bad_request', `The server rejected the request: ${scrub(body.message)}`, { status });
    return new CrmError('bad_request', 'The server rejected the request as invalid (HTTP 400)', { status });
  }
  if (status === 401) return new CrmError('unauthorized', 'API key missing, invalid or revoked', { status });
  if (status === 403) {
    const needs = ctx.endpoint === 'keys.delete' ? `${spec.permission}, or the key deleting itself` : spec.permission;
    return new CrmError('forbidden', `This key lacks permission for ${spec.label} (needs ${needs})`, { status });
  }
  if (status === 404) {
    if (ctx.endpoint === 'keys.delete') return new CrmError('not_found', 'No such API key on the server (it may already be deleted)', { status });
    return new CrmError('not_found', `Not found: ${ctx.method} ${scrubSecret(ctx.path, ctx.apiKey)}. Check the profile's base URL and endpoint paths`, { status });
  }
  if (status === 429) {
    const ms = ctx.retryAfterMs ?? 1000;
    return new CrmError('rate_limited', `Rate limited by the server; try again in ${formatWait(ms)}`, { status, retryAfterMs: ms });
  }
  if (status >= 500 && status <= 599) {
    return new CrmError('server_error', `Server error (HTTP ${status}); contact support if it persists`, { status });
  }
  if (status >= 300 && status <= 399) {
    return new CrmError('http_status', `The server answered with a redirect (HTTP ${status}); check the profile's base URL (http or https, path prefix)`, { status });
  }
  if (status === 408) return new CrmError('http_status', 'The server gave up waiting for the request (HTTP 408)', { status });
  if (status === 413) return new CrmError('http_status', 'The request is too large for the server (HTTP 413)', { status });
  return new CrmError('http_status', `Unexpected answer from the server: HTTP ${status}`, { status });
}

export function formatWait(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} min`;
  return `${Math.ceil(minutes / 60)} h`;
}
