// Scrubbing a key from text a server echoed: any run of 8+ of its characters, in any case,
// wherever it sits; shorter runs (a shared "crm_sk_" format prefix) stay.
import { describe, expect, it } from 'vitest';
import { LEAK_RUN, scrubJson, scrubSecret } from '../../../src-main/core/http/redact';

const KEY = 'crm_sk_Q7vXk2LmP9aZ4wRt';

describe('scrubSecret', () => {
  it.each([
    ['the exact key', `bad key ${KEY}!`, 'bad key ***!'],
    ['the key lower-cased', `bad key ${KEY.toLowerCase()}`, 'bad key ***'],
    ['the key upper-cased', `bad key ${KEY.toUpperCase()}`, 'bad key ***'],
    ['the key missing its last character', `key=${KEY.slice(0, -1)}`, 'key=***'],
    ['the key cut short to 8 characters', `x ${KEY.slice(5, 5 + LEAK_RUN)} y`, 'x *** y'],
    ['the key twice, touching', `${KEY}${KEY}`, '***'],
    ['the key inside non-ASCII text', `chave inválida: ${KEY} ✗`, 'chave inválida: *** ✗'],
    ['the key after a dotted capital I (length-changing lower case)', `İİ ${KEY}`, 'İİ ***'],
  ])('removes %s', (_name, text, expected) => {
    expect(scrubSecret(text, KEY)).toBe(expected);
  });

  it('keeps runs shorter than 8 characters and text without the key', () => {
    expect(scrubSecret(`prefix ${KEY.slice(0, LEAK_RUN - 1)} end`, KEY)).toBe(`prefix ${KEY.slice(0, LEAK_RUN - 1)} end`);
    expect(scrubSecret('application/json; charset=utf-8', KEY)).toBe('application/json; charset=utf-8');
  });

  it('a key split across two fields loses both halves', () => {
    const scrubbed = scrubJson({ details: [{ field: KEY.slice(0, 11), message: KEY.slice(11) }] }, KEY);
    expect(JSON.stringify(scrubbed)).not.toContain(KEY.slice(0, LEAK_RUN));
    expect(scrubbed.details[0]!.field).toBe('***');
  });

  it('scrubs keys and values of nested JSON, and leaves numbers and booleans', () => {
    expect(scrubJson({ [KEY]: { echo: [`Bearer ${KEY}`, 3, true, null] } }, KEY)).toEqual({ '***': { echo: ['Bearer ***', 3, true, null] } });
  });
});
