// "Fire a test event" in every shape the sandbox posts: each dialect's request carries its
// vendor's proof (a signature header, Evolution's apikey in the body, nothing for Wati), and a
// shape the app does not know is refused with the ones it does.
import { describe, expect, it } from 'vitest';
import { TEST_EVENT_BUILDERS, testEventRequest } from '../../../../src-main/core/events/webhooks/test-events';

const input = (dialect: string) => ({
  kind: 'delivered' as const,
  dialect,
  number: '5511999990000',
  messageId: 'wamid.test',
  at: new Date('2026-11-29T12:00:00Z'),
});
const URL_ = 'http://127.0.0.1:4011/webhooks/p_1';

describe('test events', () => {
  it('offers every dialect the sandbox posts', () => {
    expect(Object.keys(TEST_EVENT_BUILDERS).sort()).toEqual(['default', 'evolution-v2', 'meta', 'twilio', 'wati']);
  });

  it('signs as each vendor signs', () => {
    const headersOf = (dialect: string) => {
      const request = testEventRequest(input(dialect), URL_, 'the-secret');
      if ('problem' in request) throw new Error(request.problem);
      return request;
    };
    expect(Object.keys(headersOf('meta').headers)).toContain('X-Hub-Signature-256');
    expect(Object.keys(headersOf('twilio').headers)).toContain('X-Twilio-Signature');
    expect(Object.keys(headersOf('default').headers)).toContain('X-Crm-Signature-256');
    const evolution = headersOf('evolution-v2');
    expect(Object.keys(evolution.headers)).toEqual(['Content-Type']);
    expect(JSON.parse(evolution.body)).toMatchObject({ event: 'messages.update', apikey: 'the-secret' });
    const wati = headersOf('wati');
    expect(Object.keys(wati.headers)).toEqual(['Content-Type']);
    expect(wati.body).not.toContain('the-secret');
  });

  it('refuses a shape it does not know, naming the ones it does', () => {
    const refused = testEventRequest(input('zapi'), URL_, null);
    expect(refused).toEqual({ problem: expect.stringContaining('evolution-v2, wati') });
  });
});
