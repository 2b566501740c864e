// Tiny real servers on 127.0.0.1 for failures the sandbox does not script: an HTTP server
// with a per-test handler that records what it received, and a raw TCP server for broken
// HTTP (resets, garbage, stalls).
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import type { Socket } from 'node:net';

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
  const sockets = new Set<Socket>();
  let connections = 0;
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
  server.on('connection', (s) => {
    connections += 1;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    received,
    connections: () => connections,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A TCP server that hands each connection to `onSocket` (after the request head arrived, when waitForHead). */
export async function startRawServer(onSocket: (socket: Socket, head: string) => void, waitForHead = true): Promise<LocalServer> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createNetServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    received: [],
    connections: () => connections,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port on 127.0.0.1 that nothing listens on (bound, read, released). */
export async function closedPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return address.port;
}
