// A handler's answer as plain data; server.ts writes it. `body` is either a value to serialise
// or an already-serialised JSON string (the contacts listing builds its JSON from cached parts).
import type { ServerResponse } from 'node:http';
import { errorBody, invalidBody } from './errors';
import type { ErrorCode, FieldError } from './errors';

export interface Reply {
  status: number;
  body: unknown;
  /** true when `body` is a JSON string to send as is */
  preserialized?: boolean;
  headers?: Record<string, string>;
}

export function json(status: number, body: unknown, headers?: Record<string, string>): Reply {
  return headers ? { status, body, headers } : { status, body };
}

export function fail(status: number, code: ErrorCode, message: string, headers?: Record<string, string>): Reply {
  return json(status, errorBody(code, message), headers);
}

export function badRequest(details: FieldError[]): Reply {
  return json(400, invalidBody(details));
}

export function field(name: string, message: string): FieldError {
  return { field: name, message };
}

export function serializeReply(reply: Reply): string {
  return reply.preserialized ? String(reply.body) : JSON.stringify(reply.body);
}

/** Writes a JSON reply; extra headers (rate limit, Connection: close) are merged in. */
export function writeReply(res: ServerResponse, reply: Reply, extraHeaders?: Record<string, string>): void {
  if (res.headersSent || res.destroyed) return;
  const text = serializeReply(reply);
  res.statusCode = reply.status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries({ ...extraHeaders, ...reply.headers })) res.setHeader(name, value);
  res.end(text);
}
