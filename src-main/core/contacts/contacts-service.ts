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
import type { Contact, ContactPage, Profile } from '../model';
import type { ListContactsInput } from '../operations';
import type { ProfileManager } from '../profiles/profile-manager';
import type { SentRecord } from '../messages/sent-record';
import { buildRequest } from '../request/request-builder';
import { isOffered, operationSpec } from '../request/operation-spec';
import { recordContacts } from './record-contacts';
import type { ContactsService, KeyAccess } from '../services';
import { pagingStyle, readContactAnswer } from './paging';
import type { NextPage } from './paging';
import type { PagingStyle } from '../api/types';
import { PageTokens } from './page-tokens';
import type { ListingFacts } from '../api/types';
import { answerShows, searchRefusal } from './listing-facts';
import type { RecordListingFacts } from './listing-record';
import { cutPage, servicePageOf } from './page-cut';

/** one page as the app asks for it, before the service's own paging style */
type PageQuery = { page: number; perPage: number; search?: string };
/** a page as shown, and every row the service answered for it */
type PageAndRows = { page: ContactPage; rows: Contact[] };

/** a page past the last one: empty, and the end */
function pastTheEnd(page: number, perPage: number, total: number | null): ContactPage {
  return { items: [], page, perPage, total, totalPages: null, hasMore: false };
}

/** the furthest a single request walks a cursor chain before asking the person to scroll on */
const MAX_WALK = 50;
/** the most pages of a service's own (smaller) page size gathered for one page as asked */
const MAX_SERVICE_PAGES = 20;

export class ContactsServiceImpl implements ContactsService {
  private readonly tokens = new PageTokens();
  /** what listings' answers showed in this process (also recorded with the profile where it has a description) */
  private readonly facts = new Map<string, ListingFacts>();

  constructor(
    private readonly profiles: ProfileManager,
    private readonly keyAccess: KeyAccess,
    private readonly sender: HttpSender,
    /** what this app sent: the contacts of a service without a listing */
    private readonly sent: { read(): Promise<SentRecord[]> } = { read: async () => [] },
    /** saves what a listing's answers showed with the profile (listing-record.ts) */
    private readonly recordFacts: RecordListingFacts = async () => {},
  ) {}

  async list(input: ListContactsInput & { profileId?: string }, options: { signal?: AbortSignal } = {}): Promise<ContactPage> {
    const { profileId, ...query } = input;
    const profile = await this.profiles.resolve(profileId);
    if (!isOffered(profile, 'contacts.list'))
      return this.fromRecord(profile, query, 'This service has no contacts listing (Profiles → API says so)');
    try {
      return await this.fromService(profile, query, options);
    } catch (err) {
      // docs/API.md's path guessed for a service that has its own description of other operations:
      // a 404/405 there means "no such listing", not a wrong base URL
      if (!isNoListing(err) || !guessedForOtherService(profile)) throw err;
      return this.fromRecord(
        profile,
        query,
        `This service has no contacts listing at ${operationSpec(profile, 'contacts.list').path} (HTTP ${err.status}); import ` +
          `its contacts cURL, or mark it as not offered, in Profiles → API`,
      );
    }
  }

  private async fromRecord(profile: Profile, query: ListContactsInput, reason: string): Promise<ContactPage> {
    const page = query.page ?? 1;
    const perPage = query.perPage ?? 50;
    const asked = { profileId: profile.id, page, perPage, ...(query.search === undefined ? {} : { search: query.search }) };
    return recordContacts(
      await this.sent.read(),
      asked,
      `${reason}. Shown: the numbers this app has messaged; type any other number in a send panel.`,
    );
  }

  /**
   * The service's page, held to what the listing really does: a search it cannot do is not sent
   * (or, found out from its answer, not trusted) and said so; more rows than asked are cut to a page.
   */
  private async fromService(
    profile: Profile,
    query: ListContactsInput,
    options: { signal?: AbortSignal },
    /** true on the one second try after the service's own page size was found out */
    again = false,
  ): Promise<ContactPage> {
    const spec = operationSpec(profile, 'contacts.list');
    const facts: ListingFacts = { ...spec.listing, ...this.facts.get(profile.id) };
    const searching = query.search !== undefined && query.search.trim() !== '';
    const refusal = searching ? searchRefusal(spec, facts) : null;
    const { search: _unsent, ...unsearched } = query;
    const asked = { ...(refusal === null ? query : unsearched), page: query.page ?? 1, perPage: query.perPage ?? 50 };
    const { page, rows } = await this.pageOf(profile, asked, facts, options.signal);
    const shown = answerShows(rows, { ...(refusal === null && searching ? { search: query.search! } : {}), perPage: asked.perPage }, facts);
    if (Object.keys(shown).length > 0) await this.remember(profile.id, shown);
    // a page size found ignored just now: a later page of the service's own size was not the one asked for
    if (!again && shown.pageSize !== undefined && asked.page > 1 && pagingStyle(spec) === 'page' && shown.searchIgnored === undefined) {
      return this.fromService(profile, query, options, true);
    }
    const why = refusal ?? (shown.searchIgnored === true ? searchRefusal(spec, { ...facts, ...shown }) : null);
    return why === null ? page : { ...page, searchUnsupported: why };
  }

