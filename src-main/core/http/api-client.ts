// The undici sender (HttpSender): sends a PreparedRequest with the key where the request's
// credential placement says (`Authorization: Bearer <key>` unless the service wants otherwise),
// streams file bodies, maps every failure to a typed CrmError, and retries 429s where a retry
// is safe. 5xx and network failures are NOT retried here: the durable outbox owns those, so a
// message is never sent twice by two retry layers.
//
// Secrets: the key only ever sits in the outgoing header map. Log entries carry redacted
// headers, errors carry messages built here from status codes and error codes, never from
// the key, a header or the raw response body.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { CrmError } from '../errors';
import type { ErrorCode } from '../model';
import type { Sleep } from './abortable-sleep';
import { abortableSleep, cancelledError } from './abortable-sleep';
import { DispatcherCache, environmentRoute, type NetworkRoute } from './network/dispatcher-cache';
import { newTrace, timingOf, traced, type RequestTrace } from './request-timing';
import { BEARER, KEY_MASK, credentialHeaderName, loggedKey, placeCredential, withQueryCredential } from './credential';
import { checkFileUnchanged, fileBodyLength, fileBodyStream } from './file-body';
import { followAbort } from './follow-abort';
import { AttemptDeadlines, type AttemptDeadline } from './attempt-deadlines';
import { isKeyValueField } from './scrub/key-answers';
import { holdsKey } from '../keys/leak-finder';
import { MAX_ANSWER_DEPTH, nestedTooDeep } from './json-depth';
import { failureInSuccess } from '../api/errors/failure-in-success';
import { checkPartsUnchanged, multipartLength, multipartStream } from './multipart-body';
import { networkError } from './network-error';
import { observeExchange } from './observed-exchange';
import type { CredentialPlacement } from '../../shared/api-description';
import type { PreparedRequest } from './prepared-request';
import { probeBaseUrl } from './probe';
import { redactHeaders, scrubJson, scrubSecret } from './scrub/redact';
import { contentTypeOf, flattenHeaders, readBodyText } from './response-body';
import { parseRetryAfter } from './retry-after';
import { scrubHeaders } from './scrub/scrubbed-headers';
import type { ApiResponse, HttpSender, ObservedEntry, RequestObserver, SendOptions, SendProgress } from './sender';
import { statusError } from './status-error';
import { DEFAULT_REQUEST_DEADLINE_MS, deadlineError } from './request-deadline';
import { checkHeaderValues, wireHeaders } from './wire-headers';
import { USER_AGENT } from './user-agent';
import { publicWireUrl, wireUrl } from './wire-url';
import type { WireUrl } from './wire-url';

export interface ApiClientOptions {
  /** TCP + TLS connect, default 10 s */
  connectTimeoutMs?: number;
  /** from the request's end to the response headers, default 30 s */
  headersTimeoutMs?: number;
  /** longest silence while reading the response body, default 30 s */
  bodyTimeoutMs?: number;
  /**
   * longest one attempt may take from start to the answer's last byte (request-deadline.ts);
   * a function is asked at each attempt (the data folder's setting); default 60 s
   */
  deadlineMs?: number | (() => number);
  /** called once per attempt with Authorization redacted */
  observer?: RequestObserver;
  /**
   * told when a service's answer held the key the request carried (the leak response,
   * keys/key-leaks.ts); the key is scrubbed from the answer all the same
   */
  onKeyEcho?: (apiKey: string, host: string) => void;
  /** jitter source in [0, 1); default Math.random */
  random?: () => number;
  /** waits between 429 retries; default a real timer that the signal cancels */
  sleep?: Sleep;
  /** User-Agent header, default "crm-console/<version>" (user-agent.ts) */
  userAgent?: string;
  /** largest 2xx body read, default 64 MiB */
  maxResponseBytes?: number;
  /** proxy and trusted certificates; default from the environment and the OS (dispatcher-cache.ts) */
  network?: NetworkRoute;
}

