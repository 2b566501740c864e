// Recipient numbers: what a person types -> the API's form (country code + national number,
// digits only, 8 to 15 digits: E.164 without "+").
//
// Accepted on input:
//   - one leading "+"                         "+55 11 99999-0000"
//   - a leading "00" international prefix     "0055 11 99999 0000" -> "5511999990000"
//     (E.164 country codes never start with 0, so "00" can only be that prefix)
//   - separators: spaces (any Unicode space, tabs), ".", "-", "/", "(" and ")"
//   - full-width and other Unicode decimal digits are NOT accepted (they look alike but are
//     not what the API wants): they are reported as "has characters that are not digits"
// Rejected with a message naming what is wrong: letters, other symbols, a "+" that is not
// first, a number starting with 0 after the prefix (a national trunk prefix: the country
// code is missing), too short, too long, empty.

export const PHONE_MIN_DIGITS = 8;
export const PHONE_MAX_DIGITS = 15;

export type PhoneCheck = { ok: true; number: string } | { ok: false; number: string; message: string };

const SEPARATORS = /[\s.\-/()\u00a0\u2000-\u200b\u202f\u205f\u3000\u2010-\u2015\u2212]/g;

/** Strips separators and the international prefix; keeps everything else, so the result can be shown. */
export function normalizePhone(input: string): string {
  let text = input.trim().replace(SEPARATORS, '');
  if (text.startsWith('+')) text = text.slice(1);
  else if (/^00[1-9]/.test(text)) text = text.slice(2);
  return text;
}

/** Normalises and validates. `number` is the normalised text even when it is not valid. */
export function checkPhone(input: string): PhoneCheck {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, number: '', message: 'is empty: type the number with its country code, e.g. +55 11 99999 0000' };
  const number = normalizePhone(trimmed);
  // digits only (nearly every send): no letter, "+" or other character to look for
  if (/^[0-9]+$/.test(number)) return digitCountCheck(number);
  if (/\p{L}/u.test(number))
    return { ok: false, number, message: 'has letters: only digits, spaces, "+", "-", ".", "(" and ")" are allowed' };
  if (number.includes('+')) return { ok: false, number, message: 'has a "+" that is not at the start' };
  // a number of digits only went above: what is left holds a character to name, or is empty
  const other = [...number].find((c) => !/[0-9]/.test(c));
  if (other !== undefined) return { ok: false, number, message: `has characters that are not digits (${describeChar(other)})` };
  return digitCountCheck(number);
}

/** A number of digits only (or none): its first digit and its length. */
function digitCountCheck(number: string): PhoneCheck {
  if (number.length === 0) return { ok: false, number, message: 'has no digits' };
  if (number.startsWith('0'))
    return {
      ok: false,
      number,
      message: 'starts with 0: begin with the country code (e.g. 55 for Brazil, 1 for the USA) instead of a trunk 0',
    };
  if (number.length < PHONE_MIN_DIGITS)
    return {
      ok: false,
      number,
      message: `is too short: ${number.length} digit${number.length === 1 ? '' : 's'}, needs ${PHONE_MIN_DIGITS} to ${PHONE_MAX_DIGITS} with the country code`,
    };
  if (number.length > PHONE_MAX_DIGITS)
    return {
      ok: false,
      number,
      message: `is too long: ${number.length} digits, needs ${PHONE_MIN_DIGITS} to ${PHONE_MAX_DIGITS} with the country code`,
    };
  return { ok: true, number };
}

/** The API form of a valid number, or null. */
export function toApiNumber(input: string): string | null {
  const result = checkPhone(input);
  return result.ok ? result.number : null;
}

function describeChar(c: string): string {
  const code = c.codePointAt(0) ?? 0;
  if (code < 0x20 || code === 0x7f) return `control character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return `"${c}"`;
}

/**
 * A search typed the way people write numbers (`+55 11 9`, `(11) 9`, `+91 81 74813-898`) is a
 * search for those digits: services store numbers as digits, so the separators would match
 * nothing. Anything with a letter, or fewer than 3 digits, is searched as typed.
 */
export function searchTerm(query: string): string {
  const trimmed = query.trim();
  if (!/^[+(]?[\d\s().\-/+]+$/.test(trimmed)) return trimmed;
  const digits = trimmed.replace(/\D/g, '');
  return digits.length >= 3 ? digits : trimmed;
}
