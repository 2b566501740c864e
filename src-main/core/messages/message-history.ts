// MessageHistory: what the app sent and what happened to it, for the Messages view and
// `crm messages`.
// - list(): one page of the service's own message listing (the profile's "List messages"
//   operation: docs/API.md's GET /api/v1/messages?number=&page=&per_page= unless the profile describes
//   another), each message joined with this app's record to say how the app sent it. When the
//   service has no such route (it answers 404 or 405) or its listing cannot be filtered by
//   number, this app's record is listed instead, and the page says why.
// - record(): every send the service took is appended to the record (SentMessagesTable, the table's
//   one owner) by whoever saw it succeed: the message service (sent now, or replayed) and the
//   outbox (delivered later). The change is announced once it is on disk, so the window lists
//   again.
import type { MessageHistoryPage } from '../../shared/message-history';
import { rolesOf } from '../api/template';
import { Emitter, type Event } from '../emitter';
import { CrmError } from '../errors';
import { readableJson } from '../http/sender';
import type { HttpSender } from '../http/sender';
import type { PreparedRequest } from '../http/prepared-request';
import { callWithKey } from '../keys/api-call';
import type { Profile } from '../model';
import type { ListMessagesInput } from '../operations';
import { parseMessagePage } from '../parse/message';
import { checkPhone } from '../phone';
import type { ProfileManager } from '../profiles/profile-manager';
import { buildRequest } from '../request/request-builder';
import { isOffered, operationSpec } from '../request/operation-spec';
import type { DeliveryState } from '../events/status-words';
import { withDeliveryStates } from './history-states';
import type { HistoryChange, KeyAccess, MessageHistoryService } from '../services';
import type { HistoryQuery } from './history-page';
import { recordPage, servicePage } from './history-page';
import type { Delivery, SendRecorder, SentRecord } from './sent-record';
import { sentRecordOf } from './sent-record';
import type { SentMessagesTable } from '../store/tables/sent-messages-table';

const HISTORY_PER_PAGE = 50;

/** answers that say the service has no message listing at this address */
const NO_LISTING = new Set([404, 405]);

export interface MessageHistoryDeps {
  profiles: ProfileManager;
  keyAccess: KeyAccess;
  sender: HttpSender;
  store: SentMessagesTable;
  /** cuts every run of a key the process holds out of a text (KeyVault.scrubSecrets) */
  scrub: (text: string) => string;
  now?: () => Date;
  /** the kind of process recording: a send of its own is labelled by it (default 'window') */
  process?: 'window' | 'crm';
  /** a listener that failed, for the app log */
  log?: (message: string) => void;
  /** told of each record once it is kept, with the send it came from (sent-extras.ts keeps what its line shows) */
  onRecorded?: (record: SentRecord, delivery: Delivery) => Promise<void>;
  /** the states the service's events gave these messages (the conversations' own), shown over older words */
  deliveryStates?: (profileId: string, messageIds: readonly string[]) => ReadonlyMap<string, DeliveryState>;
}

export class MessageHistory implements MessageHistoryService, SendRecorder {
  private readonly feed: Emitter<HistoryChange>;
  /** told once a send is on the record (this process or another) */
  readonly onDidChange: Event<HistoryChange>;
  private readonly now: () => Date;
  /** the last record this history announced: records past it came from another process */
  private announcedSeq: number;

  constructor(private readonly deps: MessageHistoryDeps) {
    this.now = deps.now ?? (() => new Date());
    this.announcedSeq = deps.store.lastSeq();
    this.feed = new Emitter<HistoryChange>({ onListenerError: (err) => deps.log?.(`message history: a listener failed: ${String(err)}`) });
    this.onDidChange = this.feed.event;
  }

  async list(input: ListMessagesInput & { profileId?: string }): Promise<MessageHistoryPage> {
    const { profileId, ...asked } = input;
    const profile = await this.deps.profiles.resolve(profileId);
    const page = await this.listPage(profile, { ...asked, page: asked.page ?? 1, perPage: asked.perPage ?? HISTORY_PER_PAGE });
    const ids = page.items.flatMap((m) => (m.id === null ? [] : [m.id]));
    return withDeliveryStates(page, this.deps.deliveryStates?.(profile.id, ids) ?? new Map());
  }

