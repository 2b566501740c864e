// ContactsService: one page of contacts through the request builder, the undici sender and
// the profile's response mapping, with the profile's active key. Services that page by cursor
// or Link header cannot jump to page N: the tokens of pages already seen are kept here (per
// profile, query and page size), and a page further on is reached by walking from the nearest.
import { CrmError } from '../errors';
import { isNoListing } from '../http/no-listing';
import { readableJson } from '../http/sender';
import type { HttpSender } from '../http/sender';
import type { PreparedRequest } from '../http/prepared-request';
import { callWithKey } from '../keys/api-call';
import type { ContactPage, Profile } from '../model';
import type { ListContactsInput } from '../operations';
import type { ProfileManager } from '../profiles/profile-manager';
import type { SentRecord } from '../messages/sent-record';
import { buildRequest } from '../request-builder';
import { isOffered, operationSpec } from '../request/operation-spec';
import { recordContacts } from './record-contacts';
import type { ContactsService, KeyAccess } from '../services';
import { pagingStyle, readContactAnswer } from './paging';
import type { NextPage } from './paging';
import type { PagingStyle } from '../api/types';
import { PageTokens } from './page-tokens';

/** the furthest a single request walks a cursor chain before asking the person to scroll on */
const MAX_WALK = 50;

export class ContactsServiceImpl implements ContactsService {
  private readonly tokens = new PageTokens();

  constructor(
    private readonly profiles: ProfileManager,
    private readonly keyAccess: KeyAccess,
    private readonly sender: HttpSender,
    /** what this app sent: the contacts of a service without a listing */
    private readonly sent: { read(): Promise<SentRecord[]> } = { read: async () => [] },
  ) {}

  async list(input: ListContactsInput & { profileId?: string }, options: { signal?: AbortSignal } = {}): Promise<ContactPage> {
    const { profileId, ...query } = input;
    const profile = await this.profiles.resolve(profileId);
    if (!isOffered(profile, 'contacts.list')) return this.fromRecord(profile, query, 'This service has no contacts listing (Profiles → API says so)');
    try {
      return await this.fromService(profile, query, options);
    } catch (err) {
      // docs/API.md's path guessed for a service that has its own description of other operations:
      // a 404/405 there means "no such listing", not a wrong base URL
      if (!isNoListing(err) || !guessedForOtherService(profile)) throw err;
      return this.fromRecord(profile, query, `This service has no contacts listing at ${operationSpec(profile, 'contacts.list').path} (HTTP ${err.status}); import its contacts cURL, or mark it as not offered, in Profiles → API`);
    }
  }

  private async fromRecord(profile: Profile, query: ListContactsInput, reason: string): Promise<ContactPage> {
    const page = query.page ?? 1;
    const perPage = query.perPage ?? 50;
    const asked = { profileId: profile.id, page, perPage, ...(query.search === undefined ? {} : { search: query.search }) };
    return recordContacts(await this.sent.read(), asked, `${reason}. Shown: the numbers this app has messaged; type any other number in a send panel.`);
  }

  private async fromService(profile: Profile, query: ListContactsInput, options: { signal?: AbortSignal }): Promise<ContactPage> {
    const spec = operationSpec(profile, 'contacts.list');
    const style = pagingStyle(spec);
    const page = query.page ?? 1;
    const perPage = query.perPage ?? 50;
    if (style === 'none' && page > 1) return { items: [], page, perPage, total: null, totalPages: null, hasMore: false };
    if (style !== 'cursor' && style !== 'link') return (await this.fetch(profile, { ...query, page, perPage }, style, options.signal)).page;

    const scope = this.tokens.scope(profile, query.search ?? '', perPage);
    let from = scope.nearest(page);
    if (page - from.page > MAX_WALK) throw new CrmError('validation', `This service pages by ${style}: page ${page} is reached by going through the pages before it; scroll on step by step`);
    for (;;) {
      const result = await this.fetch(profile, { search: query.search, perPage, page: from.page, token: from.token }, style, options.signal);
      if (from.page === page || result.next === null) return from.page === page ? result.page : { items: [], page, perPage, total: result.page.total, totalPages: null, hasMore: false };
      scope.remember(from.page + 1, result.next);
      from = { page: from.page + 1, token: result.next };
    }
  }

  private async fetch(
    profile: Profile,
    query: { page: number; perPage: number; search?: string; token?: NextPage | null },
    style: PagingStyle,
    signal: AbortSignal | undefined,
  ): Promise<{ page: ContactPage; next: NextPage | null }> {
    const chained = style === 'cursor' || style === 'link';
    const token = query.token ?? null;
    const target = token?.kind === 'cursor' && token.param !== null ? withCursorParam(profile, token.param) : profile;
    const input = {
      perPage: query.perPage,
      ...(query.search === undefined ? {} : { search: query.search }),
      ...(chained ? {} : { page: query.page }),
      ...(token?.kind === 'cursor' ? { cursor: token.value } : {}),
    };
    let request = await buildRequest({ op: 'contacts.list', input }, target);
    if (token?.kind === 'link') request = followLink(request, token.url);
    const response = await callWithKey({ keyAccess: this.keyAccess, sender: this.sender }, profile, null, request, signal ? { signal } : {});
    return readContactAnswer(readableJson(response), response.headers, operationSpec(profile, 'contacts.list'), query.page, query.perPage);
  }
}

/** The profile describes some operations itself but not the contacts listing: docs/API.md's path is a guess. */
function guessedForOtherService(profile: Profile): boolean {
  const own = profile.api?.operations;
  return own !== undefined && own['contacts.list'] === undefined && Object.keys(own).length > 0;
}

/** The profile asking for contacts with one more query field: the cursor the answer offered. */
function withCursorParam(profile: Profile, param: string): Profile {
  const spec = operationSpec(profile, 'contacts.list');
  const withCursor = { ...spec, query: [...spec.query.filter((q) => q.name !== param), { name: param, value: { $role: 'cursor' as const } }] };
  return { ...profile, api: { version: 1, operations: { ...profile.api?.operations, 'contacts.list': withCursor } } };
}

/** A Link rel="next" target, only on the request's own origin: the key never follows a link elsewhere. */
function followLink(request: PreparedRequest, link: string): PreparedRequest {
  const base = new URL(request.url);
  let next: URL;
  try {
    next = new URL(link, base);
  } catch {
    throw new CrmError('bad_response', "The service's next-page link is not a valid URL");
  }
  if (next.origin !== base.origin || next.username !== '' || next.password !== '') {
    throw new CrmError('bad_response', `The service's next-page link points to another origin (${next.origin}); it is not followed, so the key stays with ${base.origin}`);
  }
  return { ...request, url: next.href };
}
