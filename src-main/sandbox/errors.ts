// The error body of API.md: {"error":{"code","message","details"?}}, details only on 400.

export type ErrorCode =
  | 'bad_request'
  | 'idempotency_mismatch'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'rate_limited'
  | 'server_error';

export interface FieldError {
  field: string;
  message: string;
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: FieldError[] };
}

export function errorBody(code: ErrorCode, message: string, details?: FieldError[]): ErrorBody {
  return details && details.length > 0 ? { error: { code, message, details } } : { error: { code, message } };
}

/** A 400 whose message names the fields, so a client showing only `message` is still useful. */
export function invalidBody(details: FieldError[]): ErrorBody {
  const fields = [...new Set(details.map((d) => d.field))].join(', ');
  return errorBody('bad_request', `invalid request data: ${fields}`, details);
}
