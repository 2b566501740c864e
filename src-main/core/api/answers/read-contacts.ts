// A contacts answer in whatever shape the service uses -> a ContactPage. Each place the
// description names is read there; each it leaves null is detected from common names
// (names.ts). Detection looks at the first items that have the field, so one sparse record
// does not decide it. Pure: the caller passes the body and the lower-cased headers.
import type { Contact } from '../../model';
import { badShape, isRecord } from '../../parse/shape';
import { firstPath, getPath, getSteps, splitPath } from '../json/json-path';
import { CONTACT_FIELDS, HAS_MORE_PATHS, LIST_PATHS, NEXT_CURSOR_PATHS, TOTAL_HEADERS, TOTAL_PATHS } from '../names';
import type { ContactsResponseMap } from '../types';

const WHAT = 'contacts list';
const SAMPLE = 20;

export interface ReadContacts {
  items: Contact[];
  total: number | null;
  totalPages: number | null;
  /** the next page's cursor (cursor paging), from the body */
  nextCursor: string | null;
  /** where in the body the cursor was found (its name hints at the query parameter) */
  nextCursorAt: string | null;
  /** the next page's URL from a `Link: <...>; rel="next"` header */
  nextLink: string | null;
  /** false when the answer says this is the last page; null when it does not say */
  hasMore: boolean | null;
}

type Field = keyof typeof CONTACT_FIELDS;

export function readContacts(json: unknown, headers: Record<string, string>, map: ContactsResponseMap): ReadContacts {
  const list = findList(json, map.list);
  const records = list.filter(isRecord);
  const paths = {} as Record<Field, string | null>;
  for (const field of Object.keys(CONTACT_FIELDS) as Field[]) paths[field] = map[field] ?? detectField(records, CONTACT_FIELDS[field]);
  if (paths.number === null && records.length > 0) {
    throw badShape(
      WHAT,
      `no phone number found in the contacts (looked for ${CONTACT_FIELDS.number.slice(0, 6).join(', ')}, ...); name the field in Profiles → API`,
    );
  }
  // each field's path split once for the page, not once per item
  const steps = {} as Record<Field, readonly (string | number)[] | null>;
  for (const field of Object.keys(paths) as Field[]) steps[field] = paths[field] === null ? null : splitPath(paths[field]);
  const items = list.map((item, i) => readContact(item, i, steps, paths.number));
  const total = readTotal(json, headers, map.total);
  const nextCursorAt = map.nextCursor ?? firstPath(json, NEXT_CURSOR_PATHS, isToken);
  const nextCursor = textAt(json, nextCursorAt);
  const nextLink = linkNext(headers.link);
  const more = getPath(json, firstPath(json, HAS_MORE_PATHS, (v) => typeof v === 'boolean') ?? '\u0000');
  const hasMore = nextCursor !== null || nextLink !== null ? true : typeof more === 'boolean' ? more : null;
  const pages = getPath(
    json,
    firstPath(
      json,
      [
        'meta.total_pages',
        'total_pages',
        'totalPages',
        'meta.totalPages',
        'last_page',
        'meta.last_page',
        'pagination.total_pages',
        'pageCount',
      ],
      isCount,
    ) ?? '\u0000',
  );
  return {
    items,
    total,
    totalPages: isCount(pages) ? pages : null,
    nextCursor,
    nextCursorAt: nextCursor === null ? null : nextCursorAt,
    nextLink,
    hasMore,
  };
}

function findList(json: unknown, path: string | null): unknown[] {
  if (path !== null) {
    const value = getPath(json, path);
    if (!Array.isArray(value))
      throw badShape(WHAT, path === '' ? 'the answer is not a list' : `"${path}" is ${value === undefined ? 'missing' : 'not a list'}`);
    return value;
  }
  if (Array.isArray(json)) return json;
  if (!isRecord(json)) throw badShape(WHAT, json === undefined ? 'the body is empty' : 'expected a list, or an object holding one');
  const known = firstPath(json, LIST_PATHS, Array.isArray);
  if (known !== null) return getPath(json, known) as unknown[];
  const other = Object.values(json).find((v) => Array.isArray(v) && v.length > 0 && v.every(isRecord));
  if (other !== undefined) return other as unknown[];
  throw badShape(WHAT, `no list found (looked for a bare array and ${LIST_PATHS.slice(0, 5).join(', ')}, ...); name it in Profiles → API`);
}

