// The pure parts of the events: settings merged and checked, each message's plan, stream ids.
import { describe, expect, it } from 'vitest';
import { DEFAULT_EVENT_SETTINGS, mergeEventSettings } from '../../../../src-main/sandbox/events/event-options';
import { eventId, replayFrom } from '../../../../src-main/sandbox/events/event-stream';
import { outsideWindowReason } from '../../../../src-main/sandbox/events/fail-reasons';
import { planFor } from '../../../../src-main/sandbox/events/status-plan';

const reason = outsideWindowReason('default');

describe('event settings', () => {
  it('keeps what is not named, reduces numbers to digits and orders the delays', () => {
    const s = mergeEventSettings(DEFAULT_EVENT_SETTINGS, { statusDelaysMs: [50, 10, 30], failNumbers: ['+55 (11) 99999-0000'] });
    expect(s.statusDelaysMs).toEqual([50, 50, 50]);
    expect([...s.failNumbers]).toEqual(['5511999990000']);
    expect(s.replyText).toBe('Thanks, got it');
    expect(DEFAULT_EVENT_SETTINGS.failNumbers.size).toBe(0);
  });

  it('clears the webhook with null or an empty string', () => {
    const on = mergeEventSettings(DEFAULT_EVENT_SETTINGS, { webhookUrl: 'https://example.com/h', webhookSecret: 's' });
    expect(mergeEventSettings(on, { webhookUrl: null, webhookSecret: '' })).toMatchObject({ webhookUrl: null, webhookSecret: null });
  });

  it.each([
    [{ statusDelaysMs: [-1, 0, 0] }, /statusDelaysMs/],
    [{ replyDelayMs: Number.NaN }, /replyDelayMs/],
    [{ replyFrom: '5511999990000' }, /replyFrom/],
    [{ webhookUrl: 'not a url' }, /webhookUrl/],
    [{ webhookRetryDelaysMs: new Array(11).fill(1) }, /webhookRetryDelaysMs/],
  ])('refuses %j', (partial, message) => {
    expect(() => mergeEventSettings(DEFAULT_EVENT_SETTINGS, partial as never)).toThrow(message);
  });
});

describe('planFor', () => {
  const settings = mergeEventSettings(DEFAULT_EVENT_SETTINGS, {
    failNumbers: ['5511999990002'],
    replyFrom: ['5511999990003', '5511999990002'],
  });

  it('sent, delivered, read at the set delays; no answer by default', () => {
    expect(planFor('5511999990001', 'text', settings, reason)).toEqual({
      statuses: [
        { afterMs: 300, status: 'sent', error: null },
        { afterMs: 800, status: 'delivered', error: null },
        { afterMs: 1500, status: 'read', error: null },
      ],
      reply: null,
    });
  });

  it('a failing number fails at the first delay and never answers, even when it is a reply number', () => {
    expect(planFor('5511999990002', 'text', settings, reason)).toEqual({
      statuses: [{ afterMs: 300, status: 'failed', error: reason }],
      reply: null,
    });
  });

  it('a failing number still gets a template: it is what may be sent outside the 24-hour window', () => {
    expect(planFor('5511999990002', 'template', settings, reason).statuses.map((s) => s.status)).toEqual(['sent', 'delivered', 'read']);
  });

  it('a reply number answers after replyDelayMs', () => {
    expect(planFor('5511999990003', 'text', settings, reason).reply).toEqual({ afterMs: 2000, text: 'Thanks, got it', media: null });
  });
});

describe('stream ids', () => {
  it('replays after an id of this run, everything for another run or garbage, nothing without one', () => {
    expect(replayFrom(eventId(7, 'abc1'), 'abc1')).toBe(7);
    expect(replayFrom(eventId(7, 'ffff'), 'abc1')).toBe(0);
    expect(replayFrom('garbage', 'abc1')).toBe(0);
    expect(replayFrom(undefined, 'abc1')).toBe(Number.POSITIVE_INFINITY);
  });

  it("names each dialect's reason", () => {
    expect(outsideWindowReason('meta')).toMatchObject({ code: '131047', title: 'Re-engagement message' });
    expect(outsideWindowReason('twilio').code).toBe('63016');
    expect(outsideWindowReason('wati')).toMatchObject({
      code: 'outside_window',
      message: 'The recipient is outside the 24-hour window; send a template.',
    });
  });
});
