// One request, start to end: injected fault -> route (404, an unknown path or a path parameter
// that names nothing) -> auth (401, the key read where the route's dialect puts it) ->
// permission (403) -> rate limit (429) -> upload budget (503) -> body (400 too large / 408 too
// slow) -> Idempotency-Key -> JSON or form and field checks (400) -> handler. Auth comes before
// any look at the body, so a bad body with a bad key is 401. Anything thrown is a sandbox bug and answers 500; bad input never does.
// The journal keeps only requests that carried a valid key or met an injected fault: traffic
// without a key is answered and forgotten (its body read and dropped, never buffered), so a
// flood of it cannot grow the app the sandbox runs in.
// A public route (the playground) skips auth, permission and rate limit. Every error answer gets
// the dialect's error body (ctx.errorFormat) before it is stored for replay or written.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { CredentialPlacement } from './auth';
import { BEARER, accountMismatch, authenticate, challengeHeaders } from './auth';
import { checkContentType, parseBodyObject, readBody } from './body';
import type { ReadOptions } from './body';
import type { KeyRecord } from './keys';
import type { ErrorCode, ErrorFormat } from './errors';
import type { FaultQueue } from './faults';
import { hashBody, isValidIdempotencyKey } from './idempotency';
import type { RequestJournal } from './journal';
import { firstValues, flatHeaders } from './journal';
import type { Reply } from './reply';
import { badRequest, fail, field, problemReply, renderReply, writeReply } from './reply';
import { requestOrigin } from './request-origin';
import type { AnyRoute, PublicRoute, Route } from './router';
import { SMALL_BODY_LIMIT, isPublicRoute, matchRoute } from './router';
import type { SandboxState } from './state';
import type { SandboxFault, SandboxRequestRecord } from './types';
import type { UploadBudget } from './upload-budget';

export interface PipelineContext {
  state: SandboxState;
  routes: readonly AnyRoute[];
  /** the dialect's error body */
  errorFormat: ErrorFormat;
  /** where the dialect's routes read the key; also used for paths no route has */
  credentials: CredentialPlacement;
  /** the listening address as a base URL, for a request without a usable Host header */
  origin(): string;
  faults: FaultQueue;
  journal: RequestJournal;
  /** request bodies held in memory at once, all requests together */
  uploads: UploadBudget;
  timeoutMs: number;
  log: ((line: string) => void) | undefined;
  /** resolves after `ms`, or at once when the server stops */
  sleep(ms: number): Promise<void>;
}

interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  path: string;
  query: URLSearchParams;
  record: SandboxRequestRecord;
  /** puts the record in the journal (once); until then the request is not kept */
  keep(): void;
  kept(): boolean;
}

const ignore = (): void => {};

export async function handleRequest(ctx: PipelineContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  req.on('error', ignore);
  const started = performance.now();
  const target = req.url ?? '/';
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  const query = new URLSearchParams(q < 0 ? '' : target.slice(q + 1));
  const method = (req.method ?? 'GET').toUpperCase();
  const record: SandboxRequestRecord = {
    method,
    path,
    query: firstValues(query),
    headers: flatHeaders(req.headers),
    rawBody: '',
    json: undefined,
    status: 0,
    at: Date.now(),
  };
  let kept = false;
  const keep = (): void => {
    if (kept) return;
    kept = true;
    ctx.journal.add(record);
  };
  const ex: Exchange = { req, res, method, path, query, record, keep, kept: () => kept };
  res.once('close', () => {
    if (!res.headersSent) record.status = 0;
    // path only: the query may carry what a person searched for; headers are never logged
    ctx.log?.(`${method} ${path} ${record.status || '-'} ${(performance.now() - started).toFixed(1)}ms`);
  });
  try {
    await run(ctx, ex);
  } catch (err) {
    ctx.log?.(`sandbox bug on ${method} ${path}: ${(err as Error).message}`);
    if (!res.headersSent) send(ctx, ex, fail(500, 'server_error', 'the sandbox failed on this request'), { Connection: 'close' });
    else res.destroy();
  }
}

function send(ctx: PipelineContext, ex: Exchange, reply: Reply, headers?: Record<string, string>): void {
  ex.record.status = reply.status;
  if (headers?.Connection === 'close') closeGracefully(ex.req.socket);
  writeReply(ex.res, renderReply(reply, ctx.errorFormat), headers);
}

const LINGER_MS = 2000;

/**
 * For an answer given while the client is still sending (a body too large, or not read):
 * Node destroys the socket once the answer is flushed, and closing a socket with unread
 * bytes sends a TCP reset that can make the client lose the answer. Instead, send FIN after
 * the answer and keep discarding what arrives for a moment (a lingering close).
 */
function closeGracefully(socket: Socket): void {
  socket.destroySoon = function lingeringClose(this: Socket): void {
    this.end();
    setTimeout(() => this.destroy(), LINGER_MS).unref();
  };
}

