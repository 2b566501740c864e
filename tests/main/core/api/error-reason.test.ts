// The service's reason, whatever shape its error body has: one line, a code, field details and,
// for a provider's known codes, what they mean. Pure functions, no server.
import { describe, expect, it } from 'vitest';
import { readErrorReason } from '../../../../src-main/core/api/errors/error-reason';
import { statusError } from '../../../../src-main/core/http/status-error';

const KEY = 'crm_sk_Q7vXk2LmP9aZ4wRt';
const read = (body: unknown): ReturnType<typeof readErrorReason> =>
  readErrorReason(typeof body === 'string' ? body : JSON.stringify(body), KEY, 'application/json');
const sendError = (status: number, body: unknown) =>
  statusError({
    status,
    endpoint: 'messages.text',
    method: 'POST',
    path: '/api/v1/messages/text',
    bodyText: JSON.stringify(body),
    apiKey: KEY,
  });

const META_WINDOW = {
  error: {
    message: '(#131047) Re-engagement message',
    type: 'OAuthException',
    code: 131047,
    error_data: {
      messaging_product: 'whatsapp',
      details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
    },
    error_subcode: 2494010,
    fbtrace_id: 'Az8or2yhqkZfEZ-_4Qn_Bam',
  },
};

describe('readErrorReason', () => {
  it('WhatsApp Cloud API error: message with its details, the code, and what the 24-hour window means', () => {
    const reason = read(META_WINDOW);
    expect(reason.code).toBe('131047');
    expect(reason.message).toBe(
      '(#131047) Re-engagement message (Message failed to send because more than 24 hours have passed since the customer last replied to this number.)',
    );
    expect(reason.hint).toMatch(/outside WhatsApp's 24-hour customer-service window: only an approved template message can be sent/);
    const error = sendError(400, META_WINDOW);
    expect(error.code).toBe('bad_request');
    expect(error.message).toMatch(
      /^The server rejected the request: \(#131047\) Re-engagement message \(.*number\.\) The contact is outside WhatsApp's 24-hour/,
    );
  });

  it.each([
    [131026, /not be on WhatsApp/],
    [190, /access token has expired or is not valid/],
    [131056, /same number/],
    [130429, /throughput/],
    [80007, /rate limit/],
    [4, /call limit/],
    [100, /missing or not valid/],
  ])('WhatsApp Cloud API code %s gets a plain explanation', (code, hint) => {
    const reason = read({ error: { message: `(#${code}) something`, type: 'OAuthException', code, fbtrace_id: 'x' } });
    expect(reason.code).toBe(String(code));
    expect(reason.hint).toMatch(hint);
  });

  it('a bare code from another service gets no provider explanation', () => {
    expect(read({ code: 100, message: 'Out of credit' })).toEqual({ code: '100', message: 'Out of credit', details: [], hint: null });
    expect(read({ error: { code: 4, message: 'Nope' } }).hint).toBeNull();
  });

  it("RFC 9457 problem with a validating mock's validation list: the field without its request part, and the type as code", () => {
    const reason = read({
      type: 'https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY',
      title: 'Invalid request',
      status: 422,
      detail: 'Your request is not valid and no HTTP validation response was found in the spec, so Prism is generating this error for you.',
      validation: [
        { location: ['body', 'to'], severity: 'Error', code: 'required', message: "must have required property 'to'" },
        { location: ['query', 'page'], severity: 'Error', code: 'type', message: 'must be integer' },
        { location: ['body', 'template', 'name'], severity: 'Error', code: 'type', message: 'must be string' },
      ],
    });
    expect(reason.code).toBe('UNPROCESSABLE_ENTITY');
    expect(reason.details).toEqual([
      { field: 'to', message: "must have required property 'to'" },
      { field: 'page', message: 'must be integer' },
      { field: 'template.name', message: 'must be string' },
    ]);
    expect(
      sendError(422, { title: 'Invalid request', validation: [{ location: ['body', 'to'], message: "must have required property 'to'" }] })
        .message,
    ).toBe("The server rejected the request: to: must have required property 'to'");
  });

  it('RFC 9457 problem with errors[] items carrying JSON pointers', () => {
    const reason = read({
      type: 'https://example.net/validation-error',
      title: 'Your request is not valid.',
      errors: [
        { detail: 'must be a positive integer', pointer: '#/age' },
        { detail: 'must be one of red, green', pointer: '#/profile/color' },
      ],
    });
    expect(reason.code).toBe('validation-error');
    expect(reason.message).toBe('Your request is not valid.');
    expect(reason.details).toEqual([
      { field: 'age', message: 'must be a positive integer' },
      { field: 'profile.color', message: 'must be one of red, green' },
    ]);
  });

  it('Evolution API v2: response.message as a list of lists, a list, or a string', () => {
    const nested = read({ status: 400, error: 'Bad Request', response: { message: [['instance requires property "number"'], 'another'] } });
    expect(nested.message).toBe('instance requires property "number"; another');
    expect(nested.details).toEqual([
      { field: 'number', message: 'instance requires property "number"' },
      { field: '', message: 'another' },
    ]);
    expect(read({ status: 400, error: 'Bad Request', response: { message: ['Owned media must be a url or base64'] } }).message).toBe(
      'Owned media must be a url or base64',
    );
    expect(read({ status: 404, error: 'Not Found', response: { message: 'The "x" instance does not exist' } }).message).toBe(
      'The "x" instance does not exist',
    );
    expect(
      sendError(400, { status: 400, error: 'Bad Request', response: { message: [['instance requires property "number"']] } }).message,
    ).toBe('The server rejected the request: number: instance requires property "number"');
  });

  it('NestJS: a list of sentences without field names is the message, not repeated as details', () => {
    const reason = read({ statusCode: 400, message: ['to must be a string', 'text should not be empty'], error: 'Bad Request' });
    expect(reason).toMatchObject({ message: 'to must be a string; text should not be empty', details: [] });
  });

  it('Twilio: message, code and the documentation link', () => {
    const body = {
      code: 21211,
      message: "The 'To' number +1555 is not a valid phone number.",
      more_info: 'https://www.twilio.com/docs/errors/21211',
      status: 400,
    };
    expect(read(body)).toEqual({
      code: '21211',
      message: "The 'To' number +1555 is not a valid phone number. (see https://www.twilio.com/docs/errors/21211)",
      details: [],
      hint: null,
    });
    expect(sendError(400, body).message).toBe(
      "The server rejected the request: The 'To' number +1555 is not a valid phone number. (see https://www.twilio.com/docs/errors/21211)",
    );
  });

  it('Twilio 63016 is the 24-hour window too', () => {
    const reason = read({
      code: 63016,
      message: 'Failed to send freeform message because you are outside the allowed window.',
      more_info: 'https://www.twilio.com/docs/errors/63016',
      status: 400,
    });
    expect(reason.hint).toMatch(/24-hour customer-service window/);
  });

  it('a documentation link is shown only as a short http(s) URL, without its query', () => {
    const linked = (more_info: string) => read({ code: 1, message: 'No', more_info }).message;
    expect(linked('https://docs.example.com/errors/1?utm_source=api#top')).toBe('No (see https://docs.example.com/errors/1)');
    expect(linked('javascript:alert(1)')).toBe('No');
    expect(linked('ftp://example.com/x')).toBe('No');
    expect(linked(`https://example.com/${'a'.repeat(200)}`)).toBe('No');
    expect(linked(`https://user:${KEY}@example.com/x`)).toBe('No');
    expect(read({ code: 1, message: 'x'.repeat(400), more_info: 'https://example.com/e/1' }).message).toMatch(
      /^x+… \(see https:\/\/example\.com\/e\/1\)$/,
    );
  });

  it("Laravel: the message and each field's first sentence", () => {
    const reason = read({
      message: 'The phone field is required. (and 1 more error)',
      errors: { phone: ['The phone field is required.'], text: ['The text may not be greater than 4096 characters.', 'second'] },
    });
    expect(reason).toEqual({
      code: null,
      message: 'The phone field is required. (and 1 more error)',
      details: [
        { field: 'phone', message: 'The phone field is required.' },
        { field: 'text', message: 'The text may not be greater than 4096 characters.' },
      ],
      hint: null,
    });
  });

  it('FastAPI: detail[] with loc', () => {
    expect(read({ detail: [{ loc: ['body', 'number'], msg: 'field required', type: 'value_error.missing' }] }).details).toEqual([
      { field: 'number', message: 'field required' },
    ]);
  });

  it('a key echoed with escapes is gone from the message, the details and the link', () => {
    const escaped = [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const body =
      `{"error":{"message":"bad token ` +
      `${escaped}","code":190,"type":"OAuthException","errors":[{"field":"${escaped}","message":"x"}]},` +
      `"more_info":"https://example.com/${KEY.replace(/_/g, '%5F')}"}`;
    const reason = readErrorReason(body, KEY, null);
    const all = JSON.stringify(reason).toLowerCase();
    expect(all).not.toContain(KEY.toLowerCase().slice(0, 8));
    expect(all).not.toContain(KEY.toLowerCase().slice(-8));
    expect(reason.message).toBe('bad token ***');
  });
});
