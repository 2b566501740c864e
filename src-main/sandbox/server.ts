// The node:http server and its lifecycle: listen, track every socket so stop() can destroy
// them (hanging and keep-alive ones included), listen again on the same port, and answer
// what never became a request (garbage, header overflow > 16 KiB, slow headers) in JSON
// without ever disturbing the other connections.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorFormat } from './errors';
import { apiErrorFormat } from './errors';

export interface ServerOptions {
  timeoutMs: number;
  log: ((line: string) => void) | undefined;
  /** the dialect's error body (default: docs/API.md's) */
  errorFormat?: ErrorFormat;
}

export interface SandboxServer {
  listen(port: number, host: string): Promise<number>;
  /** stop listening, destroy every socket, wake sleepers; resolves when closed */
  stop(): Promise<void>;
  sleep(ms: number): Promise<void>;
}

const MAX_HEADER_BYTES = 16 * 1024;
const CLIENT_ERROR_LINGER_MS = 1000;

function rawJsonResponse(format: ErrorFormat, status: number, reason: string, message: string): string {
  const body = JSON.stringify(format(status, { code: 'bad_request', message }));
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ` +
    `${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

function clientErrorResponse(format: ErrorFormat, code: string | undefined, timeoutMs: number): string {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return rawJsonResponse(format, 431, 'Request Header Fields Too Large', `the request headers exceed ${MAX_HEADER_BYTES} bytes`);
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return rawJsonResponse(format, 408, 'Request Timeout', `the request headers did not arrive within ${timeoutMs} ms`);
    default:
      return rawJsonResponse(format, 400, 'Bad Request', 'this is not a valid HTTP/1.1 request');
  }
}

export function createSandboxServer(onRequest: (req: IncomingMessage, res: ServerResponse) => void, options: ServerOptions): SandboxServer {
  const sockets = new Set<Socket>();
  const sleepers = new Set<() => void>();
  const server: Server = createServer(
    {
      maxHeaderSize: MAX_HEADER_BYTES,
      headersTimeout: options.timeoutMs,
      // the body deadline is the sandbox's own (body.ts), answered in JSON
      requestTimeout: 0,
      connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(options.timeoutMs / 4))),
      keepAliveTimeout: 5000,
    },
    onRequest,
  );
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    options.log?.(`client error: ${err.code ?? err.message}`);
    const httpMessage = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    socket.end(clientErrorResponse(options.errorFormat ?? apiErrorFormat, err.code, options.timeoutMs));
    setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS).unref();
  });

  return {
    listen(port, host) {
      return new Promise((resolve, reject) => {
        const onError = (err: Error): void => reject(err);
        server.once('error', onError);
        server.listen({ port, host }, () => {
          server.off('error', onError);
          const address = server.address();
          resolve(typeof address === 'object' && address ? address.port : port);
        });
      });
    },
    stop() {
      return new Promise((resolve) => {
        for (const wake of sleepers) wake();
        sleepers.clear();
        if (!server.listening) {
          for (const socket of sockets) socket.destroy();
          resolve();
          return;
        }
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    sleep(ms) {
      return new Promise((resolve) => {
        const wake = (): void => {
          clearTimeout(timer);
          sleepers.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, ms);
        sleepers.add(wake);
      });
    },
  };
}
