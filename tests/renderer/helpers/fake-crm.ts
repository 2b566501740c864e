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

/** Every invoke channel; typed as a record so a channel added to the contract must be added here. */
const CHANNEL_SET: Record<InvokeChannel, true> = {
  'app:info': true,
  'sandbox:restore': true,
  'app:update-state': true,
  'app:restart-to-update': true,
  'app:microphone-access': true,
  'app:first-rows': true,
  'media:detect-type': true,
  'profiles:list': true,
  'profiles:create': true,
  'profiles:update': true,
  'profiles:delete': true,
  'profiles:activate': true,
  'api:describe': true,
  'api:import-curl': true,
  'api:save': true,
  'api:reset': true,
  'api:preview': true,
  'api:mark-absent': true,
  'api:spec-load': true,
  'api:spec-propose': true,
  'keys:list': true,
  'keys:add': true,
  'keys:test': true,
  'keys:activate': true,
  'keys:revoke': true,
  'keys:server-list': true,
  'keys:server-create': true,
  'keys:server-revoke': true,
  'keys:copy-new': true,
  'keys:reveal-new': true,
  'keys:missing-values': true,
  'keys:repair': true,
  'keys:remove': true,
  'keys:roll': true,
  'contacts:list': true,
  'files:pick': true,
  'files:stage': true,
  'files:release': true,
  'send:preview': true,
  'send:submit': true,
  'send:cancel': true,
  'send:copy-curl': true,
  'messages:list': true,
  'conversations:get': true,
  'conversations:media': true,
  'conversations:open-media': true,
  'templates:list': true,
  'webhooks:info': true,
  'webhooks:set-secrets': true,
  'outbox:list': true,
  'outbox:cancel': true,
  'outbox:retry': true,
  'outbox:sync': true,
  'log:list': true,
  'log:detail': true,
  'log:copy-curl': true,
  'log:resend': true,
  'settings:ca-file': true,
  'settings:set-ca-file': true,
  'shell:open-external': true,
  'keys:leaks': true,
  'inbox:list': true,
  'inbox:mark-read': true,
  'inbox:reply-notices': true,
  'inbox:set-reply-notices': true,
  'quick:reply': true,
  'quick:react': true,
  'canned:list': true,
  'canned:send-media': true,
  'messages:search': true,
  'conversations:retry-media': true,
  'inbox:read-receipts': true,
  'inbox:set-read-receipts': true,
  'conversations:allow-file-origin': true,
  'api:allow-file-origin': true,
  'inspector:list': true,
  'inspector:replay': true,
  'inspector:fire': true,
  'inspector:copy-curl': true,
  'profiles:set-live': true,
  'template-lifecycle:overview': true,
  'template-lifecycle:kept': true,
  'template-lifecycle:create': true,
  'template-lifecycle:update': true,
  'template-lifecycle:delete': true,
  'template-lifecycle:check': true,
};
const CHANNELS = Object.keys(CHANNEL_SET) as InvokeChannel[];

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
  for (const channel of CHANNELS) {
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
