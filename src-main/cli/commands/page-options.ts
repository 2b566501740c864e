// --page and --per-page of the commands that list one page of what the service holds: declared
// once, read once, so every listing takes and checks them alike.
import { parsePositiveInt } from '../args';
import type { CommandContext } from '../command';
import type { Session } from '../session';
import { profileSession } from './shared';
import { valueOption } from '../option-kinds';

export function pageOptions(itemsWord: string) {
  return {
    page: valueOption('N', 'page number, from 1 (default 1)'),
    'per-page': valueOption('N', `${itemsWord} per page, 1..500 (default 50)`),
  } as const;
}

/** the page asked for, holding only the numbers given (the service's defaults stand for the rest) */
export function pageAsked(values: { page?: string | undefined; 'per-page'?: string | undefined }): { page?: number; perPage?: number } {
  const page = parsePositiveInt(values.page, '--page');
  const perPage = parsePositiveInt(values['per-page'], '--per-page');
  return { ...(page !== undefined ? { page } : {}), ...(perPage !== undefined ? { perPage } : {}) };
}

/**
 * What a listing asks the service for, and the session it asks in: the profile (--profile, else
 * CRM_API_KEY's, else the active one), the listing's own filter, then the page. The page is
 * checked before the core is opened, so a bad --page is refused without touching the data folder.
 */
export async function pageQuery<Filter extends object>(
  ctx: CommandContext,
  values: { profile?: string | undefined; page?: string | undefined; 'per-page'?: string | undefined },
  filter: Filter,
): Promise<{ session: Session; query: { profileId: string } & Filter & { page?: number; perPage?: number } }> {
  const asked = pageAsked(values);
  const { session, profile } = await profileSession(ctx, { profileRef: values.profile, envKey: true });
  return { session, query: { profileId: profile.id, ...filter, ...asked } };
}
