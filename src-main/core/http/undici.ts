// undici's dispatchers, loaded from their own files instead of the package's index. The index
// also loads fetch, WebSocket, EventSource, the mocks, the caches and the interceptors, none of
// which the app uses: about two thirds of undici's load time, paid by every `crm` command that
// talks to the network. What the index adds to the dispatchers themselves (the request API on
// Dispatcher.prototype) is added here the same way, so a dispatcher behaves as the index's does.
import type { Dispatcher as DispatcherType } from 'undici';
import api from 'undici/lib/api/index.js';
import buildConnector from 'undici/lib/core/connect.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import Pool from 'undici/lib/dispatcher/pool.js';
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent.js';

Object.assign(Dispatcher.prototype, api);

export { buildConnector, Pool, ProxyAgent };

/** undici's `request(url, { dispatcher, ... })`, for a dispatcher made for the URL's origin */
export function requestUrl(
  dispatcher: DispatcherType,
  url: string | URL,
  options: Omit<DispatcherType.RequestOptions, 'origin' | 'path' | 'method'> & { method?: DispatcherType.HttpMethod },
): Promise<DispatcherType.ResponseData> {
  const parsed = new URL(url);
  return dispatcher.request({
    ...options,
    origin: parsed.origin,
    path: parsed.search ? `${parsed.pathname}${parsed.search}` : parsed.pathname,
    method: options.method ?? 'GET',
  });
}