export const DEFAULT_MAX_ATTEMPTS = 4;
export const DEFAULT_MAX_TOTAL_MS = 60_000;
/** the wait after a 429 without a usable Retry-After */
export const DEFAULT_RETRY_AFTER_MS = 1000;
const ERROR_BODY_BYTES = 64 * 1024;
const KEY_FORMAT = /^[\x21-\x7e]{8,512}$/;

export function createApiClient(options: ApiClientOptions = {}): HttpSender {
  return new ApiClient(options);
}

/** The request as the log may show it: a query credential and the credential header masked. */
interface LoggedCredential {
  target: string;
  /** the origin's host (with a non-default port), for the log's Host column */
  host: string;
  /** where the key went; its masked header is made only when an observer is told of the request */
  credential: CredentialPlacement;
}

function loggedHeaders(headers: Record<string, string>, credential: { name: string; value: string } | null): Record<string, string> {
  const out = redactHeaders(headers);
  if (credential === null) return out;
  const lower = credential.name.toLowerCase();
  for (const name of Object.keys(out)) if (name.toLowerCase() === lower) out[name] = credential.value;
  return out;
}

interface Exchange {
  status: number;
  headers: Record<string, string>;
  text: string;
  truncated: boolean;
}

class ApiClient implements HttpSender {
  private readonly timeouts: { connectMs: number; headersMs: number; bodyMs: number };
  private readonly pools: DispatcherCache;
  private readonly random: () => number;
  private readonly sleep: Sleep;
  private readonly observer: RequestObserver | undefined;
  private readonly onKeyEcho: ((apiKey: string, host: string) => void) | undefined;
  private readonly userAgent: string;
  private readonly maxResponseBytes: number;
  private readonly network: NetworkRoute;
  private readonly deadlineMs: () => number;
  private readonly deadlines = new AttemptDeadlines();

  constructor(options: ApiClientOptions) {
    const deadline = options.deadlineMs ?? DEFAULT_REQUEST_DEADLINE_MS;
    this.deadlineMs = typeof deadline === 'function' ? deadline : () => deadline;
    this.network = options.network ?? environmentRoute();
    this.timeouts = {
      connectMs: options.connectTimeoutMs ?? 10_000,
      headersMs: options.headersTimeoutMs ?? 30_000,
      bodyMs: options.bodyTimeoutMs ?? 30_000,
    };
    this.pools = new DispatcherCache(
      {
        connectTimeoutMs: this.timeouts.connectMs,
        headersTimeoutMs: this.timeouts.headersMs,
        bodyTimeoutMs: this.timeouts.bodyMs,
      },
      this.network,
    );
    this.random = options.random ?? Math.random;
    this.sleep = options.sleep ?? abortableSleep;
    this.observer = options.observer;
    this.onKeyEcho = options.onKeyEcho;
    this.userAgent = options.userAgent ?? USER_AGENT;
    this.maxResponseBytes = options.maxResponseBytes ?? 64 * 1024 * 1024;
  }

