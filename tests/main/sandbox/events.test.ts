// The sandbox plays the recipient's side over real HTTP: statuses advance, failing numbers
// fail with a reason, some numbers answer; GET /api/v1/messages/{id} and the event stream
// (GET /api/v1/events, with Last-Event-ID replay) report it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { call, errorOf, start } from './helpers';
import type { SseClient, SseFrame } from './event-helpers';
import { openEvents, waitFor } from './event-helpers';

const FAST = { statusDelaysMs: [15, 30, 45] as const, replyDelayMs: 60 };
const NUMBER = '5511999990001';
const FAILING = '5511999990002';
const REPLYING = '5511999990003';

interface Message {
  id: string;
  number: string;
  status: string;
  error?: { code: string; message: string };
  [field: string]: unknown;
}

const dataOf = (frame: SseFrame): Record<string, unknown> => JSON.parse(frame.data) as Record<string, unknown>;

describe('events (default dialect)', () => {
  let sb: RunningSandbox;
  let stream: SseClient;
  const sendText = async (number: string, text = 'Olá'): Promise<Message> => {
    const res = await call(sb, 'POST', '/api/v1/messages/text', { key: sb.adminKey, body: { number, text } });
    expect(res.status).toBe(201);
    return res.body as Message;
  };
  const statusOf = async (id: string): Promise<Message> =>
    (await call(sb, 'GET', `/api/v1/messages/${encodeURIComponent(id)}`, { key: sb.adminKey })).body as Message;
  const framesFor = (client: SseClient, id: string): SseFrame[] => client.frames.filter((f) => dataOf(f).id === id);

  beforeAll(async () => {
    sb = await start({ events: FAST });
    stream = await openEvents(sb.baseUrl, sb.adminKey);
  });
  afterEach(() => sb.configureEvents({ ...FAST, failNumbers: [], replyFrom: [] }));
  afterAll(async () => {
    stream.close();
    await sb.close();
  });

  it('answers the stream as text/event-stream', () => {
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['x-ratelimit-limit']).toBeDefined();
  });

  it('advances a message queued -> sent -> delivered -> read, in order, on the status route, the listing and the stream', async () => {
    const sent = await sendText(NUMBER);
    expect(sent.status).toBe('queued');
    await waitFor(async () => ((await statusOf(sent.id)).status === 'read' ? true : undefined), 'the message to be read');
    const frames = await waitFor(
      () => (framesFor(stream, sent.id).length === 3 ? framesFor(stream, sent.id) : undefined),
      'three status events',
    );
    expect(frames.map((f) => f.event)).toEqual(['message.status', 'message.status', 'message.status']);
    expect(frames.map((f) => dataOf(f).status)).toEqual(['sent', 'delivered', 'read']);
    const data = dataOf(frames[0]!);
    expect(data).toEqual({ id: sent.id, number: NUMBER, status: 'sent', at: data.at, error: null });
    expect(Number.isNaN(Date.parse(String(data.at)))).toBe(false);
    // ids increase
    const seqs = frames.map((f) => Number(f.id!.split('.')[1]));
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);

    const listing = (await call(sb, 'GET', `/api/v1/messages?number=${NUMBER}`, { key: sb.adminKey })).body as { data: Message[] };
    expect(listing.data.find((m) => m.id === sent.id)?.status).toBe('read');
    expect(await statusOf(sent.id)).toEqual({ ...sent, status: 'read' });
  });

  it('ends a failing number\'s message "failed" with its reason (set at runtime)', async () => {
    sb.configureEvents({ failNumbers: [`+${FAILING.slice(0, 2)} ${FAILING.slice(2)}`] });
    const sent = await sendText(FAILING);
    const failed = await waitFor(async () => {
      const m = await statusOf(sent.id);
      return m.status === 'failed' ? m : undefined;
    }, 'the message to fail');
    const reason = { code: 'outside_window', message: 'The recipient is outside the 24-hour window; send a template.' };
    expect(failed.error).toEqual(reason);
    const frames = await waitFor(
      () => (framesFor(stream, sent.id).length > 0 ? framesFor(stream, sent.id) : undefined),
      'the failure event',
    );
    expect(frames.map((f) => dataOf(f))).toEqual([
      { id: sent.id, number: FAILING, status: 'failed', at: dataOf(frames[0]!).at, error: reason },
    ]);
  });

  it('lets a reply number answer with a text', async () => {
    sb.configureEvents({ replyFrom: [REPLYING] });
    const sent = await sendText(REPLYING);
    const reply = await waitFor(
      () => stream.frames.find((f) => f.event === 'message.received' && dataOf(f).number === REPLYING),
      'the reply',
    );
    const data = dataOf(reply);
    expect(data).toEqual({ id: data.id, number: REPLYING, type: 'text', text: 'Thanks, got it', at: data.at });
    expect(String(data.id)).toMatch(/^in_[0-9a-f]{20}$/);
    // and the message it answers was still played through
    await waitFor(async () => ((await statusOf(sent.id)).status === 'read' ? true : undefined), 'the answered message to be read');
  });

  it('uses the reply text set at runtime; a number not in replyFrom does not answer', async () => {
    sb.configureEvents({ replyFrom: [REPLYING], replyText: 'Obrigado!' });
    const silent = await sendText(NUMBER);
    await sendText(REPLYING);
    await waitFor(() => stream.frames.find((f) => f.event === 'message.received' && dataOf(f).text === 'Obrigado!'), 'the new reply text');
    await waitFor(async () => ((await statusOf(silent.id)).status === 'read' ? true : undefined), "the silent number's message to be read");
    expect(stream.frames.some((f) => f.event === 'message.received' && dataOf(f).number === NUMBER)).toBe(false);
  });

  it('replays what a client missed after Last-Event-ID, and only that', async () => {
    const sent = await sendText(NUMBER);
    const frames = await waitFor(
      () => (framesFor(stream, sent.id).length === 3 ? framesFor(stream, sent.id) : undefined),
      'three status events',
    );
    const again = await openEvents(sb.baseUrl, sb.adminKey, { 'Last-Event-ID': frames[0]!.id! });
    try {
      const replayed = await waitFor(() => (framesFor(again, sent.id).length === 2 ? framesFor(again, sent.id) : undefined), 'the replay');
      expect(replayed.map((f) => [f.id, dataOf(f).status])).toEqual(frames.slice(1).map((f) => [f.id, dataOf(f).status]));
      // and new events follow on the same stream
      const next = await sendText(NUMBER);
      await waitFor(() => (framesFor(again, next.id).length === 3 ? true : undefined), 'new events after the replay');
    } finally {
      again.close();
    }
  });

  it('replays every kept event for an id of another run (the query may carry it too); none without an id', async () => {
    const sent = await sendText(NUMBER);
    await waitFor(() => (framesFor(stream, sent.id).length === 3 ? true : undefined), 'three status events');
    const foreign = await openEvents(sb.baseUrl, sb.adminKey, {}, '/api/v1/events?lastEventId=00000000.99');
    const fresh = await openEvents(sb.baseUrl, sb.adminKey);
    try {
      await waitFor(() => (framesFor(foreign, sent.id).length === 3 ? true : undefined), 'the whole log');
      expect(foreign.frames.length).toBeGreaterThanOrEqual(stream.frames.length);
      await waitFor(() => (fresh.raw().includes(': stream open') ? true : undefined), 'the stream to open');
      expect(fresh.frames).toEqual([]);
    } finally {
      foreign.close();
      fresh.close();
    }
  });

  describe('auth of the new routes', () => {
    it('GET /api/v1/messages/{id}: 404 for an unknown id, 401 without a key, 403 without messages:send', async () => {
      const unknown = await call(sb, 'GET', '/api/v1/messages/m_nope', { key: sb.adminKey });
      expect(unknown.status).toBe(404);
      expect(errorOf(unknown).code).toBe('not_found');
      expect((await call(sb, 'GET', '/api/v1/messages/m_nope')).status).toBe(401);
      const reader = sb.createKey('reader', ['contacts:read']);
      expect((await call(sb, 'GET', '/api/v1/messages/m_nope', { key: reader.key })).status).toBe(403);
    });

    it('GET /api/v1/events: 401 without a key, 403 without messages:send', async () => {
      const none = await openEvents(sb.baseUrl, null);
      none.close();
      expect(none.status).toBe(401);
      const reader = sb.createKey('reader 2', ['contacts:read']);
      const forbidden = await openEvents(sb.baseUrl, reader.key);
      forbidden.close();
      expect(forbidden.status).toBe(403);
    });
  });
});

describe('events: settings and close', () => {
  it('refuses bad event options at start and at runtime, changing nothing', async () => {
    await expect(start({ events: { statusDelaysMs: [1, 2] as unknown as [number, number, number] } })).rejects.toThrow(/statusDelaysMs/);
    const sb = await start();
    try {
      expect(() => sb.configureEvents({ failNumbers: ['12'] })).toThrow(/failNumbers/);
      expect(() => sb.configureEvents({ webhookUrl: 'ftp://x' })).toThrow(/webhookUrl/);
      expect(() => sb.configureEvents({ replyText: '' })).toThrow(/replyText/);
    } finally {
      await sb.close();
    }
  });

  it('closes promptly with timers pending and a stream open; the stream ends', async () => {
    const sb = await start({ events: { statusDelaysMs: [60_000, 60_000, 60_000], replyFrom: [REPLYING], replyDelayMs: 60_000 } });
    const client = await openEvents(sb.baseUrl, sb.adminKey);
    expect((await call(sb, 'POST', '/api/v1/messages/text', { key: sb.adminKey, body: { number: REPLYING, text: 'x' } })).status).toBe(201);
    await sb.close();
    await waitFor(() => (client.ended() ? true : undefined), 'the stream to end');
  });
});
