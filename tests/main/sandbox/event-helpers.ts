// Helpers for the event tests: a condition polled until a deadline (never a fixed sleep), a
// Server-Sent Events client over node:http, and a webhook receiver on loopback that records
// each request's raw body and headers and answers what the test tells it to.
import type { IncomingHttpHeaders, IncomingMessage, Server } from 'node:http';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Polls `probe` until it returns something other than undefined, or fails after `deadlineMs`. */
export async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, deadlineMs = 10_000): Promise<T> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export interface SseFrame {
  id?: string;
  event?: string;
  data: string;
}

export interface SseClient {
  status: number;
  headers: IncomingHttpHeaders;
  frames: SseFrame[];
  /** the raw text so far (comments included) */
  raw(): string;
  ended(): boolean;
  close(): void;
}

/** Opens GET /api/v1/events; resolves once the status line and headers have arrived. */
export function openEvents(
  baseUrl: string,
  key: string | null,
  headers: Record<string, string> = {},
  path = '/api/v1/events',
): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, {
      headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), Accept: 'text/event-stream', ...headers },
    });
    req.on('error', reject);
    req.on('response', (res: IncomingMessage) => {
      let text = '';
      let pending = '';
      let ended = false;
      const frames: SseFrame[] = [];
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        pending += chunk;
        let at: number;
        while ((at = pending.indexOf('\n\n')) >= 0) {
          const block = pending.slice(0, at);
          pending = pending.slice(at + 2);
          const frame: SseFrame = { data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            if (colon === 0) continue;
            const name = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (name === 'id') frame.id = value;
            if (name === 'event') frame.event = value;
            if (name === 'data') {
              frame.data = hasData ? `${frame.data}\n${value}` : value;
              hasData = true;
            }
          }
          if (hasData) frames.push(frame);
        }
      });
      res.on('error', () => {});
      res.on('close', () => (ended = true));
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        frames,
        raw: () => text,
        ended: () => ended,
        close: () => req.destroy(),
      });
    });
    req.end();
  });
}

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  requests: ReceivedRequest[];
  /** the status the next requests get, one per request; then 200 */
  answers: number[];
  /** when true, requests are held without an answer */
  hang: boolean;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hooks/crm'): Promise<WebhookReceiver> {
  const receiver: Omit<WebhookReceiver, 'url' | 'close'> = { requests: [], answers: [], hang: false };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      receiver.requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (receiver.hang) return;
      res.statusCode = receiver.answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