  async send(request: PreparedRequest, apiKey: string, options: SendOptions = {}): Promise<ApiResponse> {
    if (this.pools.isClosed) throw new CrmError('cancelled', 'The HTTP client was closed');
    if (!KEY_FORMAT.test(apiKey)) {
      throw new CrmError('validation', 'The API key is not in a valid format (8 to 512 printable characters, no spaces)');
    }
    const credential = request.credential ?? BEARER;
    const placed = placeCredential(credential, apiKey);
    let wire: WireUrl;
    /** what the request log shows as the path: a query credential masked, never the key */
    let loggedTarget: string;
    try {
      // the same normalised URL the cURL export prints (wire-url.ts)
      wire = placed.query === null ? publicWireUrl(request.url) : wireUrl(withQueryCredential(request.url, placed.query));
      loggedTarget =
        placed.query === null ? wire.target : wireUrl(withQueryCredential(request.url, { ...placed.query, value: KEY_MASK })).target;
    } catch {
      throw new CrmError('validation', 'The request URL is not a valid URL');
    }
    const logged: LoggedCredential = { target: loggedTarget, host: wire.parsed.host, credential };
    const url = wire.parsed;
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new CrmError('validation', 'The request URL must be http:// or https://');
    if (url.username !== '' || url.password !== '')
      throw new CrmError('validation', 'The request URL must not contain a user name or password');
    checkHeaderValues(request.headers);

    const maxAttempts = Math.max(1, Math.min(20, Math.floor(options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS)));
    const maxTotalMs = Math.max(0, options.maxTotalMs ?? DEFAULT_MAX_TOTAL_MS);
    const signal = options.signal;
    // time spent so far: attempt durations plus the waits asked of `sleep` (deterministic with an injected sleep)
    let spentMs = 0;
    let totalDurationMs = 0;

    for (let attempt = 1; ; attempt += 1) {
      if (signal?.aborted) throw cancelledError();
      const started = performance.now();
      // a number, not a Date: the log's time is written only when an observer is told of the request
      const startedAt = Date.now();
      const headers = this.headersFor(request, placed.header, credentialHeaderName(credential));
      const trace = newTrace(started);
      let exchange: Exchange;
      const deadline = this.deadlines.start(this.deadlineMs());
      const unfollow = followAbort(signal, deadline);
      try {
        exchange = await this.exchange(request, wire, headers, options, deadline, trace);
      } catch (err) {
        // the caller's cancel is a cancel; the deadline's is a timeout that names the deadline
        const error =
          deadline.expired && signal?.aborted !== true
            ? deadlineError(wire.origin, deadline.ms)
            : networkError(err, { origin: wire.origin, aborted: signal?.aborted === true, timeouts: this.timeouts });
        this.log(apiKey, request, logged, headers, startedAt, performance.now() - started, trace, null, error.code, attempt, null);
        throw error;
      } finally {
        this.deadlines.end(deadline);
        unfollow();
      }
      const durationMs = performance.now() - started;
      spentMs += durationMs;
      totalDurationMs += durationMs;
      const { status } = exchange;

      if (status >= 200 && status <= 299) {
        // A 2xx is a success even when its body cannot be read: the caller decides what an
        // unreadable answer means (a send still happened; a contacts page cannot be shown).
        const parsed = parseJsonBody(exchange, apiKey);
        // One scan of the body for the key serves the answer and the log. A body it leaves
        // unchanged holds no run of the key in any spelling JSON.parse undoes (scrubSecret
        // decodes escapes while it scans), so no string parsed from it does: the parsed value
        // needs no walk of its own.
        const scrubbedText = scrubSecret(exchange.text, apiKey);
        this.log(
          apiKey,
          request,
          logged,
          headers,
          startedAt,
          durationMs,
          trace,
          status,
          successCode(request, parsed),
          attempt,
          exchange,
          scrubbedText,
        );
        return {
          status,
          headers: scrubHeaders(exchange.headers, apiKey),
          // whatever the server echoed, the key in use never leaves the sender
          json: !parsed.ok
            ? undefined
            : scrubbedText === exchange.text
              ? parsed.json
              : scrubJson(parsed.json, apiKey, request.endpoint === 'keys.create' ? isKeyValueField : undefined),
          unreadable: parsed.ok ? null : parsed.error,
          durationMs: totalDurationMs,
          attempts: attempt,
          replayed: exchange.headers['idempotent-replayed']?.toLowerCase() === 'true',
        };
      }

      const retryAfterMs =
        status === 429 ? (parseRetryAfter(exchange.headers['retry-after'], Date.now()) ?? DEFAULT_RETRY_AFTER_MS) : undefined;
      const error = statusError({
        status,
        endpoint: request.endpoint,
        method: request.method,
        path: wire.target.split('?')[0]!,
        bodyText: exchange.text,
        contentType: contentTypeOf(exchange.headers['content-type']),
        retryAfterMs,
        apiKey,
      });
      this.log(apiKey, request, logged, headers, startedAt, durationMs, trace, status, error.code, attempt, exchange);
      if (status !== 429 || retryAfterMs === undefined) throw error;
      // A POST without an Idempotency-Key is never retried: it could become a second message.
      if (!request.retrySafe || attempt >= maxAttempts) throw error;
      const required = Math.max(retryAfterMs, 250 * 2 ** (attempt - 1));
      if (spentMs + required > maxTotalMs) throw error;
      const jitter = Math.floor(this.random() * Math.min(1000, Math.max(100, required * 0.2)));
      const waitMs = Math.min(required + jitter, maxTotalMs - spentMs);
      notify(options, { kind: 'waiting', reason: 'rate_limited', retryAfterMs: waitMs, attempt, maxAttempts });
      try {
        await this.sleep(waitMs, signal);
      } catch (err) {
        if (signal?.aborted) throw cancelledError();
        throw err;
      }
      if (signal?.aborted) throw cancelledError();
      spentMs += waitMs;
    }
  }

