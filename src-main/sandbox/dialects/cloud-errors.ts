// The cloud dialect's error body, modelled on Meta's Graph API:
// {"error":{"message","type":"OAuthException","code","error_data":{"messaging_product","details"},"fbtrace_id"}}.
// The code and message follow Meta's for each kind of problem (100 invalid parameter, 190 bad
// token, 10 permission, 4 rate limit, 803 unknown object, 1 unknown error); error_data.details
// keeps the sandbox's own reason, which a client can show.
import { randomBytes } from 'node:crypto';
import type { ErrorFormat, Problem } from '../errors';
import { listProblems, sentence } from './error-text';

export interface CloudCode {
  code: number;
  message: string;
  /** Meta marks errors worth retrying */
  transient?: boolean;
}

function cloudCode(problem: Problem): CloudCode {
  switch (problem.code) {
    case 'unauthorized':
      return { code: 190, message: 'Invalid OAuth access token - Cannot parse access token' };
    case 'forbidden':
      return { code: 10, message: '(#10) Application does not have permission for this action' };
    case 'rate_limited':
      return { code: 4, message: '(#4) Application request limit reached', transient: true };
    case 'not_found':
      return { code: 803, message: '(#803) Some of the aliases you requested do not exist' };
    case 'server_error':
      return { code: 1, message: 'An unknown error has occurred.', transient: true };
    case 'bad_request':
    case 'idempotency_mismatch': {
      const first = problem.details?.[0];
      return {
        code: 100,
        message: first ? `(#100) Invalid parameter: ${first.field} ${first.message}` : `(#100) ${sentence(problem.message)}`,
      };
    }
  }
}

/** What a Graph API error body says; `graphErrorBody` writes it in Meta's shape. */
export interface GraphError extends CloudCode {
  /** error_data.details: the reason a client can show */
  details: string;
  /** default OAuthException; Graph's own object errors say GraphMethodException */
  type?: string;
  /** Graph still sends one on some errors (33: the object does not exist) */
  subcode?: number;
}

export function graphErrorBody({ code, message, transient, details, type, subcode }: GraphError): unknown {
  return {
    error: {
      message,
      type: type ?? 'OAuthException',
      code,
      ...(subcode !== undefined ? { error_subcode: subcode } : {}),
      ...(transient ? { is_transient: true } : {}),
      error_data: { messaging_product: 'whatsapp', details },
      fbtrace_id: randomBytes(16).toString('base64url'),
    },
  };
}

export const cloudErrorFormat: ErrorFormat = (_status, problem) => {
  const details =
    problem.details && problem.details.length > 0
      ? sentence(`Invalid parameters: ${listProblems(problem.details)}`)
      : sentence(problem.message);
  return graphErrorBody({ ...cloudCode(problem), details });
};
