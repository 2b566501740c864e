// The common searches answered from the seed's columns, without the full search text
// (contact-search.ts), with exactly its answers. A contact's record is "name NUL number NUL
// email" and the email is `first.last` + 0..2 digits + `@` + domain, so:
// - a needle with no digit and no `@` can only occur inside the name, inside `first.last` or
//   inside the domain, and each of those depends only on which names (or domain) the contact
//   has: a few thousand short strings are searched, then each contact is two table look-ups;
// - a needle of digits only occurs in the number (or, if at most 2 long, in the email's digits):
//   a text of the numbers alone, a quarter of the full text, is scanned.
// Anything else (digits with letters, an `@`) is left to the full text.
// A match "starts a word" when some occurrence is at the start of a field or after a character
// that is not a letter or digit; word starts come first, each group in seeded order.
import { digitCount, writeDigits } from './decimal-digits';
import { EMAIL_STEMS, LOWER_NAMES } from './name-table';
import type { SeedColumns } from './seed-columns';
import { NO_EMAIL } from './seed-columns';
import { EMAIL_DOMAINS } from './seed-data';

const WORD_CHAR = /[\p{L}\p{N}]/u;
const NONE = 0;
const INSIDE = 1;
const WORD_START = 2;
const NUMBER_END = 59; // ';'

/** the domain with the `@` before it, so an occurrence's previous character is right */
const AT_DOMAINS = EMAIL_DOMAINS.map((domain) => `@${domain}`);

/** The reasoning above holds only while names and domains have no digit and no `@`. */
export const FIELD_SEARCH_HOLDS = ![...LOWER_NAMES, ...EMAIL_STEMS, ...EMAIL_DOMAINS].some(
  (text) => text !== undefined && /[\d@]/.test(text),
);

export function isNameNeedle(needle: string): boolean {
  return FIELD_SEARCH_HOLDS && !/[\d@]/.test(needle);
}

export function isDigitNeedle(needle: string): boolean {
  return FIELD_SEARCH_HOLDS && /^\d+$/.test(needle);
}

/** how `needle` occurs in one field: not at all, only inside words, or at some word's start */
function classify(field: string, needle: string): number {
  let at = field.indexOf(needle);
  if (at < 0) return NONE;
  for (; at >= 0; at = field.indexOf(needle, at + 1)) if (at === 0 || !WORD_CHAR.test(field[at - 1]!)) return WORD_START;
  return INSIDE;
}

/** contacts by class: word starts, then inside matches, each in seeded order */
function ordered(classes: Uint8Array): Int32Array {
  let starts = 0;
  let total = 0;
  for (let i = 0; i < classes.length; i += 1) {
    const found = classes[i]!;
    total += found === NONE ? 0 : 1;
    starts += found === WORD_START ? 1 : 0;
  }
  const result = new Int32Array(total);
  let first = 0;
  let second = starts;
  for (let i = 0; i < classes.length; i += 1) {
    const found = classes[i]!;
    if (found === NONE) continue;
    if (found === WORD_START) result[first++] = i;
    else result[second++] = i;
  }
  return result;
}

/** A needle with no digit and no `@`: it occurs in the name, the email's `first.last` or its domain. */
export function searchNames(contacts: SeedColumns, needle: string): Int32Array {
  const { name, emailSuffix, emailDomain } = contacts.columns;
  const nameClass = new Uint8Array(LOWER_NAMES.length);
  const stemClass = new Uint8Array(LOWER_NAMES.length);
  LOWER_NAMES.forEach((lower, key) => {
    nameClass[key] = classify(lower, needle);
    stemClass[key] = classify(EMAIL_STEMS[key]!, needle);
  });
  const domainClass = AT_DOMAINS.map((domain) => classify(domain, needle));
  // the best class of each name key with each domain, so a contact costs one look-up
  const domains = AT_DOMAINS.length;
  const withEmail = new Uint8Array(nameClass.length * domains);
  for (let key = 0; key < nameClass.length; key += 1) {
    for (let d = 0; d < domains; d += 1) withEmail[key * domains + d] = Math.max(nameClass[key]!, stemClass[key]!, domainClass[d]!);
  }
  const classes = new Uint8Array(contacts.size);
  for (let i = 0; i < contacts.size; i += 1) {
    classes[i] = emailSuffix[i] === NO_EMAIL ? nameClass[name[i]!]! : withEmail[name[i]! * domains + emailDomain[i]!]!;
  }
  return ordered(classes);
}

/** Every contact's number, each ended by `;`, built on the first search by digits. */
export class NumberText {
  private readonly text: string;
  private readonly starts: Int32Array;

  constructor(contacts: SeedColumns) {
    const { number } = contacts.columns;
    this.starts = new Int32Array(contacts.size + 1);
    let length = 0;
    for (let i = 0; i < contacts.size; i += 1) {
      this.starts[i] = length;
      length += digitCount(number[i]!) + 1;
    }
    this.starts[contacts.size] = length;
    const out = Buffer.allocUnsafe(length);
    let at = 0;
    for (let i = 0; i < contacts.size; i += 1) {
      at = writeDigits(out, at, number[i]!);
      out[at++] = NUMBER_END;
    }
    this.text = out.toString('latin1');
  }

  /**
   * A needle of digits: in the number (a word start only at its first digit), or, 1-2 digits
   * long, in the email's digits (never a word start: a letter is before them).
   */
  search(contacts: SeedColumns, needle: string): Int32Array {
    const classes = new Uint8Array(contacts.size);
    let contact = 0;
    for (let at = this.text.indexOf(needle); at >= 0; at = this.text.indexOf(needle, this.starts[contact + 1])) {
      while (this.starts[contact + 1]! <= at) contact += 1;
      classes[contact] = this.text.startsWith(needle, this.starts[contact]) ? WORD_START : INSIDE;
    }
    if (needle.length <= 2) {
      const { emailSuffix } = contacts.columns;
      const inSuffix = Array.from({ length: 100 }, (_, suffix) => String(suffix).includes(needle));
      for (let i = 0; i < contacts.size; i += 1) {
        const suffix = emailSuffix[i]!;
        if (classes[i] === NONE && suffix >= 0 && inSuffix[suffix]) classes[i] = INSIDE;
      }
    }
    return ordered(classes);
  }
}
