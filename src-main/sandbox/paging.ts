// `page` (1-based, default 1) and `per_page` (1..500, default 50), and the meta block of a listing.
import type { FieldError } from './errors';
import { intParam } from './validate';

export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 500;
const MAX_PAGE = 1_000_000_000;

export interface Paging {
  page: number;
  perPage: number;
}

export interface PageMeta {
  page: number;
  per_page: number;
  total: number;
  total_pages: number;
}

export function parsePaging(query: URLSearchParams, errors: FieldError[]): Paging {
  return {
    page: intParam(query, 'page', errors, { min: 1, max: MAX_PAGE, fallback: 1 }),
    perPage: intParam(query, 'per_page', errors, { min: 1, max: MAX_PER_PAGE, fallback: DEFAULT_PER_PAGE }),
  };
}

/** Index range of the page within `total` items; empty past the last page. */
export function pageRange(paging: Paging, total: number): { start: number; end: number } {
  const start = Math.min((paging.page - 1) * paging.perPage, total);
  return { start, end: Math.min(start + paging.perPage, total) };
}

export function pageMeta(paging: Paging, total: number): PageMeta {
  return { page: paging.page, per_page: paging.perPage, total, total_pages: Math.ceil(total / paging.perPage) };
}
