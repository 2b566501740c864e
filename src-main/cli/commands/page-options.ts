// --page and --per-page of the commands that list one page of what the service holds: declared
// once, read once, so every listing takes and checks them alike.
import { parsePositiveInt } from '../args';

export function pageOptions(itemsWord: string) {
  return {
    page: { type: 'string', valueName: 'N', help: 'page number, from 1 (default 1)' },
    'per-page': { type: 'string', valueName: 'N', help: `${itemsWord} per page, 1..500 (default 50)` },
  } as const;
}

/** the page asked for, holding only the numbers given (the service's defaults stand for the rest) */
export function pageAsked(values: { page?: string | undefined; 'per-page'?: string | undefined }): { page?: number; perPage?: number } {
  const page = parsePositiveInt(values.page, '--page');
  const perPage = parsePositiveInt(values['per-page'], '--per-page');
  return { ...(page !== undefined ? { page } : {}), ...(perPage !== undefined ? { perPage } : {}) };
}
