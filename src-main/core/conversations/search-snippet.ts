// The piece of a found message shown beside it, with the searched words marked. Pure: it reads
// the stored (already scrubbed) text and cuts words the way the index does (search-query.ts),
// folding accents and case the way the index's tokenizer does, so what is marked is what matched.
import type { SnippetPart } from '../../shared/message-search';

/** characters of context kept before the first match */
const LEAD = 40;
/** the longest snippet, in characters, before it is cut */
const WIDTH = 160;

/** a word as the index compares it: accents off, lower case */
export function foldWord(word: string): string {
  return word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

interface Token {
  start: number;
  end: number;
  matches: boolean;
}

function tokensOf(text: string, words: readonly string[], prefix: boolean): Token[] {
  const folded = words.map(foldWord);
  const last = folded.length - 1;
  const tokens: Token[] = [];
  for (const found of text.matchAll(/[\p{L}\p{N}\p{M}\p{Co}]+/gu)) {
    const token = foldWord(found[0]);
    const matches = folded.some((word, i) => token === word || (prefix && i === last && token.startsWith(word)));
    tokens.push({ start: found.index, end: found.index + found[0].length, matches });
  }
  return tokens;
}

/**
 * The first field (in the order given) holding a searched word, shortened around its first
 * match, as parts to show; whitespace runs (line breaks too) become one space. A message whose
 * fields hold no match (the index folds a few letters this does not) shows its first field, unmarked.
 */
export function snippetOf(fields: readonly (string | null)[], words: readonly string[], prefix: boolean): SnippetPart[] {
  const texts = fields.filter((f): f is string => f !== null && f.trim() !== '').map((f) => f.replace(/\s+/gu, ' ').trim());
  for (const text of texts) {
    const tokens = tokensOf(text, words, prefix);
    const first = tokens.findIndex((t) => t.matches);
    if (first === -1) continue;
    return cut(text, tokens, first);
  }
  const plain = texts[0] ?? '';
  return plain === '' ? [] : [{ text: shorten(plain), match: false }];
}

function cut(text: string, tokens: readonly Token[], first: number): SnippetPart[] {
  const match = tokens[first]!;
  // start at a word, at most LEAD characters before the match
  const from = tokens.find((t) => t.start >= match.start - LEAD)?.start ?? match.start;
  const start = from <= LEAD / 4 ? 0 : from;
  // end at a word's end, within WIDTH of the start (always past the first match)
  const within = tokens.filter((t) => t.end <= start + WIDTH);
  const end = within.length > 0 && text.length > start + WIDTH ? Math.max(within[within.length - 1]!.end, match.end) : text.length;
  const parts: SnippetPart[] = [];
  const push = (piece: string, isMatch: boolean): void => {
    if (piece === '') return;
    const previous = parts[parts.length - 1];
    if (previous && previous.match === isMatch) previous.text += piece;
    else parts.push({ text: piece, match: isMatch });
  };
  if (start > 0) push('…', false);
  let at = start;
  for (const token of tokens) {
    if (!token.matches || token.start < start || token.end > end) continue;
    push(text.slice(at, token.start), false);
    push(text.slice(token.start, token.end), true);
    at = token.end;
  }
  push(text.slice(at, end), false);
  if (end < text.length) push('…', false);
  return parts;
}

function shorten(text: string): string {
  if (text.length <= WIDTH) return text;
  const words = [...text.slice(0, WIDTH).matchAll(/[\p{L}\p{N}\p{M}\p{Co}]+/gu)];
  const last = words[words.length - 1];
  return `${text.slice(0, last ? last.index + last[0].length : WIDTH)}…`;
}