  async probe(baseUrl: string, signal: AbortSignal): Promise<boolean> {
    if (this.pools.isClosed) return false;
    return probeBaseUrl(baseUrl, signal, undefined, this.network);
  }

  async close(): Promise<void> {
    this.deadlines.close();
    await this.pools.close();
  }

  /** The request's headers, the User-Agent and the credential (whose header no stored header may replace). */
  private headersFor(
    request: PreparedRequest,
    credential: { name: string; value: string } | null,
    credentialHeader: string | null,
  ): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const name in request.headers) {
      const lower = name.toLowerCase();
      if (lower !== 'authorization' && lower !== credentialHeader) headers[name] = request.headers[name]!;
    }
    headers['User-Agent'] = this.userAgent;
    if (credential !== null) headers[credential.name] = credential.value;
    return headers;
  }

  private async exchange(
    request: PreparedRequest,
    wire: WireUrl,
    headers: Record<string, string>,
    options: SendOptions,
    deadline: AttemptDeadline,
    trace: RequestTrace,
  ): Promise<Exchange> {
    // the way out first (it may be asked of the OS), so a body stream is opened only for a request that can go;
    // not awaited when the route is known at once (a turn of the event loop less per request)
    const way = this.pools.get(wire.origin);
    const pool = way instanceof Promise ? await way : way;
    let body: string | Readable | null = null;
    const prepared = request.body;
    if (prepared?.kind === 'json' || prepared?.kind === 'form') {
      body = prepared.text;
      headers['Content-Length'] = String(Buffer.byteLength(prepared.text, 'utf8'));
    } else if (prepared?.kind === 'multipart') {
      await checkPartsUnchanged(prepared);
      const total = multipartLength(prepared);
      headers['Content-Length'] = String(total);
      body = multipartStream(prepared, (sentBytes) => notify(options, { kind: 'upload', sentBytes, totalBytes: total }));
    } else if (prepared?.kind === 'json-with-file') {
      await checkFileUnchanged(prepared);
      const total = fileBodyLength(prepared);
      headers['Content-Length'] = String(total);
      body = fileBodyStream(prepared, (sentBytes) => notify(options, { kind: 'upload', sentBytes, totalBytes: total }));
    }
    const response = await traced(trace, () =>
      pool.request({
        origin: wire.origin,
        path: wire.target,
        method: request.method,
        headers: wireHeaders(headers), // UTF-8 bytes, as curl sends them
        body,
        signal: deadline.signal,
      }),
    );
    const status = response.statusCode;
    const limit = status >= 200 && status <= 299 ? this.maxResponseBytes : ERROR_BODY_BYTES;
    const length = response.headers['content-length'];
    const { text, truncated } = await readBodyText(response.body, limit, typeof length === 'string' ? length : undefined);
    return { status, headers: flattenHeaders(response.headers), text, truncated };
  }

  /**
   * An answer holding the key it was sent is told to onKeyEcho. A 2xx body the sender's one scan
   * left unchanged holds no run of the key, so only a changed one (or an error body, at most
   * ERROR_BODY_BYTES) is asked the leak finder's finer question (the key's own part, not a prefix
   * every key of the service shares).
   */
  private noticeEcho(apiKey: string, host: string, text: string, scrubbedText: string | undefined): void {
    if (this.onKeyEcho === undefined || scrubbedText === text) return;
    try {
      if (holdsKey(text, apiKey)) this.onKeyEcho(apiKey, scrubSecret(host, apiKey));
    } catch {
      // a listener's failure must not change the outcome of a request
    }
  }

  private log(
    apiKey: string,
    request: PreparedRequest,
    logged: LoggedCredential,
    headers: Record<string, string>,
    startedAt: number,
    durationMs: number,
    trace: RequestTrace,
    status: number | null,
    errorCode: ErrorCode | null,
    attempt: number,
    response: Exchange | null,
    /** the response text already scrubbed of `apiKey`, when the caller has it */
    scrubbedText?: string,
  ): void {
    if (response !== null) this.noticeEcho(apiKey, logged.host, response.text, scrubbedText);
    if (this.observer === undefined) return;
    const maskedHeader = placeCredential(logged.credential, loggedKey(logged.credential, apiKey), { masked: true }).header;
    const entry: ObservedEntry = {
      id: randomUUID(),
      at: new Date(startedAt).toISOString(),
      host: scrubSecret(logged.host, apiKey),
      endpoint: request.endpoint,
      ...(request.profileId === undefined ? {} : { profileId: request.profileId }),
      method: request.method,
      // scrubbed in case a key was pasted into the base URL (it is never put there by the app)
      path: scrubSecret(logged.target, apiKey),
      status,
      durationMs: Math.round(durationMs * 10) / 10,
      requestHeaders: loggedHeaders(headers, maskedHeader),
      errorCode,
      attempt,
    };
    const timing = timingOf(trace);
    if (timing !== null) entry.timing = timing;
    try {
      this.observer(entry, () => observeExchange(request, apiKey, response, scrubbedText), request);
    } catch {
      // an observer's failure must not change the outcome of a request
    }
  }
}

