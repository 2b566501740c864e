// An in-test window.crm implementing the CrmApi type: the seam for renderer unit tests.
import type {
  CrmApi,
  ErrorInfo,
  EventChannel,
  EventMap,
  InvokeChannel,
  InvokePayload,
  InvokeValue,
  Result,
} from '../../../src-renderer/lib/api';
import { INVOKE_CHANNELS } from '../../../src-main/ipc/channels';

export type Handler<C extends InvokeChannel> = (payload: InvokePayload<C>) => Result<InvokeValue<C>> | Promise<Result<InvokeValue<C>>>;
export type Handlers = { [C in InvokeChannel]?: Handler<C> };

export interface Call {
  channel: InvokeChannel;
  payload: unknown;
}

export interface FakeCrm {
  api: CrmApi;
  calls: Call[];
  callsTo: <C extends InvokeChannel>(channel: C) => InvokePayload<C>[];
  emit: <E extends EventChannel>(event: E, data: EventMap[E]) => void;
  handle: <C extends InvokeChannel>(channel: C, handler: Handler<C>) => void;
  listenerCount: () => number;
}

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail(error: ErrorInfo): Result<never> {
  return { ok: false, error };
}

/** A promise whose resolution the test controls. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Builds a fake bridge; unhandled channels answer an `internal` error so a test notices. */
export function createFakeCrm(handlers: Handlers = {}): FakeCrm {
  const table: Handlers = { ...handlers };
  const calls: Call[] = [];
  const listeners = new Map<EventChannel, Set<(data: unknown) => void>>();
  const api = {
    on(event: EventChannel, listener: (data: unknown) => void) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  } as Record<string, unknown>;
  // the real contract's list, so the fake answers every channel main does
  for (const channel of INVOKE_CHANNELS) {
    api[channel] = async (payload: unknown) => {
      calls.push({ channel, payload });
      const h = table[channel] as ((p: unknown) => unknown) | undefined;
      if (!h) return { ok: false, error: { code: 'internal', message: `fake crm: no handler for ${channel}` } };
      return h(payload);
    };
  }
  return {
    api: api as unknown as CrmApi,
    calls,
    callsTo: <C extends InvokeChannel>(channel: C) => calls.filter((c) => c.channel === channel).map((c) => c.payload as InvokePayload<C>),
    emit: (event, data) => listeners.get(event)?.forEach((l) => l(data)),
    handle: (channel, handler) => {
      (table as Record<string, unknown>)[channel] = handler;
    },
    listenerCount: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
  };
}

/** Installs the fake as window.crm. */
export function installFakeCrm(handlers: Handlers = {}): FakeCrm {
  const fake = createFakeCrm(handlers);
  (window as unknown as { crm: CrmApi }).crm = fake.api;
  return fake;
}

/** Lets pending promise callbacks run (works with fake timers). */
export async function flush(times = 5): Promise<void> {
  for (let i = 0; i < times; i++) await Promise.resolve();
}
