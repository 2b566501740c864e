// The seeded contacts stored by column: a name key (name-table.ts), the number as a double, the
// dates as epoch milliseconds, small integers for the rest; a million contacts take about 30 MB
// and no objects.
// Every text a contact shows (id, name, email, tags, ISO dates) is made from these when it is
// read; the seed is deterministic, so a contact read twice is the same contact.
import { EMAIL_STEMS, NAMES } from './name-table';
import { EMAIL_DOMAINS, TAGS } from './seed-data';

export interface SeedContact {
  id: string;
  name: string;
  number: string;
  email: string | null;
  tags: string[];
  created_at: string;
  updated_at: string;
}

/** `emailSuffix` when the contact has no email */
export const NO_EMAIL = -2;
/** `emailSuffix` when the email has no digits after the names */
export const NO_SUFFIX = -1;

/** up to 3 tag indexes (3 bits each, from bit 2) and their count (bits 0-1) in one number */
export function packTags(tags: readonly number[]): number {
  let packed = tags.length;
  tags.forEach((tag, k) => {
    packed |= tag << (2 + 3 * k);
  });
  return packed;
}

export interface SeedColumnArrays {
  /** the name key: country, first and last name */
  name: Uint16Array;
  number: Float64Array;
  /** the digits after the names (0..99), NO_SUFFIX or NO_EMAIL */
  emailSuffix: Int8Array;
  emailDomain: Uint8Array;
  tags: Uint16Array;
  created: Float64Array;
  updated: Float64Array;
}

export function allocateColumns(count: number): SeedColumnArrays {
  return {
    name: new Uint16Array(count),
    number: new Float64Array(count),
    emailSuffix: new Int8Array(count),
    emailDomain: new Uint8Array(count),
    tags: new Uint16Array(count),
    created: new Float64Array(count),
    updated: new Float64Array(count),
  };
}

export class SeedColumns {
  constructor(
    readonly size: number,
    readonly columns: SeedColumnArrays,
  ) {}

  id(index: number): string {
    return `c_${String(index + 1).padStart(6, '0')}`;
  }

  name(index: number): string {
    return NAMES[this.columns.name[index]!]!;
  }

  number(index: number): string {
    return String(this.columns.number[index]!);
  }

  email(index: number): string | null {
    const suffix = this.columns.emailSuffix[index]!;
    if (suffix === NO_EMAIL) return null;
    return `${EMAIL_STEMS[this.columns.name[index]!]!}${suffix === NO_SUFFIX ? '' : suffix}@${EMAIL_DOMAINS[this.columns.emailDomain[index]!]!}`;
  }

  tags(index: number): string[] {
    const packed = this.columns.tags[index]!;
    const tags: string[] = [];
    for (let k = 0; k < (packed & 3); k += 1) tags.push(TAGS[(packed >> (2 + 3 * k)) & 7]!);
    return tags;
  }

  /** the contact as docs/API.md's Contact, its keys in the order the API has always written them */
  contact(index: number): SeedContact {
    return {
      id: this.id(index),
      name: this.name(index),
      number: this.number(index),
      email: this.email(index),
      tags: this.tags(index),
      created_at: new Date(this.columns.created[index]!).toISOString(),
      updated_at: new Date(this.columns.updated[index]!).toISOString(),
    };
  }

  /** the first contact with exactly this number, or -1 */
  indexOfNumber(number: string): number {
    // seeded numbers are 8..15 digits without a leading zero: anything else is no contact's
    if (!/^[1-9]\d{0,14}$/.test(number)) return -1;
    return this.columns.number.indexOf(Number(number));
  }
}
