// What a listing's answer shows about it (pure): a search answered with rows that mostly do not
// hold the term was not done; more rows than asked is the service's own page size; a page cut out
// of a larger answer never holds more than asked.
import { describe, expect, it } from 'vitest';
import { answerShows, ignoresSearch, searchRefusal } from '../../../../src-main/core/contacts/listing-facts';
import { cutPage, servicePageOf } from '../../../../src-main/core/contacts/page-cut';
import type { OperationSpec } from '../../../../src-main/core/api/types';
import type { Contact, ContactPage } from '../../../../src-main/shared/model';

const person = (name: string, i = 0): Contact => ({
  id: `c${i}`,
  name,
  number: `55119000000${String(i).padStart(2, '0')}`,
  email: null,
  tags: [],
  createdAt: null,
  updatedAt: null,
});
const spec = (body: OperationSpec['body']): OperationSpec => ({ method: 'POST', path: '/find', query: [], headers: [], body });

describe('listing facts', () => {
  it.each([
    ['every row holds the term', ['Ana Lima', 'Ana Dias', 'Mariana Souza'], 'ana', false],
    ['accents and case aside', ['ÁNA Lima', 'Ána Dias', 'Lia'], 'ana', false],
    ['most rows lack the term', ['Ana Lima', 'Bruno Dias', 'Carla Souza'], 'ana', true],
    ['one row, without the term', ['Bruno Dias'], 'ana', true],
    ['one row, with it', ['Ana Dias'], 'ana', false],
    ['no rows: nothing to judge', [], 'ana', false],
  ])('ignoresSearch: %s', (_name, names, term, expected) => {
    expect(ignoresSearch(names.map(person), term)).toBe(expected);
  });

  it('a number searched as people write it is matched by its digits', () => {
    expect(ignoresSearch([person('X', 1), person('Y', 1)], '+55 11 9000-00001')).toBe(false);
  });

  it('answerShows: the search ignored and the page size seen, only when new', () => {
    const rows = ['Bruno', 'Carla', 'Diego', 'Elis'].map(person);
    expect(answerShows(rows, { search: 'ana', perPage: 2 }, {})).toEqual({ searchIgnored: true, pageSize: 4 });
    expect(answerShows(rows, { search: 'ana', perPage: 2 }, { searchIgnored: true, pageSize: 4 })).toEqual({});
    expect(answerShows(rows, { perPage: 10 }, {})).toEqual({});
  });

  it('searchRefusal: no search slot, or a search found ignored', () => {
    expect(searchRefusal(spec({ where: {} }), {})).toMatch(/takes no search term/);
    expect(searchRefusal(spec({ where: { name: { $role: 'search' } } }), {})).toBeNull();
    expect(searchRefusal(spec({ where: { name: { $role: 'search' } } }), { searchIgnored: true })).toMatch(/answered a search/);
  });

  it('cutPage and servicePageOf: rows [skip, skip + perPage), the end told by the answer', () => {
    const items = Array.from({ length: 7 }, (_, i) => person(`P${i}`, i));
    const answer: ContactPage = { items, page: 1, perPage: 3, total: null, totalPages: null, hasMore: null };
    expect(cutPage(answer, 3, 2, 3, false)).toMatchObject({ page: 2, total: 7, totalPages: 3, hasMore: true });
    expect(cutPage(answer, 6, 3, 3, false).items.map((c) => c.name)).toEqual(['P6']);
    expect(cutPage(answer, 6, 3, 3, false).hasMore).toBe(false);
    expect(servicePageOf(3, 10, 25)).toEqual({ page: 1, skip: 20 });
    expect(servicePageOf(4, 10, 25)).toEqual({ page: 2, skip: 5 });
  });
});
