// What a person types into search is never FTS5 syntax: each word is quoted, the words ANDed,
// the last one a prefix while it is still being typed; input with nothing to search for is
// refused with the reason.
import { describe, expect, it } from 'vitest';
import { buildSearchQuery, SEARCH_WORDS_LIMIT } from '../../../../src-main/core/conversations/search-query';
import { namedCasesOf } from '../../helpers/cases';

const matchOf = (text: string): string => {
  const query = buildSearchQuery(text);
  if (!query.ok) throw new Error(`refused: ${query.message}`);
  return query.match;
};

describe('buildSearchQuery', () => {
  it('quotes each word, ANDs them, and makes the last word a prefix while it is being typed', () => {
    expect(matchOf('pedido entrega')).toBe('"pedido" AND "entrega"*');
    expect(buildSearchQuery('pedido entrega')).toMatchObject({ words: ['pedido', 'entrega'], prefix: true });
  });

  it('a finished last word (followed by a space or punctuation) is matched whole', () => {
    expect(matchOf('pedido entrega ')).toBe('"pedido" AND "entrega"');
    expect(matchOf('entrega?')).toBe('"entrega"');
  });

  it('a last word of one or two letters is matched whole, not as the start of thousands of words', () => {
    expect(matchOf('a')).toBe('"a"');
    expect(matchOf('pedido ok')).toBe('"pedido" AND "ok"');
    expect(matchOf('ped')).toBe('"ped"*');
  });

  it('keeps accented, non-Latin letters and digits as words (the index folds accents itself)', () => {
    expect(matchOf('Ação João')).toBe('"Ação" AND "João"*');
    expect(matchOf('заказ 12345')).toBe('"заказ" AND "12345"*');
    expect(matchOf('注文書')).toBe('"注文書"*');
  });

  namedCasesOf('%s is read as plain words: %s', matchOf, [
    ['double quotes', '"olá mundo"', '"olá" AND "mundo"'],
    ['an unbalanced quote', 'say "hi', '"say" AND "hi"'],
    ['a star', 'ped*', '"ped"'],
    ['a leading minus (NOT in some syntaxes)', '-spam', '"spam"*'],
    ['a caret (initial token)', '^start', '"start"*'],
    ['a column filter', 'text:secret', '"text" AND "secret"*'],
    ['a column set', '{text name}: x', '"text" AND "name" AND "x"'],
    ['NEAR()', 'NEAR(a b, 2)', '"NEAR" AND "a" AND "b" AND "2"'],
    ['AND / OR / NOT as words', 'cats AND dogs OR NOT birds', '"cats" AND "AND" AND "dogs" AND "OR" AND "NOT" AND "birds"*'],
    ['parentheses', '(pedido)', '"pedido"'],
    ['a plus', '+55 11 99999-0000', '"55" AND "11" AND "99999" AND "0000"*'],
    ['an apostrophe', "don't", '"don" AND "t"'],
    ['emoji between words', 'bom 🙂 dia', '"bom" AND "dia"*'],
  ]);

  it.each([
    ['empty', ''],
    ['spaces only', '   '],
    ['tabs and line breaks', '\t\n '],
  ])('refuses %s text: there is nothing to search for', (_what, text) => {
    expect(buildSearchQuery(text)).toEqual({ ok: false, message: 'Type a word to search for.' });
  });

  it.each([
    ['lone punctuation', '?!.,;'],
    ['quotes and operators only', '"*" - ^ ( ) : {}'],
    ['emoji only', '🙂👍🏽'],
  ])('refuses %s: the index holds no such words, and says so', (_what, text) => {
    const query = buildSearchQuery(text);
    expect(query.ok).toBe(false);
    expect(!query.ok && query.message).toMatch(/finds words and numbers.*punctuation and emoji are not indexed/);
  });

  it(`refuses more than ${SEARCH_WORDS_LIMIT} words instead of dropping some`, () => {
    const many = Array.from({ length: SEARCH_WORDS_LIMIT + 1 }, (_, i) => `w${i}`).join(' ');
    const query = buildSearchQuery(many);
    expect(query).toEqual({
      ok: false,
      message: `Search for at most ${SEARCH_WORDS_LIMIT} words at once (this has ${SEARCH_WORDS_LIMIT + 1}).`,
    });
    expect(buildSearchQuery(many.split(' ').slice(1).join(' ')).ok).toBe(true);
  });
});
