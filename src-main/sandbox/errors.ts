// The error body of docs/API.md: {"error":{"code","message","details"?}}, details only on 400.
// Every error answer starts as a Problem (code, message, details); the dialect in use turns it
// into its body (ErrorFormat), so one pipeline answers errors in each dialect's own shape.

export type ErrorCode =
  'bad_request' | 'idempotency_mismatch' | 'unauthorized' | 'forbidden' | 'not_found' | 'rate_limited' | 'server_error';

export interface FieldError {
  field: string;
  message: string;
}

/** What went wrong, before any dialect shaped it into a body. */
export interface Problem {
  code: ErrorCode;
  message: string;
  /** only on 400 */
  details?: FieldError[];
  /** on a 404 for a path no route has: what was asked (some vendors' bodies repeat it) */
  request?: { method: string; path: string };
}

export interface ErrorBody {
  error: Problem;
}

/** A dialect's error body for an answer with `status`. */
export type ErrorFormat = (status: number, problem: Problem) => unknown;

export function errorBody(code: ErrorCode, message: string, details?: FieldError[]): ErrorBody {
  return details && details.length > 0 ? { error: { code, message, details } } : { error: { code, message } };
}

/** A 400 whose message names the fields, so a client showing only `message` is still useful. */
export function invalidBody(details: FieldError[]): ErrorBody {
  const fields = [...new Set(details.map((d) => d.field))].join(', ');
  return errorBody('bad_request', `invalid request data: ${fields}`, details);
}

/** docs/API.md's own shape (the default dialect). */
export const apiErrorFormat: ErrorFormat = (_status, problem) => errorBody(problem.code, problem.message, problem.details);