function detectField(records: Record<string, unknown>[], candidates: readonly string[]): string | null {
  for (const record of records.slice(0, SAMPLE)) {
    const path = firstPath(record, candidates, isPresent);
    if (path !== null) return path;
  }
  return null;
}

function readContact(
  item: unknown,
  index: number,
  paths: Record<Field, readonly (string | number)[] | null>,
  numberPath: string | null,
): Contact {
  if (!isRecord(item)) throw badShape(WHAT, `item ${index} is not an object`);
  const number = phoneText(at(item, paths.number));
  if (number === null) throw badShape(WHAT, `item ${index} has no phone number${numberPath ? ` at "${numberPath}"` : ''}`);
  const first = text(at(item, paths.firstName));
  const last = text(at(item, paths.lastName));
  const name = text(at(item, paths.name)) ?? ([first, last].filter((s) => s !== null && s !== '').join(' ') || '');
  return {
    id: text(at(item, paths.id)) ?? number,
    name,
    number,
    email: text(at(item, paths.email)),
    tags: tagsOf(at(item, paths.tags)),
    createdAt: text(item.created_at ?? item.createdAt ?? null),
    updatedAt: text(item.updated_at ?? item.updatedAt ?? null),
  };
}

function at(item: Record<string, unknown>, steps: readonly (string | number)[] | null): unknown {
  // '' (the item itself) splits into no steps, which getSteps reads as the item, as getPath does
  return steps === null ? undefined : getSteps(item, steps);
}

function text(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/**
 * A WhatsApp JID (`5511...@s.whatsapp.net`, `...@c.us`) is a number with a suffix, and
 * `+55 (11) 99999-0000` is a number with decoration: both become digits, as docs/API.md writes them.
 * Anything else is kept as given.
 */
function phoneText(value: unknown): string | null {
  const raw = text(value);
  if (raw === null) return null;
  // the common case, digits only, is what the expressions below would return unchanged
  if (isDigits(raw)) return raw;
  if (raw.trim() === '') return null;
  const bare = raw.replace(/@[a-z0-9.]+$/i, '');
  const digits = bare.replace(/[\s().+-]/g, '');
  return /^\+?[\d\s().-]+$/.test(bare.trim()) && /^\d{6,15}$/.test(digits) ? digits : bare;
}

/** 6 to 15 ASCII digits and nothing else */
function isDigits(raw: string): boolean {
  if (raw.length < 6 || raw.length > 15) return false;
  for (let i = 0; i < raw.length; i += 1) {
    const code = raw.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}

function tagsOf(value: unknown): string[] {
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  if (!Array.isArray(value)) return [];
  return value
    .map((t) => (typeof t === 'string' ? t : isRecord(t) ? text(t.name ?? t.title ?? t.label ?? null) : null))
    .filter((t): t is string => t !== null);
}

function readTotal(json: unknown, headers: Record<string, string>, path: string | null): number | null {
  if (path !== null && path.startsWith('header:')) return count(headers[path.slice(7).toLowerCase()]);
  if (path !== null) return count(getPath(json, path));
  const inBody = isRecord(json) ? firstPath(json, TOTAL_PATHS, isCount) : null;
  if (inBody !== null) return getPath(json, inBody) as number;
  for (const name of TOTAL_HEADERS) {
    const value = count(headers[name]);
    if (value !== null) return value;
  }
  return null;
}

function count(value: unknown): number | null {
  if (isCount(value)) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return null;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function isToken(value: unknown): boolean {
  return (typeof value === 'string' && value !== '' && value.length <= 2048) || (typeof value === 'number' && Number.isFinite(value));
}

function textAt(json: unknown, path: string | null): string | null {
  if (path === null) return null;
  const value = getPath(json, path);
  return isToken(value) ? String(value) : null;
}

/** The rel="next" target of a Link header (RFC 8288), or null. */
export function linkNext(header: string | undefined): string | null {
  if (header === undefined || header.length > 8192) return null;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (match && /;\s*rel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?/i.test(match[2]!)) return match[1]!;
  }
  return null;
}
