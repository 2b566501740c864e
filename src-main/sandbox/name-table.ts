// Every name the seed can give, by one small number (the name key: country, first name, last
// name), so a contact's name is one Uint16 column and a search looks at each distinct name
// once instead of once per contact.
import { COUNTRIES } from './seed-data';

const FIRST_STRIDE = Math.max(...COUNTRIES.map((c) => c.firstNames.length));
const LAST_STRIDE = Math.max(...COUNTRIES.map((c) => c.lastNames.length));

export function nameKey(country: number, first: number, last: number): number {
  return (country * FIRST_STRIDE + first) * LAST_STRIDE + last;
}

// names repeat from small lists: slug each once (normalize() is the slow part)
function asciiSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** the name as written, its lower case, and the email's `first.last`, by name key (holes between countries) */
export const NAMES: string[] = [];
export const LOWER_NAMES: string[] = [];
export const EMAIL_STEMS: string[] = [];

COUNTRIES.forEach((country, c) =>
  country.firstNames.forEach((first, f) =>
    country.lastNames.forEach((last, l) => {
      const key = nameKey(c, f, l);
      NAMES[key] = `${first} ${last}`;
      LOWER_NAMES[key] = NAMES[key].toLowerCase();
      EMAIL_STEMS[key] = `${asciiSlug(first)}.${asciiSlug(last)}`;
    }),
  ),
);
