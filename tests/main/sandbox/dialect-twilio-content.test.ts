// The 'twilio' dialect's Content template sends over real HTTP: ContentSid names one of the
// sandbox's approved templates under its made-up HX sid, ContentVariables fills it as a JSON
// object's text keyed "1".."n"; each bad input is refused with Twilio's code and a sentence
// naming the field, and nothing is stored.
import { describe, expect, it } from 'vitest';
import { SANDBOX_ACCOUNT_SID } from '../../../src-main/sandbox/dialects/twilio-account';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { call } from './helpers';
import { sandboxAround } from './sandbox-around';

const MESSAGES = `/2010-04-01/Accounts/${SANDBOX_ACCOUNT_SID}/Messages.json`;
const HELLO_WORLD = 'HXa1b2c3d4e5f60718293a4b5c6d7e8f90';
const ORDER_UPDATE = 'HXb0c1d2e3f4a5968778695a4b3c2d1e0f';
const ENVELOPE = { To: 'whatsapp:+5511999990000', From: 'whatsapp:+14155238886' };

describe('dialect "twilio": Content templates', () => {
  let sb: RunningSandbox;
  sandboxAround({ dialect: 'twilio', contacts: 5 }, (started) => (sb = started));

  const send = (fields: Record<string, string>) =>
    call(sb, 'POST', MESSAGES, {
      rawBody: new URLSearchParams({ ...ENVELOPE, ...fields }).toString(),
      headers: {
        Authorization: `Basic ${Buffer.from(`${SANDBOX_ACCOUNT_SID}:${sb.adminKey}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
    });
  const total = async (): Promise<number> =>
    ((await call(sb, 'GET', '/api/v1/messages?per_page=1', { key: sb.adminKey })).body as { meta: { total: number } }).meta.total;

  it('a template without placeholders needs no ContentVariables; one with them is stored filled', async () => {
    expect((await send({ ContentSid: HELLO_WORLD })).status).toBe(201);
    const res = await send({ ContentSid: ORDER_UPDATE, ContentVariables: '{"1":"#1042"}' });
    expect(res.status).toBe(201);
    const id = (res.body as { sid: string }).sid;
    const stored = await call(sb, 'GET', `/api/v1/messages/${id}`, { key: sb.adminKey });
    expect(stored.body).toMatchObject({ type: 'template', template: { name: 'order_update', params: ['#1042'] } });
  });

  it.each([
    ['an unknown sid', { ContentSid: 'HXffffffffffffffffffffffffffffffff' }, 21655, 'ContentSid must name an approved Content template'],
    ['a sid of another shape', { ContentSid: 'order_update' }, 21655, 'ContentSid must name an approved Content template'],
    ['variables without a sid', { Body: 'hi', ContentVariables: '{"1":"x"}' }, 21654, 'ContentSid is required with ContentVariables'],
    [
      'variables that are not JSON',
      { ContentSid: ORDER_UPDATE, ContentVariables: '{"1":' },
      21656,
      'ContentVariables must be a JSON object',
    ],
    ['a list of variables', { ContentSid: ORDER_UPDATE, ContentVariables: '["x"]' }, 21656, 'ContentVariables must be a JSON object'],
    ['a number as a variable', { ContentSid: ORDER_UPDATE, ContentVariables: '{"1":7}' }, 21656, 'of non-empty strings'],
    ['an empty variable', { ContentSid: ORDER_UPDATE, ContentVariables: '{"1":""}' }, 21656, 'of non-empty strings'],
    ['keys not from "1"', { ContentSid: ORDER_UPDATE, ContentVariables: '{"2":"x"}' }, 21656, 'keyed "1", "2"'],
    ['too many variables', { ContentSid: ORDER_UPDATE, ContentVariables: '{"1":"a","2":"b"}' }, 21656, 'must fill 1 variable'],
    ['too few variables', { ContentSid: ORDER_UPDATE, ContentVariables: '{}' }, 21656, 'must fill 1 variable ("1".."1")'],
  ])('%s: 400 with code %d, the field named, nothing stored', async (_name, fields, code, said) => {
    const before = await total();
    const res = await send(fields);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code, status: 400, more_info: `https://www.twilio.com/docs/errors/${code}` });
    expect((res.body as { message: string }).message).toContain(said);
    expect(await total()).toBe(before);
  });
});
