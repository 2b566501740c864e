// The CLI's one output sanitiser: control and bidi characters from a server never reach the
// terminal raw, in text or in --json, and JSON keeps its meaning.
import { describe, expect, it } from 'vitest';
import { clean, oneLine, table } from '../../../src-main/cli/format';
import { visibleJson, visibleText } from '../../../src-main/cli/terminal-safe';
import { expectResults } from '../helpers/cases';

// eslint-disable-next-line no-control-regex
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const EVERY_UNSAFE = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)).filter((c) => c !== '\n' && c !== '\t'),
  '\u007f',
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(0x80 + i)),
  '\u061c',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
].join('');

describe('visibleText', () => {
  it('shows ESC, BEL, C1 and bidi controls as escapes', () => {
    expectResults(visibleText, [
      ['m_\u001b]52;c;ZXZpbA==\u0007', 'm_\\x1b]52;c;ZXZpbA==\\x07'],
      ['\u009b31mred', '\\u009b31mred'],
      ['abc\u202edef\u2066\u061c', 'abc\\u202edef\\u2066\\u061c'],
      ['del\u007f\r', 'del\\x7f\\x0d'],
    ]);
  });

  it('keeps newlines, tabs and ordinary text (accents, emoji, Arabic) as they are', () => {
    const text = 'a\tb\nSão Paulo 🙂 مرحبا \\x1b stays';
    expect(visibleText(text)).toBe(text);
  });

  it('leaves nothing unsafe, whatever it is given', () => {
    expect(visibleText(EVERY_UNSAFE)).not.toMatch(RAW);
  });
});

describe('visibleJson', () => {
  it('writes what JSON.stringify leaves raw as JSON escapes, and parses back to the same value', () => {
    const value = { id: 'm_\u001b]52;c;ZXZpbA==\u0007\u009b31m\u202e', all: EVERY_UNSAFE, ok: 'São 🙂' };
    const raw = JSON.stringify(value, null, 2);
    expect(raw).toMatch(RAW); // JSON.stringify alone leaves U+009B and U+202E in
    const safe = visibleJson(raw);
    expect(safe).not.toMatch(RAW);
    expect(safe).toContain('\\u009b31m\\u202e');
    expect(JSON.parse(safe)).toEqual(value);
  });
});

describe('clean, oneLine and table', () => {
  it('keep a value on its line, its controls visible', () => {
    expect(clean('a\nb\tc\u001b[2J\u202e')).toBe('a b c\\x1b[2J\\u202e');
    expect(oneLine('  two\n\nlines\u009b ')).toBe('two lines\\u009b');
  });

  it('a table cell with bidi overrides or escapes keeps its columns aligned', () => {
    const text = table(
      ['ID', 'NAME'],
      [
        ['k_1\u202e', 'evil\u001b[31m'],
        ['k_22', 'plain'],
      ],
    );
    expect(text).not.toMatch(RAW);
    const [head, first, second] = text.split('\n');
    expect(head!.indexOf('NAME')).toBe(first!.indexOf('evil'));
    expect(second!.indexOf('plain')).toBe(first!.indexOf('evil'));
  });
});
