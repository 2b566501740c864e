// A seeded generator of text that is hard to carry through a shell and JSON: quotes, command
// substitution, backslashes, control characters, printf formats, history expansion, option-
// and file-looking prefixes, emoji with ZWJ, RTL text, NUL.
import { createRandom } from '../../../src-main/sandbox/seed';

export const PIECES: readonly string[] = [
  "'",
  '"',
  "'\\''",
  '$(id)',
  '`id`',
  '${HOME}',
  '$HOME',
  '$1',
  '\\',
  '\\\\',
  '\\n',
  '\\x41',
  '\\u0041',
  '\n',
  '\r',
  '\r\n',
  '\t',
  '\u0000',
  '\u001b[31m',
  '\u2028',
  '\u2029',
  '%s',
  '%%',
  '%n',
  '%d',
  '!',
  '!!',
  '!$',
  '*',
  '?',
  '[a-z]',
  '{a,b}',
  '~',
  '#',
  ';',
  '|',
  '&',
  '&&',
  '<',
  '>',
  '>>',
  '(',
  ')',
  ' ',
  '  ',
  'plain',
  'Olá',
  'naïve café',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈',
  '👍🏽',
  '\u202eRTL override',
  'שלום עולם',
  'مرحبا',
  '中文',
  '\ufeff',
  '\u00a0',
  '--data',
  '-H',
  '@/etc/passwd',
  '@-',
  'EOF',
  '<<EOF',
  '%0A',
  '+',
  '=',
  ',',
];

export function trickyStrings(
  count: number,
  seed: number,
  options: { maxPieces?: number; exclude?: (piece: string) => boolean } = {},
): string[] {
  const random = createRandom(seed);
  const pieces = PIECES.filter((p) => !(options.exclude?.(p) ?? false));
  const out: string[] = [
    // fixed cases first: each starts the way that breaks naive exporters
    "-leading dash and 'quote'",
    '@leading-at',
    'it\'s a "test" with $(rm -rf ~) and `uname` \\ and %s!',
  ].map((s) => [...s].filter((c) => !(options.exclude?.(c) ?? false)).join(''));
  while (out.length < count) {
    const n = 1 + Math.floor(random() * (options.maxPieces ?? 8));
    let text = '';
    for (let i = 0; i < n; i += 1) text += pieces[Math.floor(random() * pieces.length)] ?? '';
    if (text.trim() !== '') out.push(text);
  }
  return out;
}
