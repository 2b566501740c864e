// What a person types into a search box, turned into an FTS5 query that can only mean "messages
// holding these words". Their text is never FTS5 syntax: quotes, `*`, `-`, `^`, `:`, NEAR,
// AND/OR/NOT and parentheses are either separators or plain words. Words are what SQLite's
// unicode61 tokenizer takes as words (letters, digits and their marks), so what is searched for
// is exactly what was indexed; accents and case are folded by the tokenizer on both sides.

/** more words than this is not a search anyone types: refused, not cut, so nothing is silently ignored */
export const SEARCH_WORDS_LIMIT = 16;
/**
 * a last word shorter than this is matched whole: a one- or two-letter prefix stands for
 * thousands of indexed words, and reading all of them is what makes a search slow
 */
export const PREFIX_MIN_LENGTH = 3;

export type SearchQuery =
  | {
      ok: true;
      /** the FTS5 expression: each word quoted, ANDed, the last one a prefix while it is being typed */
      match: string;
      /** the words, as typed (for marking them in snippets) */
      words: string[];
      /** true: the last word is matched as the start of a word */
      prefix: boolean;
    }
  | { ok: false; message: string };

// the characters unicode61 keeps inside a token (letters, numbers, marks, private use); every
// other character separates words
const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;

/** the words of `text` as the index cut them */
export function searchWords(text: string): string[] {
  return text.match(WORD) ?? [];
}

export function buildSearchQuery(text: string): SearchQuery {
  if (text.trim() === '') return { ok: false, message: 'Type a word to search for.' };
  const words = searchWords(text);
  if (words.length === 0)
    return { ok: false, message: 'Search finds words and numbers; this has none (punctuation and emoji are not indexed).' };
  if (words.length > SEARCH_WORDS_LIMIT)
    return { ok: false, message: `Search for at most ${SEARCH_WORDS_LIMIT} words at once (this has ${words.length}).` };
  const last = words[words.length - 1] ?? '';
  // a word followed by a space or punctuation is finished; one still being typed is a prefix
  const stillTyping = /[\p{L}\p{N}\p{M}\p{Co}]$/u.test(text);
  const prefix = stillTyping && [...last].length >= PREFIX_MIN_LENGTH;
  const quoted = words.map((word, i) => `${quote(word)}${prefix && i === words.length - 1 ? '*' : ''}`);
  return { ok: true, match: quoted.join(' AND '), words, prefix };
}

/** an FTS5 string: a double quote inside is doubled (the word pattern lets none through; kept for safety) */
function quote(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}
