// Where a request's time went, for the request log: DNS, TCP connect and TLS of the connection
// it used (zero for a connection an earlier request opened: "reused"), and when the answer's
// first byte (its status line and headers) came. Measured where undici does the work:
//   - a connector wrapping undici's own notes when the socket it opens looks up, connects and
//     completes TLS (the socket's own events: only the code that opens it can listen from the start);
//   - undici's diagnostics channels tie a request to its socket (`undici:client:sendHeaders`)
//     and say when its answer began (`undici:request:headers`). A request object is made
//     synchronously inside `dispatcher.request()` (`undici:request:create`), which is how a trace
//     finds its request without adding anything to what goes on the wire.
// Numbers only: nothing here can carry a key.
import { subscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { buildConnector } from 'undici';
import type { RequestTiming } from '../model';

type Connector = (options: buildConnector.Options, callback: buildConnector.Callback) => Socket;

interface SocketPhases {
  startedAt: number;
  lookupAt: number | null;
  connectAt: number | null;
  secureAt: number | null;
  tls: boolean;
  /** a request already counted this socket's setup: later requests on it reused it */
  claimed: boolean;
}

/** one attempt's measures, filled in by the channels while undici works */
export interface RequestTrace {
  startedAt: number;
  /** the socket's setup, when this request was the first on a socket the timed connector opened */
  opened: SocketPhases | null;
  /** the request went on a socket an earlier request opened */
  reused: boolean;
  firstByteAt: number | null;
}

const socketPhases = new WeakMap<object, SocketPhases>();
const traces = new WeakMap<object, RequestTrace>();
/** the trace of the dispatch under way: undici makes its request object before dispatch returns */
let dispatching: RequestTrace | null = null;
let subscribed = false;

/** `connect` with each socket's lookup, connect and TLS times noted for the traces */
export function timedConnector(connect: Connector): Connector {
  return (options, callback) => {
    const startedAt = performance.now();
    const socket = connect(options, callback);
    const phases: SocketPhases = {
      startedAt,
      lookupAt: null,
      connectAt: null,
      secureAt: null,
      tls: options.protocol === 'https:',
      claimed: false,
    };
    socket.once('lookup', () => (phases.lookupAt = performance.now()));
    socket.once('connect', () => (phases.connectAt = performance.now()));
    if (phases.tls) socket.once('secureConnect', () => (phases.secureAt = performance.now()));
    socketPhases.set(socket, phases);
    return socket;
  };
}

export function newTrace(startedAt: number): RequestTrace {
  return { startedAt, opened: null, reused: false, firstByteAt: null };
}

/** runs `dispatch` (one `dispatcher.request()` call) with `trace` following the request it makes */
export function traced<T>(trace: RequestTrace, dispatch: () => T): T {
  subscribeOnce();
  dispatching = trace;
  try {
    return dispatch();
  } finally {
    dispatching = null;
  }
}

/** the trace's measures in ms since the attempt started; null when nothing was measured */
export function timingOf(trace: RequestTrace): RequestTiming | null {
  const firstByteMs = trace.firstByteAt === null ? null : ms(trace.firstByteAt - trace.startedAt);
  if (trace.reused) return { reused: true, dnsMs: 0, connectMs: 0, tlsMs: 0, firstByteMs };
  const s = trace.opened;
  if (s === null) return firstByteMs === null ? null : { reused: false, dnsMs: null, connectMs: null, tlsMs: null, firstByteMs };
  // no lookup event: the host was an IP address, nothing to look up
  const resolvedAt = s.lookupAt ?? s.startedAt;
  return {
    reused: false,
    dnsMs: ms(resolvedAt - s.startedAt),
    connectMs: s.connectAt === null ? null : ms(s.connectAt - resolvedAt),
    tlsMs: !s.tls || s.connectAt === null || s.secureAt === null ? null : ms(s.secureAt - s.connectAt),
    firstByteMs,
  };
}

/** microseconds kept: a connect over loopback takes a fraction of a millisecond */
function ms(value: number): number {
  return Math.max(0, Math.round(value * 1000) / 1000);
}

function subscribeOnce(): void {
  if (subscribed) return;
  subscribed = true;
  subscribe('undici:request:create', (message) => {
    if (dispatching === null) return;
    traces.set((message as { request: object }).request, dispatching);
    dispatching = null;
  });
  subscribe('undici:client:sendHeaders', (message) => {
    const { request, socket } = message as { request: object; socket: object };
    const trace = traces.get(request);
    if (trace === undefined) return;
    const phases = socketPhases.get(socket);
    // a socket the timed connector did not open (through a proxy): its setup is not known
    if (phases === undefined) return;
    if (phases.claimed) trace.reused = true;
    else {
      phases.claimed = true;
      trace.opened = phases;
    }
  });
  subscribe('undici:request:headers', (message) => {
    const trace = traces.get((message as { request: object }).request);
    if (trace !== undefined && trace.firstByteAt === null) trace.firstByteAt = performance.now();
  });
}
