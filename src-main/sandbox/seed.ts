// Deterministic contacts: the same seed and count always give the same list (ids, names,
// numbers, emails, tags and timestamps), so tests and screenshots can rely on them. They are
// drawn into columns (seed-columns.ts), not objects, so a million of them start in a second and
// fit in tens of megabytes; the random draws are made in the same order as they always were, so
// a seed still gives the very contacts it gave before.
import { nameKey } from './name-table';
import { NumberSet } from './number-set';
import type { SeedColumnArrays, SeedContact } from './seed-columns';
import { NO_EMAIL, NO_SUFFIX, SeedColumns, allocateColumns, packTags } from './seed-columns';
import { COUNTRIES, EMAIL_DOMAINS, TAGS } from './seed-data';
import type { Random } from './seed-data';

export type { SeedContact } from './seed-columns';

/** mulberry32: tiny, fast, good enough for fixtures. */
export function createRandom(seed: number): Random {
  // the state lives in a typed array: a uint32 kept in a closure variable is boxed on most
  // writes, and seeding a million contacts draws twenty million numbers
  const state = new Uint32Array([seed >>> 0]);
  return () => {
    state[0] = state[0]! + 0x6d2b79f5;
    let t = state[0];
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Fixed clock: timestamps spread over two years from 2023-01-01, never "now".
const EPOCH = Date.UTC(2023, 0, 1);
const SPAN_MS = 2 * 365 * 24 * 3600 * 1000;
const MAX_EDIT_MS = 90 * 24 * 3600 * 1000;
const TOTAL_WEIGHT = COUNTRIES.reduce((sum, c) => sum + c.weight, 0);

function pickIndex(random: Random, length: number): number {
  return Math.floor(random() * length);
}

function pickCountry(random: Random): number {
  let roll = random() * TOTAL_WEIGHT;
  for (let c = 0; c < COUNTRIES.length; c += 1) {
    roll -= COUNTRIES[c]!.weight;
    if (roll < 0) return c;
  }
  return 0;
}

/** up to 3 distinct tags, in the order drawn (a repeat is drawn again) */
function pickTags(random: Random): number {
  const count = Math.floor(random() * 4) === 0 ? 0 : Math.floor(random() * 3) + 1;
  const tags: number[] = [];
  while (tags.length < count) {
    const tag = pickIndex(random, TAGS.length);
    if (!tags.includes(tag)) tags.push(tag);
  }
  return packTags(tags);
}

/** Draws contact `i` into the columns; the order of the draws is the seed's contract. */
function drawContact(random: Random, i: number, step: number, numbers: NumberSet, out: SeedColumnArrays): void {
  const c = pickCountry(random);
  const country = COUNTRIES[c]!;
  const first = pickIndex(random, country.firstNames.length);
  out.name[i] = nameKey(c, first, pickIndex(random, country.lastNames.length));
  let number = country.number(random);
  while (!numbers.add(number)) number = country.number(random);
  out.number[i] = number;
  if (random() < 0.2) {
    out.emailSuffix[i] = NO_EMAIL;
  } else {
    out.emailSuffix[i] = random() < 0.5 ? Math.floor(random() * 100) : NO_SUFFIX;
    out.emailDomain[i] = pickIndex(random, EMAIL_DOMAINS.length);
  }
  const created = Math.floor(EPOCH + i * step + random() * step);
  out.created[i] = created;
  out.updated[i] = created + (random() < 0.5 ? 0 : Math.floor(random() * MAX_EDIT_MS));
  out.tags[i] = pickTags(random);
}

export function seedColumns(count: number, seed: number): SeedColumns {
  const random = createRandom(seed);
  const numbers = new NumberSet(count);
  const step = count > 0 ? SPAN_MS / count : 0;
  const columns = allocateColumns(count);
  for (let i = 0; i < count; i += 1) drawContact(random, i, step, numbers, columns);
  return new SeedColumns(count, columns);
}

/** Every seeded contact as an object: for tests and small lists, not the sandbox's storage. */
export function seedContacts(count: number, seed: number): SeedContact[] {
  const columns = seedColumns(count, seed);
  return Array.from({ length: count }, (_, i) => columns.contact(i));
}
