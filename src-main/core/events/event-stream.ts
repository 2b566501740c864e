// A client for the event stream a service offers (text/event-stream): one long GET through
// undici, each event's data (JSON) handed to the conversations like a webhook's body, and after
// a drop a new GET with Last-Event-ID so what was missed is replayed (the conversations keep an
// event seen twice once). The waits between tries follow stream-decisions.ts; an answer that says
// the stream will never work (404, 401, not a stream) ends it, so the caller can poll instead.
//
// The key is taken from the keychain for each connection (withKey) and placed as the profile's
// operations place it; it is never logged: the log names the stream's origin and path only.
import { CrmError } from '../errors';
import { abortableSleep, type Sleep } from '../http/abortable-sleep';
import { BEARER, placeCredential, withQueryCredential } from '../http/credential';
import { DispatcherCache, environmentRoute, type NetworkRoute } from '../http/network/dispatcher-cache';
import { parseRetryAfter } from '../http/retry-after';
import { USER_AGENT } from '../http/user-agent';
import { wireHeaders } from '../http/wire-headers';
import { wireUrl } from '../http/wire-url';
import type { CredentialPlacement } from '../../shared/api-description';
import { SseParser } from './sse-parser';
import { answerVerdict, failuresAfter, reconnectDelay } from './stream-decisions';

export type StreamState =
  | { kind: 'connecting' }
  | { kind: 'open' }
  /** the connection failed or dropped; the next try is in waitMs */
  | { kind: 'retrying'; failures: number; waitMs: number; reason: string }
  /** stopped for good (the service refused or has no stream), or closed by its owner */
  | { kind: 'ended'; reason: string };

/** key errors that no reconnection mends: the person has to add, bind or replace a key */
const KEY_ENDINGS = new Set(['no_key', 'key_revoked', 'key_held_back', 'unauthorized', 'forbidden']);

export interface EventStreamOptions {
  profileId: string;
  /** the stream's absolute http(s) URL */
  url: string;
  /** where the key goes; absent: Authorization: Bearer */
  credential?: CredentialPlacement | undefined;
  /** runs `fn` with the profile's key; its signal aborts when the key is revoked (KeyAccess.withKey) */
  withKey<T>(fn: (key: string, signal: AbortSignal) => Promise<T>): Promise<T>;
  /** takes one event's data, as a webhook body is taken */
  receive(profileId: string, payload: unknown): unknown;
  onState?: (state: StreamState) => void;
  log?: (message: string) => void;
  network?: NetworkRoute;
  /** a stream silent this long (no heartbeat either) is taken for dead and reconnected; default 60 s */
  idleMs?: number;
  sleep?: Sleep;
  random?: () => number;
  /** the id to resume after (a stream opened again for the same profile) */
  lastEventId?: string;
}

export interface EventStream {
  /** the last event id the service gave ('' when none) */
  readonly lastEventId: string;
  /** stops the stream and waits until its connection is gone */
  close(): Promise<void>;
}

interface Attempt {
  opened: boolean;
  events: number;
  /** the server's Retry-After on a 429/503, in ms */
  retryAfterMs: number | null;
  /** set when the stream must stop for good */
  endReason: string | null;
  failure: string;
}

export function openEventStream(options: EventStreamOptions): EventStream {
  return new StreamClient(options);
}

class StreamClient implements EventStream {
  private readonly stopper = new AbortController();
  private readonly done: Promise<void>;
  /** one dispatcher, made again when the way out (proxy, trusted certificates) changed between connections */
  private readonly dispatchers: DispatcherCache;
  private lastId: string;
  private serverRetryMs: number | null = null;
  private readonly where: string;

  constructor(private readonly options: EventStreamOptions) {
    this.lastId = options.lastEventId ?? '';
    const wire = wireUrl(options.url);
    this.where = `${wire.origin}${wire.target.split('?')[0] ?? ''}`;
    const idleMs = options.idleMs ?? 60_000;
    this.dispatchers = new DispatcherCache(
      { connectTimeoutMs: 10_000, headersTimeoutMs: 30_000, bodyTimeoutMs: idleMs },
      options.network ?? environmentRoute(),
    );
    this.done = this.run();
  }

  get lastEventId(): string {
    return this.lastId;
  }

  async close(): Promise<void> {
    this.stopper.abort();
    await this.done;
    await this.dispatchers.close(0).catch(() => undefined);
  }

  private state(state: StreamState): void {
    try {
      this.options.onState?.(state);
    } catch {
      // a listener's failure must not stop the stream
    }
  }

  private log(message: string): void {
    this.options.log?.(`event stream ${this.where} (profile ${this.options.profileId}): ${message}`);
  }

