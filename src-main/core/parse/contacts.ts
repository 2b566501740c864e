// GET /contacts -> ContactPage. API.md shape {"data":[...],"meta":{...}}; a bare array is one
// page without meta. Unknown fields are ignored; a missing email/tags/timestamps is tolerated.
import type { Contact, ContactPage } from '../model';
import type { Json } from './shape';
import { badShape, isRecord, optionalCount, optionalString, requiredString } from './shape';

const WHAT = 'contacts list';

export function parseContactPage(json: unknown, requested: { page?: number; perPage?: number } = {}): ContactPage {
  if (Array.isArray(json)) {
    const items = json.map((item, i) => parseContact(item, `[${i}]`));
    return { items, page: 1, perPage: items.length, total: null, totalPages: null };
  }
  if (!isRecord(json)) throw badShape(WHAT, json === undefined ? 'the body is empty' : 'expected an object with "data" or an array');
  if (!Array.isArray(json.data)) throw badShape(WHAT, '"data" is missing or not an array');
  const items = json.data.map((item, i) => parseContact(item, `data[${i}]`));
  const meta: Json = isRecord(json.meta) ? json.meta : {};
  const page = optionalCount(meta, 'page') ?? requested.page ?? 1;
  const perPage = optionalCount(meta, 'per_page') ?? requested.perPage ?? items.length;
  const total = optionalCount(meta, 'total');
  let totalPages = optionalCount(meta, 'total_pages');
  if (totalPages === null && total !== null && perPage > 0) totalPages = Math.ceil(total / perPage);
  return { items, page, perPage, total, totalPages };
}

export function parseContact(value: unknown, path = 'contact'): Contact {
  if (!isRecord(value)) throw badShape(WHAT, `${path} is not an object`);
  const tags = Array.isArray(value.tags) ? value.tags.filter((t): t is string => typeof t === 'string') : [];
  const name = value.name;
  return {
    id: requiredString(value, 'id', path, WHAT),
    name: typeof name === 'string' ? name : name === undefined || name === null ? '' : String(name),
    number: requiredString(value, 'number', path, WHAT),
    email: optionalString(value, 'email'),
    tags,
    createdAt: optionalString(value, 'created_at'),
    updatedAt: optionalString(value, 'updated_at'),
  };
}
