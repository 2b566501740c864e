// The whole-request deadline kept by one timer per client (attempt-deadlines.ts) instead of an
// AbortController and a timer per attempt. Against real servers on loopback: a service that never
// answers, and one that answers its headers and then trickles its body, each end at the deadline
// with the error that names it; a cancel while the deadline runs is a cancel, not a timeout; a
// send after the timer fired for an earlier one is still bounded; the timer keeps no process alive.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toErrorInfo } from '../../../../src-main/core/errors';
import { createApiClient } from '../../../../src-main/core/http/api-client';
import { AttemptDeadlines } from '../../../../src-main/core/http/attempt-deadlines';
import { startHttpServer, type LocalServer } from './support/local-server';
import { recorder } from './support/recorders';
import { CANARY_KEY, caught, listContacts, sendText } from './support/requests';

/** 'hang': never answers; 'trickle': headers at once, then a space every 50 ms, never the end; 'answer': a 200 at once */
let mode: 'hang' | 'trickle' | 'answer' = 'hang';
const open = new Set<ServerResponse>();
let server: LocalServer;

beforeAll(async () => {
  server = await startHttpServer((_req, res) => {
    if (mode === 'answer') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"id":"m_1","data":[]}');
      return;
    }
    open.add(res);
    let timer: NodeJS.Timeout | undefined;
    if (mode === 'trickle') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"data":[');
      timer = setInterval(() => res.write(' '), 50);
    }
    res.on('close', () => {
      clearInterval(timer);
      open.delete(res);
    });
  });
});
afterAll(async () => {
  for (const res of open) res.destroy();
  await server.close();
});

const activeTimers = (): number => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

function deadlineMessage(seconds: string): string {
  const origin = new URL(server.url).origin;
  const where = 'Profiles → Request deadline in the window; crm settings request-deadline';
  return `${origin} did not finish its answer within the request deadline of ${seconds} (${where})`;
}

describe('the request deadline, one timer per client', () => {
  it('a service that never answers ends at the deadline with the error naming it, logged once', async () => {
    mode = 'hang';
    const rec = recorder();
    const client = createApiClient({ deadlineMs: 300, headersTimeoutMs: 60_000, observer: rec.observer });
    const err = await caught(async () => client.send(await listContacts(server.url), CANARY_KEY));
    expect(toErrorInfo(err)).toMatchObject({ code: 'timeout', message: deadlineMessage('0.3 s') });
    expect(rec.log.map((e) => [e.status, e.errorCode])).toEqual([[null, 'timeout']]);
    await client.close();
  });

  it('an answer whose body trickles past the deadline ends at it; a send is sent once', async () => {
    mode = 'trickle';
    const client = createApiClient({ deadlineMs: 400, bodyTimeoutMs: 60_000 });
    const before = server.received.length;
    const err = await caught(async () => client.send(await sendText(server.url), CANARY_KEY));
    expect(toErrorInfo(err)).toMatchObject({ code: 'timeout', message: deadlineMessage('0.4 s') });
    expect(server.received.length - before).toBe(1);
    await client.close();
  });

  it('the deadline still ends later sends after its timer fired for an earlier one', async () => {
    mode = 'hang';
    const client = createApiClient({ deadlineMs: 200, headersTimeoutMs: 60_000 });
    for (let i = 0; i < 2; i += 1) {
      const err = await caught(async () => client.send(await listContacts(server.url), CANARY_KEY));
      expect(toErrorInfo(err)).toMatchObject({ code: 'timeout', message: deadlineMessage('0.2 s') });
    }
    mode = 'answer';
    expect((await client.send(await listContacts(server.url), CANARY_KEY)).status).toBe(200);
    await client.close();
  });

  it("the caller's cancel during a hang is a cancel, not a timeout", async () => {
    mode = 'hang';
    const client = createApiClient({ deadlineMs: 60_000, headersTimeoutMs: 60_000 });
    const controller = new AbortController();
    const before = server.received.length;
    const pending = caught(async () => client.send(await listContacts(server.url), CANARY_KEY, { signal: controller.signal }));
    for (let i = 0; i < 500 && server.received.length === before; i += 1) await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    expect(toErrorInfo(await pending)).toEqual({ code: 'cancelled', message: 'The request was cancelled' });
    await client.close();
  });

  it('sends in flight keep the deadline timer unreferenced, and a closed client keeps none', async () => {
    mode = 'answer';
    const client = createApiClient({ deadlineMs: 3_600_000 });
    const request = await listContacts(server.url);
    const before = activeTimers();
    // each send starts its deadline before its first wait
    const sends = Promise.all([1, 2, 3].map(() => client.send(request, CANARY_KEY)));
    expect(activeTimers()).toBe(before);
    expect((await sends).map((r) => r.status)).toEqual([200, 200, 200]);
    await client.close();
    expect(activeTimers()).toBe(before);
  });
});

describe('AttemptDeadlines', () => {
  it('aborts only the attempts past their deadline, each once, and forgets ended ones', async () => {
    const deadlines = new AttemptDeadlines();
    const short = deadlines.start(30);
    const long = deadlines.start(60_000);
    const ended = deadlines.start(30);
    deadlines.end(ended);
    const heard: string[] = [];
    short.addEventListener('abort', () => heard.push('short'));
    long.addEventListener('abort', () => heard.push('long'));
    ended.addEventListener('abort', () => heard.push('ended'));
    for (let i = 0; i < 500 && !short.aborted; i += 1) await new Promise((r) => setTimeout(r, 10));
    expect([short.expired, long.expired, ended.expired]).toEqual([true, false, false]);
    expect(heard).toEqual(['short']);
    expect(deadlines.size).toBe(1);
    short.abort();
    expect(heard).toEqual(['short']);
    deadlines.close();
    expect(deadlines.size).toBe(0);
  });

  it('a deadline that is not a positive number ends the attempt at the next timer, as setTimeout would', async () => {
    const deadlines = new AttemptDeadlines();
    const attempts = [Number.NaN, 0, -5].map((ms) => deadlines.start(ms));
    for (let i = 0; i < 500 && attempts.some((a) => !a.aborted); i += 1) await new Promise((r) => setTimeout(r, 10));
    expect(attempts.map((a) => a.expired)).toEqual([true, true, true]);
    deadlines.close();
  });

  it('a removed listener is not called; the abort reason is an AbortError unless one is given', () => {
    const deadlines = new AttemptDeadlines();
    const attempt = deadlines.start(60_000);
    const heard: number[] = [];
    const first = (): number => heard.push(1);
    attempt.addEventListener('abort', first);
    attempt.addEventListener('abort', () => heard.push(2));
    attempt.removeEventListener('abort', first);
    attempt.abort();
    expect(heard).toEqual([2]);
    expect(attempt.reason).toMatchObject({ name: 'AbortError' });
    const named = deadlines.start(60_000);
    named.abort('gone');
    expect(named.reason).toBe('gone');
    deadlines.close();
  });
});