/** A progress listener's failure must not fail (or misreport) the request. */
function notify(options: SendOptions, progress: SendProgress): void {
  try {
    options.onProgress?.(progress);
  } catch {
    // ignored on purpose
  }
}

/**
 * What the Request log says of a 2xx: unreadable, or a send the service says it did not make
 * (Wati's `"result": false`), which the caller then reports as refused, never as sent.
 */
function successCode(request: PreparedRequest, parsed: { ok: true; json: unknown } | { ok: false }): ErrorCode | null {
  if (!parsed.ok) return 'bad_response';
  return request.sent !== undefined && failureInSuccess(parsed.json) !== null ? 'refused_by_service' : null;
}

function parseJsonBody(exchange: Exchange, apiKey: string): { ok: true; json: unknown } | { ok: false; error: CrmError } {
  const { status } = exchange;
  if (exchange.truncated) {
    return {
      ok: false,
      error: new CrmError('bad_response', `The server's answer (HTTP ${status}) is larger than the client accepts`, { status }),
    };
  }
  const text = exchange.text.charCodeAt(0) === 0xfeff ? exchange.text.slice(1) : exchange.text;
  if (text.trim() === '') return { ok: true, json: undefined };
  if (nestedTooDeep(text)) {
    return {
      ok: false,
      error: new CrmError(
        'bad_response',
        `The server answered HTTP ${status} but its body is nested more than ${MAX_ANSWER_DEPTH} levels deep`,
        { status },
      ),
    };
  }
  try {
    return { ok: true, json: JSON.parse(text) as unknown };
  } catch {
    const contentType = contentTypeOf(exchange.headers['content-type']);
    const type = contentType === null ? null : scrubSecret(contentType, apiKey);
    return {
      ok: false,
      error: new CrmError('bad_response', `The server answered HTTP ${status} but its body is not valid JSON${type ? ` (${type})` : ''}`, {
        status,
      }),
    };
  }
}
