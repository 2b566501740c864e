// A failed exchange (no HTTP status) -> a typed CrmError with a person-readable message. Only
// error codes are inspected; the underlying error's own message is never copied (it can hold
// addresses, paths or header fragments).
import { CrmError } from '../errors';
import { cancelledError } from './abortable-sleep';

/** Thrown by the file body stream when the file cannot be read or changed since it was chosen. */
export class FileBodyError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.name = 'FileBodyError';
    this.reason = reason;
  }
}

export interface NetworkContext {
  origin: string;
  aborted: boolean;
  timeouts: { connectMs: number; headersMs: number; bodyMs: number };
}

/** the connection was never made: nothing of the request reached the server */
const UNSENT = { unsent: true } as const;

export function networkError(err: unknown, ctx: NetworkContext): CrmError {
  if (ctx.aborted) return cancelledError();
  if (err instanceof CrmError) return err;
  const chain = errorChain(err);
  const fileError = chain.find((e): e is FileBodyError => e instanceof FileBodyError);
  if (fileError) return new CrmError('file_unreadable', fileError.reason);
  const codes = chain
    .map((e) => (typeof (e as { code?: unknown }).code === 'string' ? String((e as { code: string }).code) : ''))
    .filter((c) => c !== '');
  const has = (...wanted: string[]): boolean => codes.some((c) => wanted.includes(c));
  const origin = ctx.origin;

  if (has('UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT'))
    return new CrmError('timeout', `Timed out connecting to ${origin} (no answer within ${seconds(ctx.timeouts.connectMs)})`, UNSENT);
  if (has('UND_ERR_HEADERS_TIMEOUT')) return new CrmError('timeout', `${origin} did not answer within ${seconds(ctx.timeouts.headersMs)}`);
  if (has('UND_ERR_BODY_TIMEOUT'))
    return new CrmError('timeout', `The answer from ${origin} stalled for more than ${seconds(ctx.timeouts.bodyMs)}`);
  if (has('ECONNREFUSED'))
    return new CrmError('network', `Cannot reach ${origin}: connection refused (is the server running and the port right?)`, UNSENT);
  if (has('ENOTFOUND', 'EAI_NONAME', 'EAI_FAIL', 'EAI_NODATA'))
    return new CrmError('network', `Cannot reach ${origin}: the host name does not resolve (DNS lookup failed)`, UNSENT);
  if (has('EAI_AGAIN')) return new CrmError('network', `Cannot reach ${origin}: DNS lookup failed temporarily (offline?)`, UNSENT);
  if (has('ENETUNREACH', 'ENETDOWN', 'EHOSTUNREACH', 'EHOSTDOWN', 'EADDRNOTAVAIL'))
    return new CrmError('network', `Cannot reach ${origin}: no route to the host (offline?)`, UNSENT);
  const tls = codes.find((c) => isTlsCode(c));
  if (tls !== undefined) return new CrmError('network', `Secure connection to ${origin} failed: ${tlsReason(tls)}`, UNSENT);
  if (has('ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED'))
    return new CrmError('network', `The connection to ${origin} was reset before a complete answer`);
  const parserError = chain.some((e) => e instanceof Error && e.name === 'HTTPParserError');
  if (parserError || codes.some((c) => c.startsWith('HPE_')) || has('UND_ERR_INFO'))
    return new CrmError('network', `${origin} sent an answer that is not valid HTTP`);
  if (has('UND_ERR_HEADERS_OVERFLOW')) return new CrmError('bad_response', `${origin} sent response headers that are too large`);
  if (has('UND_ERR_REQ_CONTENT_LENGTH_MISMATCH'))
    return new CrmError('file_unreadable', 'The file changed while it was being sent; choose it again');
  if (has('UND_ERR_RES_CONTENT_LENGTH_MISMATCH')) return new CrmError('network', `The answer from ${origin} was cut short`);
  if (has('UND_ERR_DESTROYED', 'UND_ERR_CLOSED'))
    return new CrmError('cancelled', 'The request was cancelled because the connection pool was closed');
  if (has('UND_ERR_ABORTED', 'UND_ERR_ABORT', 'ABORT_ERR')) return cancelledError();
  if (has('UND_ERR_INVALID_ARG')) return new CrmError('internal', 'The request could not be sent: a header or option was invalid');
  return new CrmError('network', `Network error talking to ${origin}${codes[0] ? ` (${codes[0]})` : ''}`);
}

/** err, its causes and an AggregateError's members (happy-eyeballs connects), depth-limited. */
function errorChain(err: unknown): unknown[] {
  const out: unknown[] = [];
  const visit = (e: unknown, depth: number): void => {
    if (e === null || e === undefined || depth > 5 || out.includes(e)) return;
    out.push(e);
    if (typeof e !== 'object') return;
    visit((e as { cause?: unknown }).cause, depth + 1);
    const members = (e as { errors?: unknown }).errors;
    if (Array.isArray(members)) for (const m of members) visit(m, depth + 1);
  };
  visit(err, 0);
  return out;
}

function isTlsCode(code: string): boolean {
  return /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|EPROTO$|ERR_OSSL_)/.test(code);
}

function tlsReason(code: string): string {
  if (code === 'DEPTH_ZERO_SELF_SIGNED_CERT' || code === 'SELF_SIGNED_CERT_IN_CHAIN')
    return 'the certificate is self-signed and not trusted';
  if (code === 'CERT_HAS_EXPIRED') return 'the certificate has expired';
  if (code === 'CERT_NOT_YET_VALID') return 'the certificate is not valid yet (check the clock)';
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code === 'HOSTNAME_MISMATCH') return 'the certificate is for another host name';
  if (code.startsWith('UNABLE_TO_')) return 'the certificate is not signed by a trusted authority';
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'EPROTO' || code.startsWith('ERR_SSL_'))
    return 'the server does not speak TLS here (http vs https?) or the handshake failed';
  return `TLS error ${code}`;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
