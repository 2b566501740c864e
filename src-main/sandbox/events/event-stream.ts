// GET /api/v1/events as a Server-Sent Events stream: each event as `id:`, `event:` (its name)
// and `data:` (docs/API.md's event data, one line of JSON), what was missed after Last-Event-ID
// first, then each new event as it happens, and a comment line every HEARTBEAT_MS so proxies
// and clients can tell a quiet stream from a dead one.
//
// Ids are `<run>.<seq>`: the run part changes each time the sandbox starts, so a client that
// kept an id across a restart is not mistaken for one that has seen the new run's first events;
// it gets every event still kept, as does an id that does not parse (at least once, never lost).
import type { ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { EventLog } from './event-log';
import type { SandboxEvent } from './event-types';
import { defaultEventData } from './payloads-default';

export const HEARTBEAT_MS = 15_000;
/** a client that reads this far behind is cut off rather than buffered without end */
const MAX_UNREAD_BYTES = 4 * 1024 * 1024;
/** what EventSource waits before it reconnects */
const RETRY_MS = 1000;

export const RUN_ID = randomBytes(4).toString('hex');

export function eventId(seq: number, run = RUN_ID): string {
  return `${run}.${seq}`;
}

/** The seq after which to replay: the one in an id of this run, else 0 (everything kept). */
export function replayFrom(lastEventId: string | undefined, run = RUN_ID): number {
  if (lastEventId === undefined) return Number.POSITIVE_INFINITY;
  const match = /^([0-9a-f]+)\.([0-9]{1,15})$/.exec(lastEventId.trim());
  return match && match[1] === run ? Number(match[2]) : 0;
}

export function sseFrame(event: SandboxEvent, run = RUN_ID): string {
  return `id: ${eventId(event.seq, run)}\nevent: ${event.name}\ndata: ${JSON.stringify(defaultEventData(event))}\n\n`;
}

export interface StreamOptions {
  /** replay the kept events after this seq; Infinity: only new ones */
  after: number;
  heartbeatMs?: number;
}

/** Writes the stream on a response whose status and headers are set; ends when the client goes. */
export function streamEvents(res: ServerResponse, log: EventLog, { after, heartbeatMs = HEARTBEAT_MS }: StreamOptions): void {
  const write = (text: string): void => {
    if (res.destroyed || res.writableEnded) return;
    res.write(text);
    if (res.writableLength > MAX_UNREAD_BYTES) res.destroy();
  };
  res.flushHeaders();
  write(`retry: ${RETRY_MS}\n: stream open\n\n`);
  // replay and subscribe in the same turn, so no event falls between them
  if (Number.isFinite(after)) for (const event of log.after(after)) write(sseFrame(event));
  const unsubscribe = log.subscribe((event) => write(sseFrame(event)));
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
  heartbeat.unref();
  res.once('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
  });
}
