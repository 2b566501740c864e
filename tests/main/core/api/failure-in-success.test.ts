// A 2xx whose body says the send failed is a failure with the service's reason; every other 2xx
// body (an id, a delivery state, nothing at all) is a success.
import { describe, expect, it } from 'vitest';
import { failureInSuccess } from '../../../../src-main/core/api/errors/failure-in-success';
import { verdictOf } from '../../../../src-main/core/messages/draft-keys';
import { sentMessageOf } from '../../../../src-main/core/messages/sent-message';
import { CrmError, toErrorInfo } from '../../../../src-main/core/errors';
import type { ApiResponse } from '../../../../src-main/core/http/sender';
import type { Profile } from '../../../../src-main/core/model';

describe('failureInSuccess', () => {
  it.each([
    ['Wati: result false with info', { result: false, info: 'Invalid WhatsApp number' }, 'Invalid WhatsApp number'],
    ['success false', { success: false, message: 'Instance is not connected' }, 'Instance is not connected'],
    ['ok false', { ok: false, error: 'number not on WhatsApp' }, 'number not on WhatsApp'],
    ['status "error"', { status: 'error', message: 'Session closed' }, 'Session closed'],
    ['status "FAILED"', { status: 'FAILED', reason: 'blocked' }, 'blocked'],
    ['sent false', { sent: false, message: 'Phone offline' }, 'Phone offline'],
    ['sent "false" (a string)', { sent: 'false', message: 'Phone offline' }, 'Phone offline'],
    ['error true', { error: true, message: 'Invalid number' }, 'Invalid number'],
    [
      'an error object',
      { error: { code: 131026, message: '(#131026) Message undeliverable', type: 'OAuthException', fbtrace_id: 'x' } },
      '(#131026) Message undeliverable',
    ],
    ['an error text', { error: 'Recipient not found' }, 'Recipient not found'],
    ['a failure without any reason', { result: false }, null],
  ])('%s is a failure', (_name, body, message) => {
    expect(failureInSuccess(body)).toMatchObject({ message });
  });

  it.each([
    ['an API.md message', { id: 'm_1', type: 'text', status: 'queued' }],
    ['result true', { result: true, info: 'Sent' }],
    ['success true', { success: true }],
    ['sent "true" (a string)', { sent: 'true', message: 'ok', id: 7 }],
    ['a Cloud API answer', { messaging_product: 'whatsapp', contacts: [{ input: '5511', wa_id: '5511' }], messages: [{ id: 'wamid.X' }] }],
    ['a delivery state', { status: 'PENDING', key: { id: 'x' } }],
    ['an empty error', { id: 'm_1', error: null }],
    ['an error text saying none', { id: 'm_1', error: '' }],
    ['error false', { id: 'm_1', error: false }],
    ['an error object with code 0', { id: 'm_1', error: { code: 0, message: 'Success' } }],
    ['an empty error object', { id: 'm_1', error: {} }],
    ['a bare array', [{ id: 'm_1' }]],
    ['no body', undefined],
    ['a number', 200],
  ])('%s is a success', (_name, body) => {
    expect(failureInSuccess(body)).toBeNull();
  });
});

describe('a send answered 2xx with a failure in its body', () => {
  const op = { op: 'messages.text' as const, input: { number: '5511999990000', text: 'hi' }, idempotencyKey: 'k' };
  const profile: Profile = {
    id: 'p',
    name: 'P',
    baseUrl: 'http://127.0.0.1:1',
    endpointOverrides: {},
    api: null,
    activeKeyId: null,
    sandbox: false,
    allowInsecureHttp: false,
    createdAt: '2024-01-01T00:00:00Z',
  };
  const answer = (json: unknown): ApiResponse => ({
    status: 200,
    headers: {},
    json,
    unreadable: null,
    durationMs: 1,
    attempts: 1,
    replayed: false,
  });
  const refusal = (json: unknown): CrmError => {
    try {
      sentMessageOf(op, profile, answer(json));
    } catch (err) {
      if (err instanceof CrmError) return err;
      throw err;
    }
    throw new Error('not refused');
  };

  it('an ordinary answer is still a sent message', () => {
    expect(sentMessageOf(op, profile, answer({ id: 'm_1', status: 'queued' }))).toMatchObject({
      id: 'm_1',
      status: 'queued',
      understood: true,
    });
  });

  it("is a refused_by_service error carrying the service's reason, never a sent message", () => {
    expect(toErrorInfo(refusal({ result: false, info: 'Invalid WhatsApp number' }))).toEqual({
      code: 'refused_by_service',
      message: 'The service did not send the message: Invalid WhatsApp number',
      status: 200,
    });
  });

  it('names the fields and explains a known code', () => {
    const error = refusal({ error: { message: '(#131047) Re-engagement message', code: 131047, type: 'OAuthException', fbtrace_id: 'x' } });
    expect(error.message).toMatch(
      /^The service did not send the message: \(#131047\) Re-engagement message\. The contact is outside WhatsApp's 24-hour/,
    );
    expect(
      refusal({ success: false, code: 'INVALID_NUMBER', message: 'Invalid number', errors: { phone: ['not on WhatsApp'] } }).message,
    ).toBe('The service did not send the message: INVALID_NUMBER: Invalid number: phone: not on WhatsApp');
    expect(refusal({ sent: false }).message).toBe('The service answered HTTP 200 but says the message was not sent (it gave no reason)');
  });

  it("uses up the draft's Idempotency-Key: the answer was definite", () => {
    expect(verdictOf({ ok: false, error: refusal({ ok: false, error: 'x' }) })).toBe('definite');
  });
});
