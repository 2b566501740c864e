// The case-insensitive substring search over the seeded contacts' name, number and email,
// matches that start a word ranked first. Built on the first search, not at start-up: a sandbox
// that is only paged never pays for it. All contacts' lower-case "name NUL number NUL email"
// records are then joined into ONE string, so a search is a run of String#indexOf calls over it
// (V8's fast substring search) instead of a scan per contact; after a hit the scan jumps to the
// next contact. The records are written as Latin-1 bytes straight from the seed's columns (the
// names' letters are all Latin-1), so building a million of them makes one string, not millions.
import { digitCount, writeDigits } from './decimal-digits';
import { EMAIL_STEMS, LOWER_NAMES } from './name-table';
import type { SeedColumns } from './seed-columns';
import { NO_EMAIL, NO_SUFFIX } from './seed-columns';
import { EMAIL_DOMAINS } from './seed-data';

const FIELD_END = '\u0000';
const RECORD_END = '\u0001';
const WORD_CHAR = /[\p{L}\p{N}]/u;

function latin1(text: string): Buffer {
  if ([...text].some((char) => char.codePointAt(0)! > 0xff)) throw new Error(`seeded names must be Latin-1 for the search text: ${text}`);
  return Buffer.from(text, 'latin1');
}

/** every contact's record as Latin-1 text, and where each starts */
function buildText(contacts: SeedColumns): { text: string; starts: Int32Array } {
  const { name, number, emailSuffix, emailDomain } = contacts.columns;
  const names = LOWER_NAMES.map(latin1);
  const stems = EMAIL_STEMS.map(latin1);
  const domains = EMAIL_DOMAINS.map((domain) => latin1(`@${domain}`));
  const starts = new Int32Array(contacts.size + 1);
  let length = 0;
  for (let i = 0; i < contacts.size; i += 1) {
    starts[i] = length;
    const suffix = emailSuffix[i]!;
    const email =
      suffix === NO_EMAIL
        ? 0
        : stems[name[i]!]!.length + (suffix === NO_SUFFIX ? 0 : suffix < 10 ? 1 : 2) + domains[emailDomain[i]!]!.length;
    length += names[name[i]!]!.length + 1 + digitCount(number[i]!) + 1 + email + 1;
  }
  starts[contacts.size] = length;
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  for (let i = 0; i < contacts.size; i += 1) {
    at += names[name[i]!]!.copy(out, at);
    out[at++] = 0;
    at = writeDigits(out, at, number[i]!);
    out[at++] = 0;
    const suffix = emailSuffix[i]!;
    if (suffix !== NO_EMAIL) {
      at += stems[name[i]!]!.copy(out, at);
      if (suffix !== NO_SUFFIX) at = writeDigits(out, at, suffix);
      at += domains[emailDomain[i]!]!.copy(out, at);
    }
    out[at++] = 1;
  }
  return { text: out.toString('latin1'), starts };
}

export class ContactSearch {
  /** every contact's record, each ended by RECORD_END */
  private readonly text: string;
  /** offset of each contact's record in `text`, plus the length of `text` */
  private readonly starts: Int32Array;

  constructor(contacts: SeedColumns) {
    ({ text: this.text, starts: this.starts } = buildText(contacts));
  }

  /** Indexes of the contacts whose record contains `needle` (lower-case): word starts first, each group in seeded order. */
  scan(needle: string): Int32Array {
    // a separator in the needle could only match across fields or contacts
    if (needle.includes(FIELD_END) || needle.includes(RECORD_END)) return new Int32Array(0);
    const wordStart: number[] = [];
    const inside: number[] = [];
    let contact = 0;
    let at = this.text.indexOf(needle);
    while (at >= 0) {
      while (this.starts[contact + 1]! <= at) contact += 1;
      (this.startsAWord(contact, needle, at) ? wordStart : inside).push(contact);
      at = this.text.indexOf(needle, this.starts[contact + 1]);
    }
    return Int32Array.from([...wordStart, ...inside]);
  }

  /** whether some occurrence of `needle` in the contact's record, from `at` on, starts a word */
  private startsAWord(contact: number, needle: string, at: number): boolean {
    const end = this.starts[contact + 1]!;
    for (let i = at; i >= 0 && i < end; i = this.text.indexOf(needle, i + 1)) {
      if (i === this.starts[contact] || !WORD_CHAR.test(this.text[i - 1]!)) return true;
    }
    return false;
  }
}
