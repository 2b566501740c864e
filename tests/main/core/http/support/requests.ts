// PreparedRequests for the HTTP tests, built with the real builder against a test server.
import type { PreparedRequest } from '../../../../../src-main/core/http/prepared-request';
import type { Operation } from '../../../../../src-main/core/operations';
import { buildRequest } from '../../../../../src-main/core/request/request-builder';

export const CANARY_KEY = 'crm_sk_CANARY_s3cr3t_9f8e7d6c5b4a';

let counter = 0;
export function idempotencyKey(label = 'test'): string {
  counter += 1;
  return `${label}-${process.pid}-${Date.now()}-${counter}`;
}

export function build(baseUrl: string, op: Operation): Promise<PreparedRequest> {
  return buildRequest(op, { baseUrl, endpointOverrides: {} });
}

export const listContacts = (baseUrl: string): Promise<PreparedRequest> => build(baseUrl, { op: 'contacts.list', input: { perPage: 1 } });
export const sendText = (baseUrl: string, text = 'hello', key: string | null = idempotencyKey()): Promise<PreparedRequest> =>
  build(baseUrl, { op: 'messages.text', input: { number: '5511999990000', text }, idempotencyKey: key ?? 'x' }).then((r) =>
    key === null ? withoutIdempotencyKey(r) : r,
  );
export const createKey = (baseUrl: string): Promise<PreparedRequest> => build(baseUrl, { op: 'keys.create', input: { name: 'test key' } });

/** The same POST as a client that does not send an Idempotency-Key (never retry-safe). */
export function withoutIdempotencyKey(request: PreparedRequest): PreparedRequest {
  const headers = { ...request.headers };
  delete headers['Idempotency-Key'];
  return { ...request, headers, idempotencyKey: null, retrySafe: false };
}

/** Runs `fn`, returns what it threw. */
export { caught } from '../../../helpers/secret-scan';
