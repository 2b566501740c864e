// Builds window.crm from a channel list and two functions, so the preload stays a few lines
// of glue and this mapping is unit-tested without Electron. It also makes the window's early call
// (early-call.ts): window.crm is installed before the page's own scripts are fetched.
import { EVENT_CHANNELS, INVOKE_CHANNELS } from '../ipc/channels';
import type { CrmApi, EventChannel, EventMap, InvokeChannel } from '../ipc/contract';
import { makeEarlyCall } from './early-call';

export interface PreloadTransport {
  invoke(channel: InvokeChannel, payload: unknown): Promise<unknown>;
  /** subscribes to a main -> renderer event; returns an unsubscribe function */
  subscribe(channel: EventChannel, listener: (data: unknown) => void): () => void;
}

export function createApi(transport: PreloadTransport): CrmApi {
  const api: Record<string, unknown> = {};
  for (const channel of INVOKE_CHANNELS) {
    // Only the payload crosses: the renderer never sees the IPC event object or ipcRenderer.
    api[channel] = (payload: unknown) => transport.invoke(channel, payload);
  }
  api.on = <E extends EventChannel>(event: E, listener: (data: EventMap[E]) => void) => {
    if (!EVENT_CHANNELS.includes(event)) throw new Error(`Unknown event: ${String(event)}`);
    return transport.subscribe(event, (data) => listener(data as EventMap[E]));
  };
  // made now, as window.crm is installed: before the page has fetched any of its own files
  const early = makeEarlyCall((channel, payload) => transport.invoke(channel, payload));
  api.takeEarly = (channel: unknown, payload: unknown) => early.take(String(channel), payload);
  return Object.freeze(api) as unknown as CrmApi;
}
