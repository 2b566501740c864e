// The undici files core/http/undici.ts loads directly (the package types only its index): each
// is typed as the index exports it.
declare module 'undici/lib/dispatcher/dispatcher.js' {
  import { Dispatcher } from 'undici';
  export default Dispatcher;
}
declare module 'undici/lib/dispatcher/pool.js' {
  import { Pool } from 'undici';
  export default Pool;
}
declare module 'undici/lib/dispatcher/proxy-agent.js' {
  import { ProxyAgent } from 'undici';
  export default ProxyAgent;
}
declare module 'undici/lib/api/index.js' {
  import type { Dispatcher } from 'undici';
  const api: Pick<Dispatcher, 'request' | 'stream' | 'pipeline' | 'upgrade' | 'connect'>;
  export default api;
}
declare module 'undici/lib/core/connect.js' {
  import type { Socket } from 'node:net';
  import type { buildConnector } from 'undici';
  /** as the index exports it, except that a connector returns the socket it opens (it does) */
  export default function buildConnector(
    options?: buildConnector.BuildOptions,
  ): (options: buildConnector.Options, callback: buildConnector.Callback) => Socket;
}
