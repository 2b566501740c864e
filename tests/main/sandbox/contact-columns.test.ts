// The columnar contact store answers exactly as the object-per-contact store did: the same
// contacts for a seed (including seeds whose phone numbers collide and are drawn again), the
// same pages at the start, middle and end, the same search order, in every dialect's shape.
import { describe, expect, it } from 'vitest';
import { ContactSearch } from '../../../src-main/sandbox/contact-search';
import { API_CONTACT_VIEW, ContactStore } from '../../../src-main/sandbox/contacts';
import type { ContactView } from '../../../src-main/sandbox/contacts';
import { CLOUD_CONTACT_VIEW } from '../../../src-main/sandbox/dialects/cloud-routes';
import { DESK_CONTACT_VIEW } from '../../../src-main/sandbox/dialects/desk-routes';
import { EVOLUTION_CONTACT_VIEW } from '../../../src-main/sandbox/dialects/evolution-contacts';
import { WATI_CONTACT_VIEW } from '../../../src-main/sandbox/dialects/wati-contacts';
import { NumberSet } from '../../../src-main/sandbox/number-set';
import { seedColumns, seedContacts } from '../../../src-main/sandbox/seed';
import { LegacyContactStore } from './support/legacy-contacts';
import { legacySeedContacts } from './support/legacy-seed';

// seed 4 draws a phone number twice within 20,000 contacts: the redraw must match too
const COUNT = 20_000;
const SEED = 4;

const VIEWS: [string, ContactView][] = [
  ['api', API_CONTACT_VIEW],
  ['cloud', CLOUD_CONTACT_VIEW],
  ['desk', DESK_CONTACT_VIEW],
  ['evolution', EVOLUTION_CONTACT_VIEW],
  ['wati', WATI_CONTACT_VIEW],
];
// names, parts of emails and domains, digits of every length, and what only the full text answers
const TERMS = [
  '',
  'ana',
  'SILVA',
  'maria fernanda',
  'íñigo',
  "o'brien",
  'obrien',
  ' ',
  "'",
  '.',
  'a',
  'e',
  'é',
  'ana.',
  '.lima',
  'a.l',
  'example',
  'ample.c',
  '.org',
  'com',
  'n',
  'dela cruz',
  'delacruz',
];
const DIGIT_TERMS = ['5', '1', '12', '99', '55', '551', '9181', '2348', '5511987654321', '0'];
const FULL_TEXT_TERMS = ['lima1', 'lima12@', '@example', '@', 'a1', '1@e', 'zzzzqqqq', 'ana\u0000', '\u0001'];
const ALL_TERMS = [...TERMS, ...DIGIT_TERMS, ...FULL_TEXT_TERMS];

describe('columnar seeded contacts', () => {
  const legacy = legacySeedContacts(COUNT, SEED);
  const store = new ContactStore(seedColumns(COUNT, SEED));
  const old = new LegacyContactStore(legacy);

  it('are the very contacts the object seed gave, for the default seed and for one with a redrawn number', () => {
    expect(seedContacts(COUNT, SEED)).toEqual(legacy);
    expect(seedContacts(1000, 42)).toEqual(legacySeedContacts(1000, 42));
    expect(seedContacts(0, 42)).toEqual([]);
  });

  it.each(VIEWS)('slices the same JSON at the start, middle and end in the %s shape, for every search', (_name, view) => {
    for (const term of ALL_TERMS) {
      const total = old.matchCount(term);
      expect(store.matchCount(term)).toBe(total);
      for (const start of [0, Math.floor(total / 2), Math.max(0, total - 100), total]) {
        expect(store.slice(term, start, 100, view)).toEqual(old.slice(term, start, 100, view));
      }
    }
  });

  it('finds the same contacts in the same order for every search, whichever way it is answered', () => {
    for (const term of ALL_TERMS) expect([...(store.matches(term) ?? [])], term).toEqual([...(old.matches(term) ?? [])]);
    const own = [legacy[5]!.number, legacy[5]!.number.slice(3, 9), legacy[77]!.email!, legacy[77]!.email!.slice(2, 12)];
    for (const term of own) expect([...(store.matches(term) ?? [])], term).toEqual([...(old.matches(term) ?? [])]);
  });

  it('answers every search the same from the full text, which the other searches skip', () => {
    const fullText = new ContactSearch(seedColumns(COUNT, SEED));
    for (const term of ALL_TERMS.filter((t) => t !== ''))
      expect([...fullText.scan(term.toLowerCase())], term).toEqual([...old.matches(term)!]);
  });

  it('writes the same listing bodies, the last page and past it included', () => {
    for (const term of ALL_TERMS) {
      const total = old.matchCount(term);
      for (const perPage of [1, 50, 500]) {
        const last = Math.max(1, Math.ceil(total / perPage));
        for (const page of [1, last, last + 1]) expect(store.pageJson({ page, perPage }, term)).toBe(old.pageJson({ page, perPage }, term));
      }
    }
  });

  it('finds a contact by its exact number only', () => {
    for (const i of [0, 1234, COUNT - 1]) expect(store.nameOf(legacy[i]!.number)).toBe(legacy[i]!.name);
    for (const number of ['', '0', `0${legacy[0]!.number}`, `+${legacy[0]!.number}`, legacy[0]!.number.slice(1), '1234567890123456789']) {
      expect(store.nameOf(number)).toBe(old.nameOf(number));
    }
  });
});

describe('NumberSet', () => {
  it('tells a new number from one it holds, across many and large numbers', () => {
    const set = new NumberSet(1000);
    for (let i = 1; i <= 1000; i += 1) expect(set.add(999_999_999_999_999 - i * 7919)).toBe(true);
    for (let i = 1; i <= 1000; i += 1) expect(set.add(999_999_999_999_999 - i * 7919)).toBe(false);
    expect(set.add(12345678)).toBe(true);
    expect(set.add(12345678)).toBe(false);
  });
});
