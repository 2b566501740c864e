// Shared helpers for the sandbox tests: a tiny JSON client over global fetch, and raw TCP
// exchanges for what fetch cannot send (garbage, slow or endless bodies).
import { connect } from 'node:net';
import { expect } from 'vitest';
import type { PlaygroundTab, RunningSandbox, SandboxOptions } from '../../../src-main/sandbox/index';
import type { SeedContact } from '../../../src-main/sandbox/seed';
import { startSandbox } from '../../../src-main/sandbox/index';

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

export interface ErrorShape {
  error: { code: string; message: string; details?: { field: string; message: string }[] };
}

/** Statuses that stay `queued` for the length of any test, so a stored message reads as it was sent, however busy the machine. */
export const STILL_CLOCK = { statusDelaysMs: [3_600_000, 3_600_000, 3_600_000] } as const;

export function start(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ contacts: 200, rate: 1000, burst: 1000, events: STILL_CLOCK, ...options });
}

/**
 * The answer to a second `request` to a fresh sandbox of `dialect` that lets one call through and
 * then limits (0.5 a second, a burst of 1): the first must pass, the second is a 429 whose
 * Retry-After asks for at least a second. The sandbox is closed after.
 */
export async function rateLimitedAnswer(
  dialect: SandboxOptions['dialect'],
  request: (sb: RunningSandbox) => Promise<ApiResponse>,
): Promise<ApiResponse> {
  const slow = await startSandbox({ dialect, contacts: 5, rate: 0.5, burst: 1 });
  try {
    expect((await request(slow)).status).toBe(200);
    const res = await request(slow);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    return res;
  } finally {
    await slow.close();
  }
}

/** how many messages the sandbox has stored */
export async function messageCount(sb: RunningSandbox): Promise<number> {
  const res = await call(sb, 'GET', '/api/v1/messages?per_page=1', { key: sb.adminKey });
  return (res.body as { meta: { total: number } }).meta.total;
}

/**
 * A send refused as an invalid parameter in the Graph API's way: a 400 whose error (read and
 * checked by `errorOf`) has code 100 and names `problem`, and nothing stored. The error is
 * returned for the dialect's own checks.
 */
export async function invalidParameterError<E extends { code: number; message: string }>(
  sb: RunningSandbox,
  send: () => Promise<ApiResponse>,
  errorOf: (res: ApiResponse) => E,
  problem: string,
): Promise<E> {
  const before = await messageCount(sb);
  const res = await send();
  expect(res.status).toBe(400);
  const error = errorOf(res);
  expect(error.code).toBe(100);
  expect(error.message).toContain(`(#100) Invalid parameter: ${problem}`);
  expect(await messageCount(sb)).toBe(before);
  return error;
}

export async function call(
  sb: { baseUrl: string },
  method: string,
  path: string,
  opts: { key?: string | null; body?: unknown; rawBody?: string | Uint8Array; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers.Authorization = `Bearer ${opts.key}`;
  let body: string | Uint8Array | undefined;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['Content-Type'] ??= 'application/json';
  } else if (opts.rawBody !== undefined) {
    body = opts.rawBody;
  }
  const res = await fetch(`${sb.baseUrl}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, text, body: parsed };
}

export function errorOf(res: ApiResponse): ErrorShape['error'] {
  return (res.body as ErrorShape).error;
}

/** Field names of a 400's details, sorted. */
export function detailFields(res: ApiResponse): string[] {
  return (errorOf(res).details ?? []).map((d) => d.field).sort();
}

export interface RawResult {
  /** everything the server sent */
  response: string;
  /** bytes this side managed to write */
  written: number;
  /** the server closed the connection (end or reset) */
  closed: boolean;
}

/**
 * Opens a TCP connection, lets `drive` write to it, and collects what comes back until the
 * server closes the connection or `waitMs` passes. Write errors (the server hanging up while
 * we still send) are expected and ignored.
 */
export function rawExchange(
  port: number,
  drive: (socket: { write(data: string | Buffer): boolean; onDrain(fn: () => void): void; stopped(): boolean }) => void,
  waitMs = 5000,
): Promise<RawResult> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let response = '';
    let written = 0;
    let finished = false;
    const finish = (closed: boolean): void => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ response, written, closed });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (chunk: Buffer) => {
      response += chunk.toString('latin1');
    });
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('connect', () =>
      drive({
        write(data) {
          if (finished || socket.destroyed) return false;
          written += typeof data === 'string' ? Buffer.byteLength(data) : data.length;
          return socket.write(data);
        },
        onDrain(fn) {
          socket.once('drain', fn);
        },
        // like a sensible client, stop sending once the server has answered
        stopped: () => finished || socket.destroyed || response.length > 0,
      }),
    );
  });
}

/** Status code of the first HTTP response in a raw exchange, or 0. */
export function rawStatus(response: string): number {
  const match = /^HTTP\/1\.1 (\d{3})/.exec(response);
  return match ? Number(match[1]) : 0;
}

/** The JSON body of a raw single response, if any. */
export function rawJson(response: string): unknown {
  const at = response.indexOf('\r\n\r\n');
  try {
    return JSON.parse(response.slice(at + 4));
  } catch {
    return undefined;
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** the search's expected answer: contacts where a word starts with the term first, then the rest, each in seeded order */
export function ranked<C extends Pick<SeedContact, 'name' | 'number' | 'email'>>(all: C[], term: string): C[] {
  const t = term.toLowerCase();
  const fields = (c: C) => [c.name, c.number, c.email ?? ''].map((f) => f.toLowerCase());
  const hits = all.filter((c) => fields(c).some((f) => f.includes(t)));
  const startsAWord = (c: C) => fields(c).some((f) => f.split(/[^\p{L}\p{N}]+/u).some((w) => w.startsWith(t)) || f.startsWith(t));
  return [...hits.filter(startsAWord), ...hits.filter((c) => !startsAWord(c))];
}

/** A message as the sandbox's own listing (GET /api/v1/messages) returns it. */
export interface StoredMessage {
  id: string;
  type: string;
  number: string;
  [field: string]: unknown;
}

/** The newest `count` messages the sandbox stored, from its own listing. */
export async function lastMessages(sb: RunningSandbox, count: number): Promise<StoredMessage[]> {
  const res = await call(sb, 'GET', `/api/v1/messages?per_page=${count}`, { key: sb.adminKey });
  if (res.status !== 200) throw new Error(`the message listing answered ${res.status}: ${res.text}`);
  return (res.body as { data: StoredMessage[] }).data;
}

/** What /playground.json answers: the dialect it is for and its tabs. */
export async function playgroundOf(sb: RunningSandbox): Promise<{ dialect: string; tabs: PlaygroundTab[] }> {
  const res = await call(sb, 'GET', '/playground.json');
  if (res.status !== 200) throw new Error(`/playground.json answered ${res.status}`);
  return res.body as { dialect: string; tabs: PlaygroundTab[] };
}