/** The body as JSON for the journal, when it is small and parses; undefined otherwise. */
function lenientJson(bytes: Buffer): unknown {
  try {
    return bytes.length > 0 && bytes.length <= SMALL_BODY_LIMIT ? JSON.parse(bytes.toString('utf8')) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Answers without using the body; reads up to 64 KiB of it (kept for the journal only when the
 * request is kept, else dropped as it comes), closes if more is coming.
 */
async function answerEarly(ctx: PipelineContext, ex: Exchange, write: (headers: Record<string, string>) => void): Promise<void> {
  const keep = ex.kept();
  const body = await readBody(ex.req, SMALL_BODY_LIMIT, ctx.timeoutMs, { keep });
  if (body.kind === 'aborted') return;
  if (body.kind === 'ok' && keep) ctx.journal.attachBody(ex.record, body.bytes, lenientJson(body.bytes));
  write(body.kind === 'ok' ? {} : { Connection: 'close' });
}

function early(ctx: PipelineContext, ex: Exchange, reply: Reply, headers: Record<string, string> = {}): Promise<void> {
  return answerEarly(ctx, ex, (extra) => send(ctx, ex, reply, { ...headers, ...extra }));
}

const FAULT_CODES: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  429: 'rate_limited',
};

/** Returns true when the fault answered (or dropped) the request. */
async function applyFault(ctx: PipelineContext, ex: Exchange, fault: SandboxFault): Promise<boolean> {
  switch (fault.kind) {
    case 'reset':
      ex.req.socket.resetAndDestroy();
      return true;
    case 'hang':
      return true;
    case 'delay':
      await ctx.sleep(fault.ms);
      return ex.res.destroyed || ex.req.socket.destroyed;
    case 'rate_limit':
      await early(ctx, ex, fail(429, 'rate_limited', 'rate limit exceeded (injected fault)'), { 'Retry-After': fault.retryAfter ?? '1' });
      return true;
    case 'status': {
      const text =
        fault.body ??
        (fault.status >= 400
          ? JSON.stringify(
              ctx.errorFormat(fault.status, {
                code: FAULT_CODES[fault.status] ?? 'server_error',
                message: `injected fault: HTTP ${fault.status}`,
              }),
            )
          : '{}');
      await answerEarly(ctx, ex, (extra) => {
        if (ex.res.headersSent || ex.res.destroyed) return;
        ex.record.status = fault.status;
        if (extra.Connection === 'close') closeGracefully(ex.req.socket);
        ex.res.writeHead(fault.status, {
          'Content-Type': fault.contentType ?? 'application/json; charset=utf-8',
          'Content-Length': String(Buffer.byteLength(text)),
          ...extra,
          ...fault.headers,
        });
        ex.res.end(text);
      });
      return true;
    }
  }
}

async function run(ctx: PipelineContext, ex: Exchange): Promise<void> {
  const fault = ctx.faults.take(ex.method, ex.path);
  // a request a test's fault meets is kept, key or not: the test injected it and looks for it
  if (fault) ex.keep();
  if (fault && (await applyFault(ctx, ex, fault))) return;

  const match = matchRoute(ctx.routes, ex.method, ex.path);
  // the key is read where the route expects it (the key routes keep Bearer in every dialect)
  const placement = match.kind === 'found' && !isPublicRoute(match.route) ? (match.route.credentials ?? BEARER) : ctx.credentials;
  // a valid key (on any path) is what makes a request worth keeping
  const auth = authenticate(ctx.state.keys, ex.req.headers, placement);
  if (auth.ok) ex.keep();
  const request = { method: ex.method, path: ex.path };
  const { keys, limiter } = ctx.state;
  // docs/API.md puts the rate-limit headers on every authenticated answer, a 404 included. Like a
  // 403, a 404 does no work for the key, so it shows the bucket without taking a token: a
  // client that probes a path the service lacks does not spend its budget on it.
  const notFoundHeaders = auth.ok ? limiter.peek(auth.key.id) : {};
  if (match.kind === 'not_found') {
    return early(
      ctx,
      ex,
      problemReply(404, { code: 'not_found', message: `no route for ${ex.method} ${ex.path}`, request }),
      notFoundHeaders,
    );
  }
  if (match.kind === 'wrong_method') {
    const allow = match.allowed.join(', ');
    const message = `${ex.path} does not answer ${ex.method}; it answers ${allow}`;
    return early(ctx, ex, problemReply(404, { code: 'not_found', message, request }, { Allow: allow }), notFoundHeaders);
  }
  if (isPublicRoute(match.route)) return servePublic(ctx, ex, match.route, match.params);
  const { route, params } = match;

  const unknown = route.unknown?.(params);
  if (unknown) return early(ctx, ex, fail(404, 'not_found', unknown), notFoundHeaders);
  if (!auth.ok) return early(ctx, ex, fail(401, 'unauthorized', auth.message), challengeHeaders(placement));
  const mismatch = accountMismatch(placement, auth.username, params);
  if (mismatch) return early(ctx, ex, fail(401, 'unauthorized', mismatch), challengeHeaders(placement));
  const key = auth.key;
  keys.markUsed(key);
  if (!key.permissions.includes(route.permission) && !route.alsoAllows?.(key, params)) {
    return early(ctx, ex, fail(403, 'forbidden', `this API key lacks the ${route.permission} permission`), limiter.peek(key.id));
  }
  const rate = limiter.take(key.id);
  if (!rate.allowed) return early(ctx, ex, fail(429, 'rate_limited', 'rate limit exceeded; retry after Retry-After seconds'), rate.headers);

  // Memory for the body, held until the answer is written: past the budget, 503 before reading it.
  const declared = Number(ex.req.headers['content-length']);
  const known = Number.isFinite(declared) && declared >= 0 && declared <= route.maxBody;
  let held = 0;
  if (known && !ctx.uploads.tryReserve(declared)) return early(ctx, ex, busy(), { ...rate.headers, 'Retry-After': '1' });
  if (known) held = declared;
  const reserve = (bytes: number): boolean => {
    if (!ctx.uploads.tryReserve(bytes)) return false;
    held += bytes;
    return true;
  };
  try {
    await answerWithBody(ctx, ex, route, params, key, rate.headers, known ? {} : { reserve });
  } finally {
    ctx.uploads.release(held);
  }
}

function busy(): Reply {
  return fail(503, 'server_error', 'the sandbox is receiving too many large requests at once; retry after Retry-After seconds');
}

async function answerWithBody(
  ctx: PipelineContext,
  ex: Exchange,
  route: Route,
  params: Record<string, string>,
  key: KeyRecord,
  rateHeaders: Record<string, string>,
  options: ReadOptions,
): Promise<void> {
  const body = await readBody(ex.req, route.maxBody, ctx.timeoutMs, options);
  if (body.kind === 'aborted') return;
  if (body.kind === 'over_budget') return send(ctx, ex, busy(), { ...rateHeaders, 'Retry-After': '1', Connection: 'close' });
  if (body.kind === 'timeout') {
    return send(ctx, ex, fail(408, 'bad_request', 'the request body stalled or arrived too slowly'), {
      ...rateHeaders,
      Connection: 'close',
    });
  }
  if (body.kind === 'too_large') {
    return send(ctx, ex, badRequest([field('body', `the request body is larger than ${route.maxBody} bytes`)]), {
      ...rateHeaders,
      Connection: 'close',
    });
  }
  const bytes = body.bytes;
  const encoding = route.encoding ?? 'json';
  // an empty form is an object without fields; an empty JSON body is no object at all
  const parsed = route.json && (bytes.length > 0 || encoding === 'form') ? parseBodyObject(encoding, bytes) : null;
  ctx.journal.attachBody(ex.record, bytes, parsed?.ok ? parsed.value : lenientJson(bytes));

  const answer = (): Reply => {
    if (!route.json)
      return route.handle(
        {
          params,
          query: ex.query,
          body: {},
          key,
          raw: { bytes, contentType: ex.req.headers['content-type'] },
          headers: ex.req.headers,
          origin: requestOrigin(ex.req.headers.host, ctx.origin()),
        },
        ctx.state,
      );
    const contentType = checkContentType(encoding, ex.req.headers['content-type']);
    if (contentType) return badRequest([contentType]);
    const json = parsed ?? parseBodyObject(encoding, bytes);
    if (!json.ok) return badRequest(json.details);
    return route.handle({ params, query: ex.query, body: json.value, key, headers: ex.req.headers }, ctx.state);
  };
  // rendered here, so an idempotent replay repeats the dialect's body
  const runRoute = (): Reply => renderReply(answer(), ctx.errorFormat);

  const rawIdempotencyKey = ex.req.headers['idempotency-key'];
  const idempotencyKey = Array.isArray(rawIdempotencyKey) ? rawIdempotencyKey.join(', ') : rawIdempotencyKey;
  let reply: Reply;
  if (!route.idempotent || idempotencyKey === undefined) {
    reply = runRoute();
  } else if (!isValidIdempotencyKey(idempotencyKey)) {
    reply = badRequest([field('Idempotency-Key', 'must be 1 to 255 printable ASCII characters without spaces')]);
  } else {
    // a route whose URL carries the message hashes it too: another text under the same key is a mismatch
    const sent = route.payloadInUrl ? Buffer.concat([Buffer.from(`${ex.req.url ?? ''}\n`), bytes]) : bytes;
    reply = await ctx.state.idempotency.run(`${route.method} ${route.path}`, idempotencyKey, hashBody(sent), runRoute);
  }
  send(ctx, ex, reply, rateHeaders);
}

/** No key needed; the body, if any, is only read for the journal. */
function servePublic(ctx: PipelineContext, ex: Exchange, route: PublicRoute, params: Record<string, string>): Promise<void> {
  const origin = requestOrigin(ex.req.headers.host, ctx.origin());
  return early(ctx, ex, route.handle({ query: ex.query, origin, params }, ctx.state));
}
