// Field checks for JSON bodies and query strings. Each returns the value or records a
// FieldError naming the field, so one 400 can list every problem at once.
import type { FieldError } from './errors';
import { field } from './reply';

export type Body = Record<string, unknown>;

/** Unicode characters, not UTF-16 units: an emoji counts once. */
export function charLength(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

/** What a missing field (absent or null; null: it may be missing) and a field of another type are told. */
export interface StringProblems {
  missing: string | null;
  notString: string;
}

const REQUIRED_STRING: StringProblems = { missing: 'is required', notString: 'must be a string' };

/** The field's value when it is a string; otherwise undefined, with the problem recorded. */
export function stringValue(
  body: Body,
  name: string,
  errors: FieldError[],
  problems: StringProblems = REQUIRED_STRING,
): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) {
    if (problems.missing !== null) errors.push(field(name, problems.missing));
    return undefined;
  }
  if (typeof value !== 'string') {
    errors.push(field(name, problems.notString));
    return undefined;
  }
  return value;
}

export function stringField(
  body: Body,
  name: string,
  errors: FieldError[],
  opts: { min: number; max: number; optional?: boolean },
): string | undefined {
  const value = stringValue(body, name, errors, opts.optional ? { ...REQUIRED_STRING, missing: null } : REQUIRED_STRING);
  if (value === undefined) return undefined;
  const length = charLength(value);
  if (length < opts.min || length > opts.max) {
    errors.push(
      field(name, opts.min === 1 && length === 0 ? 'must not be empty' : `must be ${opts.min} to ${opts.max} characters (got ${length})`),
    );
    return undefined;
  }
  return value;
}

const NUMBER = /^[0-9]{8,15}$/;

/** A recipient: country code + national number, digits only, 8 to 15 digits (E.164 without '+'). */
export function isValidNumber(value: string): boolean {
  return NUMBER.test(value);
}

export function numberField(body: Body, errors: FieldError[]): string | undefined {
  const value = stringValue(body, 'number', errors, { missing: 'is required', notString: 'must be a string of digits' });
  if (value === undefined) return undefined;
  if (!isValidNumber(value)) {
    errors.push(field('number', 'must be 8 to 15 digits, country code first, no "+", spaces or punctuation'));
    return undefined;
  }
  return value;
}

export function booleanField(body: Body, name: string, errors: FieldError[]): boolean | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') {
    errors.push(field(name, 'must be true or false'));
    return undefined;
  }
  return value;
}

const INTEGER = /^[0-9]{1,15}$/;

/** A positive integer query parameter within [min, max]; absent gives the default. */
export function intParam(
  query: URLSearchParams,
  name: string,
  errors: FieldError[],
  opts: { min: number; max: number; fallback: number },
): number {
  const raw = query.get(name);
  if (raw === null) return opts.fallback;
  const value = INTEGER.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < opts.min || value > opts.max) {
    errors.push(field(name, `must be an integer from ${opts.min} to ${opts.max}`));
    return opts.fallback;
  }
  return value;
}
