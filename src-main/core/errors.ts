// The one error type the core throws. It carries only what is safe to show a person:
// never a key value, never a request header, never a response body beyond the server's
// field details.
import type { ErrorCode, ErrorInfo, FieldDetail } from './model';

export class CrmError extends Error {
  readonly code: ErrorCode;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly details: FieldDetail[] | undefined;
  /**
   * true when the request certainly never left this computer (connection refused, DNS, no
   * route, TLS handshake): a retry cannot be a second copy. Not part of ErrorInfo.
   */
  readonly unsent: boolean;

  constructor(
    code: ErrorCode,
    message: string,
    extra: { status?: number; retryAfterMs?: number; details?: FieldDetail[]; unsent?: boolean } = {},
  ) {
    super(message);
    this.name = 'CrmError';
    this.code = code;
    this.status = extra.status;
    this.retryAfterMs = extra.retryAfterMs;
    this.details = extra.details;
    this.unsent = extra.unsent === true;
  }

  toInfo(): ErrorInfo {
    const info: ErrorInfo = { code: this.code, message: this.message };
    if (this.status !== undefined) info.status = this.status;
    if (this.retryAfterMs !== undefined) info.retryAfterMs = this.retryAfterMs;
    if (this.details !== undefined) info.details = this.details;
    return info;
  }
}

/** Turns anything thrown into safe, person-readable data. Unknown errors keep only a generic message. */
export function toErrorInfo(err: unknown): ErrorInfo {
  if (err instanceof CrmError) return err.toInfo();
  return { code: 'internal', message: 'Unexpected internal error. Details were written to the app log.' };
}