  private async remember(profileId: string, found: ListingFacts): Promise<void> {
    this.facts.set(profileId, { ...this.facts.get(profileId), ...found });
    await this.recordFacts(profileId, found);
  }

  /** One page as asked, and every row the service answered for it (to judge the listing by). */
  private async pageOf(profile: Profile, query: PageQuery, facts: ListingFacts, signal: AbortSignal | undefined): Promise<PageAndRows> {
    const style = pagingStyle(operationSpec(profile, 'contacts.list'));
    const { page, perPage } = query;
    if (style === 'none' && page > 1 && facts.pageSize === undefined) return { page: pastTheEnd(page, perPage, null), rows: [] };
    const size = facts.pageSize;
    if (style === 'page' && size !== undefined && size !== perPage) return this.byServicePages(profile, query, size, signal);
    if (style !== 'cursor' && style !== 'link') {
      const asked = style === 'none' ? { ...query, page: 1 } : query;
      const answer = (await this.fetch(profile, asked, style, signal)).page;
      // an offset listing's answer starts at the row asked for; a listing without paging holds every row
      const skip = style === 'none' ? (page - 1) * perPage : 0;
      return { page: cutPage(answer, skip, page, perPage, style === 'none' ? false : answer.hasMore), rows: answer.items };
    }

    const scope = this.tokens.scope(profile, query.search ?? '', perPage);
    let from = scope.nearest(page);
    if (page - from.page > MAX_WALK)
      throw new CrmError(
        'validation',
        `This service pages by ${style}: page ${page} is reached by going through the pages before it; scroll on step by step`,
      );
    for (;;) {
      const result = await this.fetch(profile, { search: query.search, perPage, page: from.page, token: from.token }, style, signal);
      const rows = result.page.items;
      // no way on, but more rows than a page: the service answered the rest at once, cut from it
      if (result.next === null && rows.length > perPage) {
        return { page: cutPage(result.page, (page - from.page) * perPage, page, perPage, false), rows };
      }
      if (from.page === page) return { page: result.page, rows };
      if (result.next === null) return { page: pastTheEnd(page, perPage, result.page.total), rows };
      scope.remember(from.page + 1, result.next);
      from = { page: from.page + 1, token: result.next };
    }
  }

  /** A page-numbered service with its own page size: its pages that hold the rows asked for, in order. */
  private async byServicePages(profile: Profile, query: PageQuery, size: number, signal: AbortSignal | undefined): Promise<PageAndRows> {
    const { page, perPage } = query;
    const at = servicePageOf(page, perPage, size);
    // the service's own page size tells where its list ends (a short page); what it says of more was judged by the asked size
    let last = (await this.fetch(profile, { ...query, page: at.page }, 'page', signal)).page;
    const rows = last.items;
    const gathered = [...last.items];
    for (let next = at.page + 1; next - at.page < MAX_SERVICE_PAGES; next += 1) {
      if (gathered.length - at.skip >= perPage || last.items.length < size) break;
      last = (await this.fetch(profile, { ...query, page: next }, 'page', signal)).page;
      gathered.push(...last.items);
    }
    const joined = { ...last, items: gathered };
    const after = joined.total !== null ? null : gathered.length - at.skip > perPage ? true : last.items.length < size ? false : null;
    return { page: cutPage({ ...joined, page: 1 }, at.skip, page, perPage, after), rows };
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
    // a listing only reads: asked again after a 429 it changes nothing, even when it is a POST with a filter body
    let request: PreparedRequest = { ...(await buildRequest({ op: 'contacts.list', input }, target)), retrySafe: true };
    if (token?.kind === 'link') request = followLink(request, token.url);
    const response = await callWithKey(
      { keyAccess: this.keyAccess, sender: this.sender },
      profile,
      null,
      request,
      signal ? { signal } : {},
    );
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
  const withCursor = {
    ...spec,
    query: [...spec.query.filter((q) => q.name !== param), { name: param, value: { $role: 'cursor' as const } }],
  };
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
    throw new CrmError(
      'bad_response',
      `The service's next-page link points to another origin (${next.origin}); it is not followed, so the key stays with ${base.origin}`,
    );
  }
  return { ...request, url: next.href };
}
