// What an event stream client does after each connection, decided apart from the network: read
// an answer as a stream, try again later, or stop for good; and how long to wait before the next
// try. Pure, so the reconnection policy is tested without a server or a clock.

/** the wait before reconnecting when the server set none (EventSource's own default is 3 s or so) */
export const DEFAULT_RECONNECT_MS = 1000;
/** the longest wait between two tries, whatever the failures or the server's `retry:` */
export const MAX_RECONNECT_MS = 60_000;
/** a connection that lasted this long, or brought an event, was a good one: the failures count again from zero */
export const HEALTHY_CONNECTION_MS = 10_000;

export type AnswerVerdict = 'stream' | 'retry' | 'end';

/**
 * What an answer to the stream's GET means. A 2xx of another type, 204 (the standard's "stop")
 * and the 4xx that say the route or the key will not do are final; 408, 429 and 5xx pass.
 */
export function answerVerdict(status: number, contentType: string | undefined): AnswerVerdict {
  if (status === 200) return /^\s*text\/event-stream\b/i.test(contentType ?? '') ? 'stream' : 'end';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  return 'end';
}

export interface ConnectionOutcome {
  /** the server answered with a stream */
  opened: boolean;
  /** how long the connection lasted, from the request to its end */
  livedMs: number;
  /** events it brought */
  events: number;
}

/** consecutive failed tries after this connection: a good one resets them */
export function failuresAfter(previous: number, outcome: ConnectionOutcome): number {
  const good = outcome.opened && (outcome.events > 0 || outcome.livedMs >= HEALTHY_CONNECTION_MS);
  return good ? 0 : previous + 1;
}

export interface DelayInput {
  /** consecutive failed tries (0: a good stream just ended) */
  failures: number;
  /** the last `retry:` the server sent, if any */
  serverRetryMs: number | null;
  /** a 429's or 503's Retry-After, if any: never waited less */
  retryAfterMs: number | null;
  /** in [0, 1) */
  random: number;
}

/**
 * The wait before the next connection: the server's `retry:` (or the default) after a good
 * stream, doubled for each failure after that, up to MAX_RECONNECT_MS, with up to a fifth more
 * at random so many clients dropped at once do not all come back at the same moment.
 */
export function reconnectDelay({ failures, serverRetryMs, retryAfterMs, random }: DelayInput): number {
  const base = Math.min(serverRetryMs ?? DEFAULT_RECONNECT_MS, MAX_RECONNECT_MS);
  const backedOff = Math.min(base * 2 ** Math.min(Math.max(failures - 1, 0), 20), MAX_RECONNECT_MS);
  const jittered = Math.round(backedOff * (1 + 0.2 * random));
  return Math.max(jittered, retryAfterMs ?? 0);
}
