// A handler's answer as plain data; server.ts writes it. `body` is either a value to serialise
// or an already-serialised JSON string (the contacts listing builds its JSON from cached parts).
// An error answer also carries its Problem: renderReply() gives it the dialect's error body
// before it is stored for idempotent replay or written.
import type { ServerResponse } from 'node:http';
import { errorBody, invalidBody } from './errors';
import type { ErrorCode, ErrorFormat, FieldError, Problem } from './errors';

export interface Reply {
  status: number;
  body: unknown;
  /** true when `body` is a JSON string to send as is */
  preserialized?: boolean;
  headers?: Record<string, string>;
  /** set on an error answer until renderReply() has shaped its body for the dialect */
  problem?: Problem;
  /**
   * An answer that goes on (the event stream): writeReply() sets the status and headers, then
   * hands the response over; `body` is not written.
   */
  stream?: (res: ServerResponse) => void;
}

export function json(status: number, body: unknown, headers?: Record<string, string>): Reply {
  return headers ? { status, body, headers } : { status, body };
}

/** An error answer; `body` is docs/API.md's shape until renderReply() gives it the dialect's. */
export function problemReply(status: number, problem: Problem, headers?: Record<string, string>): Reply {
  const body = errorBody(problem.code, problem.message, problem.details);
  // the whole problem (with `request`) for the dialect's format; docs/API.md's body leaves `request` out
  return { ...json(status, body, headers), problem: problem.request ? { ...body.error, request: problem.request } : body.error };
}

export function fail(status: number, code: ErrorCode, message: string, headers?: Record<string, string>): Reply {
  return problemReply(status, { code, message }, headers);
}

export function badRequest(details: FieldError[]): Reply {
  return problemReply(400, invalidBody(details).error);
}

export function field(name: string, message: string): FieldError {
  return { field: name, message };
}

/** The reply with its error body in the dialect's shape; replies without a problem are kept as they are. */
export function renderReply(reply: Reply, format: ErrorFormat): Reply {
  if (reply.problem === undefined) return reply;
  const { problem, ...rest } = reply;
  return { ...rest, body: format(reply.status, problem) };
}

export function serializeReply(reply: Reply): string {
  return reply.preserialized ? String(reply.body) : JSON.stringify(reply.body);
}

/** Writes a JSON reply; extra headers (rate limit, Connection: close) are merged in. */
export function writeReply(res: ServerResponse, reply: Reply, extraHeaders?: Record<string, string>): void {
  if (res.headersSent || res.destroyed) return;
  if (reply.stream) {
    res.statusCode = reply.status;
    for (const [name, value] of Object.entries({ ...extraHeaders, ...reply.headers })) res.setHeader(name, value);
    reply.stream(res);
    return;
  }
  const text = serializeReply(reply);
  res.statusCode = reply.status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries({ ...extraHeaders, ...reply.headers })) res.setHeader(name, value);
  res.end(text);
}
