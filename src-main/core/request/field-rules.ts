// Input rules more than one operation shares: a recipient's number, paging, the Idempotency-Key.
import { LIMITS } from '../../shared/limits';
import type { RoleValues } from '../api/template';
import { checkPhone } from '../phone';
import type { Problems } from './problems';

/** The number as the service takes it (digits); a bad one is reported and sent as given in a preview. */
export function recipient(input: string, problems: Problems): string {
  const phone = checkPhone(input);
  if (!phone.ok) problems.field('number', phone.message, 'Number');
  return phone.number;
}

export function checkPage(page: number | undefined, problems: Problems): void {
  if (page !== undefined && (!Number.isSafeInteger(page) || page < 1)) problems.field('page', 'must be a whole number from 1', 'Page');
}

export function checkPerPage(perPage: number | undefined, problems: Problems): void {
  if (perPage !== undefined && (!Number.isSafeInteger(perPage) || perPage < 1 || perPage > LIMITS.perPageMax)) {
    problems.field('perPage', `must be a whole number from 1 to ${LIMITS.perPageMax}`, 'Per page');
  }
}

/** page, per_page and the offset they imply; each is used only where the description asks for it. */
export function pagingValues(values: RoleValues, page: number | undefined, perPage: number | undefined): void {
  if (page !== undefined) values.page = page;
  if (perPage !== undefined) values.per_page = perPage;
  if (page !== undefined && perPage !== undefined) values.offset = (page - 1) * perPage;
  else if (page === undefined && perPage !== undefined) values.offset = 0;
}

export function checkIdempotencyKey(key: string, problems: Problems): string {
  // a key of visible ASCII (every send's) needs no second look: it cannot break a header
  if (/^[\x21-\x7e]{1,255}$/.test(key)) return key;
  problems.field('idempotencyKey', 'must be 1 to 255 visible ASCII characters', 'Idempotency-Key');
  // never put a header-breaking value into the request, even for a preview
  return /^[\x20-\x7e]*$/.test(key) ? key : key.replace(/[^\x20-\x7e]/g, '?');
}
