// Scrubbing a key a server echoed with escapes that a decoder undoes: JSON's \uXXXX, \/, \" and
// \\, and percent escapes, for some or all characters, in any case and any mix. Neither the
// raw text nor what JSON.parse (or a percent decoder) makes of it may keep a run of 8 of the
// key's characters; the scrubbed JSON stays valid; text without the key is left alone.
import { describe, expect, it } from 'vitest';
import { LEAK_RUN, scrubSecret } from '../../../../src-main/core/http/scrub/redact';
import { leakedRuns } from '../../helpers/secret-scan';

const KEY = 'crm_sk_Q7vXk2LmP9aZ4wRt';

/** a small linear congruential generator: the same cases on every run */
function seeded(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % n;
  };
}

const hex = (code: number, width: number, upper: boolean): string => {
  const digits = code.toString(16).padStart(width, '0');
  return upper ? digits.toUpperCase() : digits;
};

/** one character as a JSON string may carry it; `"` and `\` are never left bare (invalid JSON) */
function encodeChar(c: string, pick: (n: number) => number): string {
  const code = c.charCodeAt(0);
  const choices: (() => string)[] = [
    () => `\\u${hex(code, 4, false)}`,
    () => `\\u${hex(code, 4, true)}`,
    () => `%${hex(code, 2, pick(2) === 0)}`,
  ];
  if (c === '"') choices.push(() => '\\"');
  else if (c === '\\') choices.push(() => '\\\\');
  else
    choices.push(
      () => c,
      () => c,
      () => (/[a-z]/i.test(c) && pick(2) === 0 ? c.toUpperCase() : c),
    );
  if (c === '/') choices.push(() => '\\/');
  return choices[pick(choices.length)]!();
}

/** printable ASCII without white space (docs/API.md: the only thing assumed of a key) */
const KEY_CHARS = Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i)).join('');

function randomKey(pick: (n: number) => number): string {
  return Array.from({ length: 8 + pick(57) }, () => KEY_CHARS[pick(KEY_CHARS.length)]).join('');
}

/** ordinary JSON string content, escapes included, that holds no key */
const FILLERS = [
  'Invalid number',
  ' ',
  '\\n',
  '\\"quoted\\"',
  'caf\\u00e9',
  'a\\/b',
  '100%',
  '%20',
  '\\\\',
  'ü',
  '😀',
  ': ',
  'http:\\/\\/x.test\\/p?q=%41',
];

function filler(pick: (n: number) => number): string {
  return Array.from({ length: pick(4) }, () => FILLERS[pick(FILLERS.length)]).join('');
}

/** every string in a parsed JSON value */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => [k, ...stringsOf(v)]);
  return [];
}

/** what a URL decoder makes of `%XX` (ASCII only: keys are ASCII) */
function percentDecoded(text: string): string {
  return text.replace(/%([0-7][0-9a-f])/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

function expectNoRun(text: string, key: string, label: string): void {
  expect(leakedRuns(text, key), label).toEqual([]);
  expect(leakedRuns(percentDecoded(text), key), `${label} (percent-decoded)`).toEqual([]);
}

describe('scrubSecret and escaped keys', () => {
  it.each([
    ['every character as a lower-case \\u escape', [...KEY].map((c) => `\\u${hex(c.charCodeAt(0), 4, false)}`).join('')],
    ['every character as an upper-case \\u escape', [...KEY].map((c) => `\\u${hex(c.charCodeAt(0), 4, true)}`).join('')],
    ['every other character escaped', [...KEY].map((c, i) => (i % 2 === 0 ? `\\u${hex(c.charCodeAt(0), 4, false)}` : c)).join('')],
    ['percent-encoded', [...KEY].map((c) => `%${hex(c.charCodeAt(0), 2, true)}`).join('')],
    [
      'a mix of all three',
      [...KEY].map((c, i) => [c, `\\u00${hex(c.charCodeAt(0), 2, false)}`, `%${hex(c.charCodeAt(0), 2, false)}`][i % 3]).join(''),
    ],
  ])('removes the key written with %s, leaving valid JSON', (_name, spelled) => {
    const text = `{"error":{"message":"bad key ${spelled}!"}}`;
    const scrubbed = scrubSecret(text, KEY);
    expect(scrubbed).toBe('{"error":{"message":"bad key ***!"}}');
  });

  it('removes a key with slashes written PHP-style (\\/)', () => {
    const key = 'ab/cd/ef/gh/ij';
    expect(scrubSecret(`{"echo":"x ${key.replaceAll('/', '\\/')} y"}`, key)).toBe('{"echo":"x *** y"}');
  });

  it('never leaves half an escape behind when the key follows one', () => {
    const key = 'nQ7vXk2LmP9a';
    const scrubbed = scrubSecret(`{"m":"line\\n${key.slice(1)}\\n${key}"}`, key);
    expect(() => JSON.parse(scrubbed) as unknown).not.toThrow();
    expectNoRun(scrubbed, key, scrubbed);
  });

  it('random keys, random spellings: nothing of the key survives in the text or after decoding, and the JSON stays valid', () => {
    const pick = seeded(20240611);
    for (let round = 0; round < 600; round += 1) {
      const key = randomKey(pick);
      const from = pick(key.length - LEAK_RUN + 1);
      const to = from + LEAK_RUN + pick(key.length - from - LEAK_RUN + 1);
      const spelled = [...key.slice(from, to)].map((c) => encodeChar(c, pick)).join('');
      const text = `{"error":{"message":"${filler(pick)}${spelled}${filler(pick)}","echo":["${filler(pick)}"]}}`;
      const label = JSON.stringify({ key, text });
      expect(() => JSON.parse(text) as unknown, label).not.toThrow();
      const scrubbed = scrubSecret(text, key);
      expectNoRun(scrubbed, key, label);
      let parsed: unknown;
      expect(() => {
        parsed = JSON.parse(scrubbed);
      }, `${label} -> ${scrubbed}`).not.toThrow();
      for (const value of stringsOf(parsed)) expectNoRun(value, key, `${label} -> ${value}`);
    }
  });

  it('leaves ordinary text, escapes and all, exactly as it was', () => {
    const pick = seeded(99);
    for (let round = 0; round < 300; round += 1) {
      const text = `{"message":"${filler(pick)}${filler(pick)}${filler(pick)}","n":${round}}`;
      expect(scrubSecret(text, KEY)).toBe(text);
      expect(scrubSecret(text, randomKey(pick))).toBe(text);
    }
  });
});