  private async listPage(profile: Profile, query: ListMessagesInput & { page: number; perPage: number }): Promise<MessageHistoryPage> {
    const offered = isOffered(profile, 'messages.list');
    // the number, page and page size are checked here, with the builder's own words, before
    // anything is read: a bad filter is the same mistake whichever list would answer (a listing
    // the profile marks absent is checked as docs/API.md's, never sent)
    const request = await buildRequest({ op: 'messages.list', input: query }, offered ? profile : withListing(profile));
    const number = query.number === undefined || query.number.trim() === '' ? null : checkPhone(query.number).number;
    const wanted: HistoryQuery = { profileId: profile.id, number, page: query.page, perPage: query.perPage };
    if (!offered) return this.fromRecord(wanted, "This profile's API says the service has no message listing");
    if (number !== null && !rolesOf(operationSpec(profile, 'messages.list')).has('number')) {
      return this.fromRecord(wanted, "The service's message listing, as this profile describes it, cannot be filtered by number");
    }
    try {
      const response = await callWithKey({ keyAccess: this.deps.keyAccess, sender: this.deps.sender }, profile, null, request);
      const answer = parseMessagePage(readableJson(response));
      const ids = answer.items.flatMap((m) => (m.id === null ? [] : [m.id]));
      const listed = servicePage(answer, this.deps.store.withMessageIds(profile.id, ids), wanted, this.deps.scrub);
      if (listed.items.length > 0 || wanted.page > 1) return listed;
      // a service that keeps no sends answers an empty listing: the record may know them
      const recorded = await this.fromRecord(wanted, "The service's message listing is empty");
      return recorded.items.length > 0 ? recorded : listed;
    } catch (err) {
      if (!(err instanceof CrmError) || err.status === undefined || !NO_LISTING.has(err.status)) throw err;
      return this.fromRecord(wanted, `The service has no message listing (${listingRoute(request, profile)} answered HTTP ${err.status})`);
    }
  }

  /** appends a send the service took to the record, then announces it */
  async record(delivery: Delivery): Promise<void> {
    const { store, scrub } = this.deps;
    const record = sentRecordOf(delivery, scrub, this.now(), store.newId(), this.deps.process ?? 'window');
    await store.append(record);
    await this.deps.onRecorded?.(record, delivery);
    this.feed.fire({ profileId: delivery.profileId });
  }

  /** another process (a `crm` send, another window) added records: announce their profiles */
  noticeForeignRecords(): void {
    const { store } = this.deps;
    const profileIds = store.profilesAfter(this.announcedSeq);
    this.announcedSeq = store.lastSeq();
    for (const profileId of profileIds) this.feed.fire({ profileId });
  }

  private async fromRecord(query: HistoryQuery, reason: string): Promise<MessageHistoryPage> {
    // the reason names the profile's path: scrubbed like any text that leaves main
    const slice = this.deps.store.slice({
      profileId: query.profileId,
      number: query.number,
      offset: (query.page - 1) * query.perPage,
      limit: query.perPage,
    });
    return recordPage(slice, query, this.deps.scrub(`${reason}; this is the app's own record of what it sent.`), this.deps.scrub);
  }
}

/** the profile as if its service offered a listing: only to check a query with the builder's words */
function withListing(profile: Profile): Profile {
  if (!profile.api) return profile;
  return { ...profile, api: { ...profile.api, absent: (profile.api.absent ?? []).filter((id) => id !== 'messages.list') } };
}

/** "GET /api/v1/messages": the method and path, without the query (which carries the number) */
function listingRoute(request: PreparedRequest, profile: Profile): string {
  let path: string;
  try {
    path = new URL(request.url).pathname;
  } catch {
    path = operationSpec(profile, 'messages.list').path;
  }
  return `${request.method} ${path}`;
}
