// Scrubbing a key from text a server echoed: any run of 8+ of its characters, in any case,
// wherever it sits; shorter runs (a shared "crm_sk_" format prefix) stay.
import { describe, expect, it } from 'vitest';
import { LEAK_RUN, scrubJson, scrubSecret } from '../../../../src-main/core/http/scrub/redact';

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
    ['the key spelled with a Kelvin sign for its k (lower-cases to "k")', `nome: Sérgio ${KEY.replace('k', '\u212a')}`, 'nome: Sérgio ***'],
    ['the key between emoji (surrogate pairs)', `😀${KEY}😀`, '😀***😀'],
  ])('removes %s', (_name, text, expected) => {
    expect(scrubSecret(text, KEY)).toBe(expected);
  });

  it('finds exactly the runs a code point by code point comparison finds, in text of any script', () => {
    // the definition, written plainly: 8 code points that lower-case to 8 characters of the key
    const reference = (text: string, secret: string): string => {
      const chars = [...text];
      const windows = new Set<string>();
      for (let i = 0; i + LEAK_RUN <= secret.length; i += 1) windows.add(secret.toLowerCase().slice(i, i + LEAK_RUN));
      const hit = chars.map(() => false);
      for (let i = 0; i + LEAK_RUN <= chars.length; i += 1) {
        const window = chars
          .slice(i, i + LEAK_RUN)
          .map((c) => (c.toLowerCase().length === 1 ? c.toLowerCase() : c))
          .join('');
        if (windows.has(window)) hit.fill(true, i, i + LEAK_RUN);
      }
      return chars.map((c, i) => (!hit[i] ? c : i === 0 || !hit[i - 1] ? '***' : '')).join('');
    };
    const pieces = [
      KEY,
      KEY.toUpperCase(),
      KEY.slice(3, 12),
      KEY.replace('k', '\u212a'),
      'García',
      'İ',
      '😀',
      'ß',
      ' ',
      '"',
      'Q7vXk2L',
      'ünïcødé',
    ];
    let seed = 7;
    const next = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    for (let round = 0; round < 400; round += 1) {
      const text = Array.from({ length: 1 + next(8) }, () => pieces[next(pieces.length)]).join('');
      expect(scrubSecret(text, KEY), JSON.stringify(text)).toBe(reference(text, KEY));
    }
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
    expect(scrubJson({ [KEY]: { echo: [`Bearer ${KEY}`, 3, true, null] } }, KEY)).toEqual({
      '***': { echo: ['Bearer ***', 3, true, null] },
    });
  });
});
