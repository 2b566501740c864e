// The event stream's reconnection policy, without a server or a clock: which answers are worth
// another try, when failures count again from zero, and how long each wait is.
import { describe, expect, it } from 'vitest';
import {
  answerVerdict,
  DEFAULT_RECONNECT_MS,
  failuresAfter,
  HEALTHY_CONNECTION_MS,
  MAX_RECONNECT_MS,
  reconnectDelay,
} from '../../../../src-main/core/events/stream-decisions';

describe('reading an answer to the stream request', () => {
  it('a 200 of type text/event-stream is a stream; of any other type it never will be', () => {
    expect(answerVerdict(200, 'text/event-stream; charset=utf-8')).toBe('stream');
    expect(answerVerdict(200, 'application/json')).toBe('end');
    expect(answerVerdict(200, undefined)).toBe('end');
  });

  it('tries again after 408, 429 and 5xx; stops on 204 and the other 4xx', () => {
    for (const status of [408, 429, 500, 502, 503]) expect(answerVerdict(status, 'text/html')).toBe('retry');
    for (const status of [204, 400, 401, 403, 404, 405, 406, 410]) expect(answerVerdict(status, 'application/json')).toBe('end');
  });
});

describe('counting failures', () => {
  it('a stream that brought an event or lasted resets them; one that never opened or died at once adds one', () => {
    expect(failuresAfter(3, { opened: true, livedMs: 5, events: 1 })).toBe(0);
    expect(failuresAfter(3, { opened: true, livedMs: HEALTHY_CONNECTION_MS, events: 0 })).toBe(0);
    expect(failuresAfter(3, { opened: true, livedMs: 5, events: 0 })).toBe(4);
    expect(failuresAfter(0, { opened: false, livedMs: HEALTHY_CONNECTION_MS * 2, events: 0 })).toBe(1);
  });
});

describe('the wait before reconnecting', () => {
  it("after a good stream: the server's retry, else the default", () => {
    expect(reconnectDelay({ failures: 0, serverRetryMs: 2500, retryAfterMs: null, random: 0 })).toBe(2500);
    expect(reconnectDelay({ failures: 0, serverRetryMs: null, retryAfterMs: null, random: 0 })).toBe(DEFAULT_RECONNECT_MS);
  });

  it('doubles with each failure, up to the cap, with at most a fifth more at random', () => {
    const waits = [1, 2, 3, 4, 10, 40].map((failures) => reconnectDelay({ failures, serverRetryMs: 1000, retryAfterMs: null, random: 0 }));
    expect(waits).toEqual([1000, 2000, 4000, 8000, MAX_RECONNECT_MS, MAX_RECONNECT_MS]);
    expect(reconnectDelay({ failures: 1, serverRetryMs: 1000, retryAfterMs: null, random: 0.999 })).toBeLessThanOrEqual(1200);
    expect(reconnectDelay({ failures: 0, serverRetryMs: 10 * MAX_RECONNECT_MS, retryAfterMs: null, random: 0 })).toBe(MAX_RECONNECT_MS);
  });

  it('never waits less than a Retry-After', () => {
    expect(reconnectDelay({ failures: 1, serverRetryMs: 1000, retryAfterMs: 30_000, random: 0 })).toBe(30_000);
  });
});
