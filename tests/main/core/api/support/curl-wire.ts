// The same pasted cURL sent twice to one loopback capture server: once by the real curl (run in
// bash, as a person would), once by the app (the operation learned from the paste, built and sent
// through the real sender with a key). What each one put on the wire is compared by the tests.
import { execFile } from 'node:child_process';
import { parseCurl } from '../../../../../src-main/core/api/curl/curl-parse';
import { proposeOperation } from '../../../../../src-main/core/api/propose';
import { parseApiDescription } from '../../../../../src-main/core/api/schema';
import type { DescribedOperation, OperationSpec } from '../../../../../src-main/core/api/types';
import { createApiClient } from '../../../../../src-main/core/http/api-client';
import type { Operation } from '../../../../../src-main/core/operations';
import { buildRequest } from '../../../../../src-main/core/request/request-builder';
import type { LocalServer, ReceivedRequest } from '../../http/support/local-server';

/** Headers that say who sends and how the bytes travel, not what the request is. */
const TRANSPORT = new Set(['host', 'user-agent', 'connection', 'content-length', 'accept-encoding', 'transfer-encoding']);
// the app's own, which curl never sends: an operation's retry guard
TRANSPORT.add('idempotency-key');

export interface Wire {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * The request as the server saw it, without the transport headers (and Accept unless
 * `keepAccept`: curl's own says any type), and a multipart boundary (random on both sides) as BOUNDARY.
 */
export function wireOf(received: ReceivedRequest, keepAccept: boolean): Wire {
  const headers: Record<string, string> = {};
  const boundary = /boundary=(\S+)/.exec(received.headers['content-type'] ?? '')?.[1];
  const unbound = (text: string): string => (boundary === undefined ? text : text.replaceAll(boundary, 'BOUNDARY'));
  for (const [name, value] of Object.entries(received.headers)) {
    if (TRANSPORT.has(name) || (name === 'accept' && !keepAccept)) continue;
    headers[name] = unbound(value);
  }
  const body = boundary === undefined ? received.body : Buffer.from(unbound(received.body.toString('latin1')), 'latin1');
  return { method: received.method, url: received.url, headers, body };
}

/** The app's request without the key it adds as `Authorization: Bearer` where the paste sent none (the profile's default). */
export function withoutDefaultKey(app: Wire, curl: Wire, key: string): Wire {
  if (curl.headers.authorization !== undefined || app.headers.authorization !== `Bearer ${key}`) return app;
  const headers = { ...app.headers };
  delete headers.authorization;
  return { ...app, headers };
}

/** Runs `curl <args>` in bash against `server`; `{URL}` in args stands for the server's address. */
export async function curlSends(server: LocalServer, args: string): Promise<ReceivedRequest> {
  const before = server.received.length;
  await new Promise<void>((resolve, reject) => {
    execFile('bash', ['-c', `curl -sS -o /dev/null ${args.replaceAll('{URL}', server.url)}`], { timeout: 10_000 }, (err, _out, stderr) => {
      if (err) reject(new Error(`curl failed: ${stderr}`));
      else resolve();
    });
  });
  const got = server.received[before];
  if (got === undefined) throw new Error('curl sent nothing');
  return got;
}

/** The operation the app learns from the same paste, as saved (it passes the stored description's checks). */
export function learnSpec(server: LocalServer, args: string, operation: DescribedOperation): OperationSpec {
  const proposal = proposeOperation(parseCurl(`curl ${args.replaceAll('{URL}', server.url)}`), operation, { profileBaseUrl: server.url });
  const checked = parseApiDescription({ version: 1, operations: { [operation]: proposal.spec } });
  if (!checked.ok) throw new Error(`the learned spec does not pass the stored checks: ${JSON.stringify(checked)}`);
  return proposal.spec;
}

/** The app's send of `operation` with the learned spec and `key`, through the real sender. */
export async function appSends(server: LocalServer, spec: OperationSpec, operation: Operation, key: string): Promise<ReceivedRequest> {
  const client = createApiClient();
  const api = { version: 1 as const, operations: { [operation.op]: spec } };
  const request = await buildRequest(operation, { baseUrl: server.url, endpointOverrides: {}, api });
  const before = server.received.length;
  try {
    await client.send(request, key);
  } finally {
    await client.close();
  }
  const got = server.received[before];
  if (got === undefined) throw new Error('the app sent nothing');
  return got;
}
