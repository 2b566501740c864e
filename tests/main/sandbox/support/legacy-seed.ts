// The sandbox's contacts as they were stored before the columns: one object per contact and a
// JSON cache per view. Kept only as the reference the columnar store must answer exactly like.
import { COUNTRIES, EMAIL_DOMAINS, TAGS, pick } from './legacy-seed-data';
import type { CountryPlan, Random } from './legacy-seed-data';
import { createRandom } from '../../../../src-main/sandbox/seed';
import type { SeedContact } from '../../../../src-main/sandbox/seed-columns';

/** a seeded contact as an object: the shape the columns read back (src-main/sandbox/seed-columns.ts) */
export type LegacySeedContact = SeedContact;

// Fixed clock: timestamps spread over two years from 2023-01-01, never "now".
const EPOCH = Date.UTC(2023, 0, 1);
const SPAN_MS = 2 * 365 * 24 * 3600 * 1000;
const MAX_EDIT_MS = 90 * 24 * 3600 * 1000;

// names repeat from small lists: slug each once (normalize() is the slow part of seeding)
const slugs = new Map<string, string>();

function asciiSlug(text: string): string {
  let slug = slugs.get(text);
  if (slug === undefined) {
    slug = text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '');
    slugs.set(text, slug);
  }
  return slug;
}

function pickCountry(random: Random): CountryPlan {
  const total = COUNTRIES.reduce((sum, c) => sum + c.weight, 0);
  let roll = random() * total;
  for (const country of COUNTRIES) {
    roll -= country.weight;
    if (roll < 0) return country;
  }
  return COUNTRIES[0]!;
}

function pickTags(random: Random): string[] {
  const count = Math.floor(random() * 4) === 0 ? 0 : Math.floor(random() * 3) + 1;
  const tags = new Set<string>();
  while (tags.size < count) tags.add(pick(random, TAGS));
  return [...tags];
}

export function legacySeedContacts(count: number, seed: number): LegacySeedContact[] {
  const random = createRandom(seed);
  const numbers = new Set<string>();
  const step = count > 0 ? SPAN_MS / count : 0;
  const contacts: LegacySeedContact[] = new Array<LegacySeedContact>(count);
  for (let i = 0; i < count; i += 1) {
    const country = pickCountry(random);
    const first = pick(random, country.firstNames);
    const last = pick(random, country.lastNames);
    let number = country.number(random);
    while (numbers.has(number)) number = country.number(random);
    numbers.add(number);
    const email =
      random() < 0.2
        ? null
        : `${asciiSlug(first)}.${asciiSlug(last)}${random() < 0.5 ? Math.floor(random() * 100) : ''}@${pick(random, EMAIL_DOMAINS)}`;
    const created = Math.floor(EPOCH + i * step + random() * step);
    const updated = created + (random() < 0.5 ? 0 : Math.floor(random() * MAX_EDIT_MS));
    contacts[i] = {
      id: `c_${String(i + 1).padStart(6, '0')}`,
      name: `${first} ${last}`,
      number,
      email,
      tags: pickTags(random),
      created_at: new Date(created).toISOString(),
      updated_at: new Date(updated).toISOString(),
    };
  }
  return contacts;
}