  private async run(): Promise<void> {
    const sleep = this.options.sleep ?? abortableSleep;
    const random = this.options.random ?? Math.random;
    let failures = 0;
    while (!this.stopper.signal.aborted) {
      this.state({ kind: 'connecting' });
      const started = Date.now();
      const attempt = await this.connect();
      if (this.stopper.signal.aborted) break;
      if (attempt.endReason !== null) {
        this.log(`stopped: ${attempt.endReason}`);
        this.state({ kind: 'ended', reason: attempt.endReason });
        return;
      }
      failures = failuresAfter(failures, { opened: attempt.opened, livedMs: Date.now() - started, events: attempt.events });
      const waitMs = reconnectDelay({ failures, serverRetryMs: this.serverRetryMs, retryAfterMs: attempt.retryAfterMs, random: random() });
      if (failures > 0) this.log(`${attempt.failure}; trying again in ${waitMs} ms`);
      this.state({ kind: 'retrying', failures, waitMs, reason: attempt.failure });
      try {
        await sleep(waitMs, this.stopper.signal);
      } catch {
        break;
      }
    }
    this.state({ kind: 'ended', reason: 'closed' });
  }

  /** one connection, from the GET to the end of its body; never throws */
  private async connect(): Promise<Attempt> {
    const attempt: Attempt = { opened: false, events: 0, retryAfterMs: null, endReason: null, failure: 'the stream ended' };
    try {
      await this.options.withKey((key, keySignal) => this.exchange(key, AbortSignal.any([keySignal, this.stopper.signal]), attempt));
    } catch (err) {
      if (this.stopper.signal.aborted) return attempt;
      if (err instanceof CrmError && KEY_ENDINGS.has(err.code)) attempt.endReason = err.message;
      else attempt.failure = describe(err);
    }
    return attempt;
  }

  private async exchange(key: string, signal: AbortSignal, attempt: Attempt): Promise<void> {
    const placed = placeCredential(this.options.credential ?? BEARER, key);
    const wire = wireUrl(placed.query === null ? this.options.url : withQueryCredential(this.options.url, placed.query));
    const headers: Record<string, string> = { Accept: 'text/event-stream', 'Cache-Control': 'no-cache', 'User-Agent': USER_AGENT };
    if (placed.header !== null) headers[placed.header.name] = placed.header.value;
    if (this.lastId !== '') headers['Last-Event-ID'] = this.lastId;
    const dispatcher = await this.dispatchers.get(wire.origin);
    const response = await dispatcher.request({
      origin: wire.origin,
      path: wire.target,
      method: 'GET',
      headers: wireHeaders(headers),
      signal,
    });
    const contentType = response.headers['content-type'];
    const verdict = answerVerdict(response.statusCode, typeof contentType === 'string' ? contentType : undefined);
    if (verdict !== 'stream') {
      await response.body.dump().catch(() => undefined);
      const retryAfter = response.headers['retry-after'];
      attempt.retryAfterMs = parseRetryAfter(typeof retryAfter === 'string' ? retryAfter : undefined, Date.now());
      const said =
        response.statusCode === 200
          ? `answered ${typeof contentType === 'string' ? contentType.split(';')[0] : 'something'}, not an event stream`
          : `answered HTTP ${response.statusCode}`;
      if (verdict === 'end') attempt.endReason = said;
      else attempt.failure = said;
      return;
    }
    attempt.opened = true;
    this.log('connected');
    this.state({ kind: 'open' });
    const parser = new SseParser(undefined, this.lastId);
    const decoder = new TextDecoder('utf-8');
    let unreadable = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      const events = parser.push(decoder.decode(chunk, { stream: true }));
      if (parser.retryMs !== null) this.serverRetryMs = parser.retryMs;
      for (const event of events) {
        attempt.events += 1;
        let payload: unknown;
        try {
          payload = JSON.parse(event.data) as unknown;
        } catch {
          unreadable += 1;
          continue;
        }
        try {
          this.options.receive(this.options.profileId, payload);
        } catch (err) {
          this.log(`an event could not be stored: ${err instanceof Error ? err.message : 'unknown error'}`);
        }
      }
      // only once this chunk's events are stored: a drop before then replays them
      this.lastId = parser.lastEventId;
    }
    if (unreadable > 0) this.log(`${unreadable} event(s) whose data is not JSON were skipped`);
    if (parser.dropped > 0) this.log(`${parser.dropped} event(s) past the size bound were skipped`);
    attempt.failure = 'the service closed the stream';
  }
}

/** what went wrong, in words that hold no header or key */
function describe(err: unknown): string {
  if (err instanceof CrmError) return err.message;
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return `the connection failed (${code})`;
  return 'the connection failed';
}
