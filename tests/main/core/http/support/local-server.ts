// Tiny real servers on 127.0.0.1 for failures the sandbox does not script: an HTTP server
// with a per-test handler that records what it received, and a raw TCP server for broken
// HTTP (resets, garbage, stalls).
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import type { Server as NetServer, Socket } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

export interface LocalServer {
  url: string;
  port: number;
  received: ReceivedRequest[];
  /** TCP connections accepted so far */
  connections(): number;
  close(): Promise<void>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

export async function startHttpServer(handler: Handler): Promise<LocalServer> {
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      received.push({ method: req.method ?? '', url: req.url ?? '', headers, body });
      handler(req, res, body);
    });
  });
  return serveOnLoopback(server, received);
}

export interface KeyTrap extends LocalServer {
  /** the requests whose Authorization carried `key` (its random part) */
  requestsWithKey(key: string): ReceivedRequest[];
}

/** Answers every request `status` with the JSON text `json`, and records it. */
export function startJsonServer(status: number, json: string): Promise<LocalServer> {
  return startHttpServer((_req, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(json);
  });
}

/** Another origin, for the tests of where a key may go: answers every request 200 with `json` and records it. */
export async function startKeyTrap(json: string): Promise<KeyTrap> {
  const server = await startJsonServer(200, json);
  return { ...server, requestsWithKey: (key) => server.received.filter((r) => (r.headers.authorization ?? '').includes(key.slice(8))) };
}

/** A TCP server that hands each connection to `onSocket` (after the request head arrived, when waitForHead). */
export async function startRawServer(onSocket: (socket: Socket, head: string) => void, waitForHead = true): Promise<LocalServer> {
  const server = createNetServer((socket) => {
    socket.on('error', () => undefined);
    if (!waitForHead) {
      onSocket(socket, '');
      return;
    }
    let head = '';
    const onData = (chunk: Buffer): void => {
      head += chunk.toString('latin1');
      if (head.includes('\r\n\r\n')) {
        socket.off('data', onData);
        onSocket(socket, head);
      }
    };
    socket.on('data', onData);
  });
  return serveOnLoopback(server, []);
}

/** Listens on a free port of 127.0.0.1, counting connections; close() also ends those still open. */
async function serveOnLoopback(server: NetServer, received: ReceivedRequest[]): Promise<LocalServer> {
  const sockets = new Set<Socket>();
  let connections = 0;
  server.on('connection', (socket: Socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    connections: () => connections,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function listenOnLoopback(server: NetServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return address.port;
}

/** A port on 127.0.0.1 that nothing listens on (bound, read, released). */
export async function closedPort(): Promise<number> {
  const server = createNetServer();
  const port = await listenOnLoopback(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
