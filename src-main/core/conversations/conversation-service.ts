// Conversations: the record of sent messages (sent-messages-table.ts) joined with what the
// service's events said (conversation-tables.ts). Events arrive here from every channel the
// same way (receive): a webhook post, an event stream, a status answer. Each text a contact
// wrote is scrubbed of any key before it is stored, like everything else that reaches disk.
import { Emitter, type Event } from '../emitter';
import { CrmError } from '../errors';
import type { ReceivedEvent, StatusEvent } from '../events/event-finder';
import { findVendorEvents } from '../events/vendor-events';
import { underRecordedId } from './status-aliases';
import { withServiceAuth, type ServiceAuth } from './service-file-auth';
import type { KeyAccess } from '../services';
import type { Profile } from '../model';
import type { ProfileManager } from '../profiles/profile-manager';
import type { ConversationTables } from '../store/tables/conversation-tables';
import type { SentMessagesTable } from '../store/tables/sent-messages-table';
import { checkPhone } from '../phone';
import {
  isInsideWindow,
  type Conversation,
  type ConversationItem,
  type ItemMedia,
  type MediaPreview,
  type NumberedItem,
} from '../../shared/conversation';
import type { ReceivedMedia } from '../events/event-finder';
import { fetchMedia, isPreviewType } from './media-fetch';
import type { ReceivedRow, StateRow } from '../store/tables/conversation-tables';
import type { DownloadRow } from '../store/tables/media-downloads-table';
import type { SentRecord } from '../messages/sent-record';
import { downloadsOf, receivedWithDownload, type ReceivedDownloads } from './received-media-view';
import { withSentExtras } from './sent-media-view';
import type { SentExtrasTable } from '../store/tables/sent-extras-table';

/** messages of each direction shown at most */
const THREAD_LIMIT = 200;
/** how long a conversation waits for the contacts list's name before it shows the number */
const NAME_WAIT_MS = 1_500;

export interface ConversationChange {
  /** null: another process stored events, for any profile */
  profileId: string | null;
  /** the contact whose conversation changed; null: not known (a status for a message sent elsewhere) */
  number: string | null;
}

export interface ReceiveOutcome {
  /** events found in the payload */
  found: number;
  /** of those, the ones that changed something (the rest were known already) */
  changed: number;
}

export interface MediaFetchOptions {
  serviceHost: string | null;
  /** the key's header for the service's own origin (service-file-auth.ts) */
  serviceAuth?: ServiceAuth;
}

export interface ConversationServiceDeps {
  tables: ConversationTables;
  sent: SentMessagesTable;
  profiles: ProfileManager;
  scrub: (text: string) => string;
  /** the contacts list's name for a number, when the events carried none */
  names?: { nameOf(profileId: string, number: string): Promise<string | null> };
  /** default: undici (media-fetch.ts); tests may pass another */
  fetchMedia?: (url: string, options: MediaFetchOptions) => Promise<{ mimetype: string; bytes: Buffer }>;
  /** the profile's key, for a file kept on the service's own origin (service-file-auth.ts) */
  keyAccess?: Pick<KeyAccess, 'withKey'>;
  now?: () => Date;
  log?: (message: string) => void;
  /**
   * told of each new reply's own texts before they are scrubbed, so a saved key a contact sent
   * raises a leak notice (KeyLeaks.inspect); what is stored is scrubbed all the same
   */
  onReplyTexts?: (profileId: string, number: string | null, texts: (string | null)[]) => void;
  /** quotes and reactions: stored from the same payloads, shown on the lines (quick-answers.ts) */
  quick?: {
    receive(profileId: string, payload: unknown): { found: number; numbers: (string | null)[] };
    decorate(profileId: string, items: readonly ConversationItem[]): ConversationItem[];
  };
  /** the template changes a payload announces (Meta's template webhooks): how many it held */
  templateEvents?: (profileId: string, payload: unknown) => number;
  /** the files named by media id: downloaded in the background (inbound-media.ts), read from the data folder */
  downloads?: ReceivedDownloads;
  /** what this app's own sends show beyond their line: a template's text, a sent file's copy */
  sentExtras?: Pick<SentExtrasTable, 'of'>;
}

export class ConversationService {
  private readonly feed: Emitter<ConversationChange>;
  /** a conversation changed: a send was recorded, or events arrived (this process or another) */
  readonly onDidChange: Event<ConversationChange>;
  private readonly now: () => Date;

  constructor(private readonly deps: ConversationServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.feed = new Emitter<ConversationChange>({
      onListenerError: (err) => deps.log?.(`conversations: a listener failed: ${String(err)}`),
    });
    this.onDidChange = this.feed.event;
  }

  /** whether any event (a reply, a delivery state) of the profile's service ever reached the app */
  async eventsArrived(profileId: string): Promise<boolean> {
    return this.deps.tables.anyEvent(profileId);
  }

  async thread(input: { profileId?: string; number: string }): Promise<Conversation> {
    const profile = await this.deps.profiles.resolve(input.profileId);
    const checked = checkPhone(input.number);
    if (!checked.ok)
      throw new CrmError('validation', `The number ${checked.message}.`, { details: [{ field: 'number', message: checked.message }] });
    const { number } = checked;
    const { tables, sent } = this.deps;
    const outgoing = sent.slice({ profileId: profile.id, number, offset: 0, limit: THREAD_LIMIT }).records;
    const states = tables.statesOf(
      profile.id,
      outgoing.flatMap((r) => (r.messageId === null ? [] : [r.messageId])),
    );
    const received = tables.receivedFrom(profile.id, number, THREAD_LIMIT);
    // in the order this app saw them: a send when the service took it, a reply when it arrived
    const lines = inOrder(outgoing, states, received).map((line) => line.item);
    const quoted = this.deps.quick?.decorate(profile.id, lines) ?? lines;
    const items = withSentExtras(
      receivedWithDownload(quoted, downloadsOf(this.deps.downloads, profile.id, received)),
      this.deps.sentExtras?.of(outgoing.map((r) => r.id)) ?? new Map(),
    );
    const lastReceivedAt = tables.lastReceivedAt(profile.id, number);
    const name = received.find((r) => r.name !== null)?.name ?? (await this.listedName(profile.id, number));
    return { profileId: profile.id, number, name, items, lastReceivedAt, insideWindow: isInsideWindow(lastReceivedAt, this.now()) };
  }

  /**
   * The profile's latest sends (with their states) and replies, every number's, oldest first: what
   * a follower of the whole profile compares with what it printed before (crm messages --follow).
   */
  async recent(input: { profileId?: string; limit?: number }): Promise<NumberedItem[]> {
    const profile = await this.deps.profiles.resolve(input.profileId);
    const limit = input.limit ?? THREAD_LIMIT;
    const outgoing = this.deps.sent.slice({ profileId: profile.id, number: null, offset: 0, limit }).records;
    const states = this.deps.tables.statesOf(
      profile.id,
      outgoing.flatMap((r) => (r.messageId === null ? [] : [r.messageId])),
    );
    return inOrder(outgoing, states, this.deps.tables.receivedByAll(profile.id, limit)).map((line) => ({
      ...line.item,
      number: line.number,
    }));
  }

  /**
   * The contacts list's name for the number. A slow service does not hold the conversation up:
   * past NAME_WAIT_MS it is shown by number, and shown again (a change) once the name comes.
   */
  private async listedName(profileId: string, number: string): Promise<string | null> {
    const names = this.deps.names;
    if (!names) return null;
    const asked = names.nameOf(profileId, number);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), NAME_WAIT_MS)));
    const name = await Promise.race([asked, late]);
    clearTimeout(timer);
    if (name !== 'late') return name;
    void asked.then((found) => {
      if (found !== null) this.feed.fire({ profileId, number });
    });
    return null;
  }

  /** an image or audio the contact sent, downloaded here for the window (it may not reach the network itself) */
  async mediaPreview(input: { profileId?: string; messageId: string }): Promise<MediaPreview> {
    const profile = await this.deps.profiles.resolve(input.profileId);
    const stored = await this.deps.downloads?.storedPreview(profile.id, input.messageId);
    if (stored !== undefined && stored !== null) return stored;
    const media = await this.mediaOf({ ...input, profileId: profile.id });
    if (!isPreviewType(media.mimetype)) throw new CrmError('validation', 'This file is not an image or audio: open it in the browser');
    const fetched = await withServiceAuth(this.deps.keyAccess, profile, media.url, (serviceAuth) =>
      (this.deps.fetchMedia ?? fetchMedia)(media.url, { serviceHost: hostOf(profile.baseUrl), ...(serviceAuth ? { serviceAuth } : {}) }),
    );
    return {
      dataUrl: `data:${fetched.mimetype};base64,${fetched.bytes.toString('base64')}`,
      mimetype: fetched.mimetype,
      bytes: fetched.bytes.length,
    };
  }

  /** a failed download of a file the contact sent by media id starts again (the window's Try again) */
  async retryDownload(input: { profileId?: string; messageId: string }): Promise<void> {
    const profile = await this.deps.profiles.resolve(input.profileId);
    if (this.deps.downloads?.retry(profile.id, input.messageId) !== true)
      throw new CrmError('not_found', 'No failed download of a file was found for that message.');
    this.feed.fire({ profileId: profile.id, number: null });
  }

  /**
   * The origin a failed download's file is kept at, where the key was not sent: read from main's
   * own record of the download (the window names only the message).
   */
  async refusedFileOrigin(input: { profileId?: string; messageId: string }): Promise<{ profile: Profile; origin: string }> {
    const profile = await this.deps.profiles.resolve(input.profileId);
    const row = this.deps.downloads?.one(profile.id, input.messageId) ?? null;
    if (row === null || row.state !== 'failed' || row.refusedOrigin === null) {
      throw new CrmError('not_found', 'That message has no download that failed because of where the service keeps its file.');
    }
    return { profile, origin: row.refusedOrigin };
  }

  /** the key may now go to `origin` for the profile's files: the downloads refused for it start over; answers their message ids */
  retryRefusedDownloads(profileId: string, origin: string): string[] {
    const ids = this.deps.downloads?.retryRefused(profileId, origin) ?? [];
    if (ids.length > 0) this.feed.fire({ profileId, number: null });
    return ids;
  }

  /** how far the downloads of these messages got (a command that started them over reports it) */
  downloadStates(profileId: string, messageIds: readonly string[]): Map<string, Pick<DownloadRow, 'state' | 'reason'>> {
    return this.deps.downloads?.of(profileId, messageIds) ?? new Map();
  }

  /** where a file downloaded by its media id is kept, for the OS to open; null when it is not stored */
  async storedFile(input: { profileId?: string; messageId: string }): Promise<string | null> {
    const profile = await this.deps.profiles.resolve(input.profileId);
    return this.deps.downloads?.storedPath(profile.id, input.messageId) ?? null;
  }

  /** the http(s) address of a file the contact sent, for the OS browser (a document, or a file too large to preview) */
  async mediaAddress(input: { profileId?: string; messageId: string }): Promise<string> {
    return (await this.mediaOf(input)).url;
  }

  private async mediaOf(input: { profileId?: string; messageId: string }): Promise<ReceivedMedia & { url: string }> {
    const profile = await this.deps.profiles.resolve(input.profileId);
    const media = this.deps.tables.receivedOne(profile.id, input.messageId)?.media ?? null;
    if (media === null) throw new CrmError('not_found', 'No file was received with that message.');
    if (media.url === null)
      throw new CrmError(
        'not_found',
        this.deps.downloads?.stateLine(profile.id, input.messageId) ??
          'The service gave no address for this file (Meta gives a media id to download with its token).',
      );
    return { ...media, url: media.url };
  }

  /** takes the message events in a payload the profile's service sent, stores them, announces them */
  receive(profileId: string, payload: unknown): ReceiveOutcome {
    const events = this.withRecordedIds(profileId, findVendorEvents(payload));
    const received: ReceivedEvent[] = [];
    const statuses: StatusEvent[] = [];
    for (const event of events) {
      if (event.kind === 'received')
        received.push({
          ...event,
          text: this.scrubbed(event.text),
          name: this.scrubbed(event.name),
          media:
            event.media === null
              ? null
              : { url: this.scrubbed(event.media.url), mimetype: event.media.mimetype, fileName: this.scrubbed(event.media.fileName) },
          ...(event.location
            ? { location: { ...event.location, name: this.scrubbed(event.location.name), address: this.scrubbed(event.location.address) } }
            : {}),
          ...(event.sharedContacts
            ? {
                sharedContacts: event.sharedContacts.map((c) => ({
                  name: this.deps.scrub(c.name),
                  phones: c.phones.map((t) => this.deps.scrub(t)),
                  emails: c.emails.map((t) => this.deps.scrub(t)),
                  company: this.scrubbed(c.company),
                })),
              }
            : {}),
        });
      else statuses.push({ ...event, reason: event.reason === null ? null : this.deps.scrub(event.reason) });
    }
    const changed = new Set(this.deps.tables.record(profileId, received, statuses, this.now()));
    // every delivery, also a repeated one: a file whose row exists is not queued twice
    this.deps.downloads?.noteReceived(profileId, received);
    for (const event of events) {
      if (event.kind === 'received' && changed.has(event.messageId))
        this.deps.onReplyTexts?.(profileId, event.number, [
          event.text,
          event.name,
          event.media?.fileName ?? null,
          event.location?.name ?? null,
          event.location?.address ?? null,
          ...(event.sharedContacts ?? []).flatMap((c) => [c.name, ...c.emails]),
        ]);
    }
    if (changed.size > 0)
      this.announce(
        profileId,
        [...received, ...statuses].filter((e) => changed.has(e.messageId)),
      );
    const quick = this.deps.quick?.receive(profileId, payload) ?? { found: 0, numbers: [] };
    for (const number of quick.numbers) this.feed.fire({ profileId, number });
    const templateEvents = this.deps.templateEvents?.(profileId, payload) ?? 0;
    return { found: events.length + quick.found + templateEvents, changed: changed.size + quick.numbers.length };
  }

  private withRecordedIds(profileId: string, events: (ReceivedEvent | StatusEvent)[]): (ReceivedEvent | StatusEvent)[] {
    const recorded = (ids: readonly string[]): Set<string> =>
      new Set(this.deps.sent.withMessageIds(profileId, ids).flatMap((r) => r.messageId ?? []));
    const statuses = underRecordedId(
      events.filter((e) => e.kind === 'status'),
      recorded,
    );
    return [...events.filter((e) => e.kind === 'received'), ...statuses];
  }

  private scrubbed(text: string | null): string | null {
    return text === null ? null : this.deps.scrub(text);
  }

  /** the profile's sends since `since` whose state is not final yet, newest first, at most `limit` */
  unfinished(profileId: string, since: Date, limit: number): { messageId: string; sentAt: string }[] {
    return this.deps.tables.unfinished(profileId, since.toISOString(), limit);
  }

  /** sends were recorded, or another process stored events: the conversations shown may have changed */
  announceOutsideChange(profileId: string | null = null): void {
    this.feed.fire({ profileId, number: null });
  }

  private announce(profileId: string, events: (ReceivedEvent | StatusEvent)[]): void {
    const unknownIds = events.filter((e) => e.number === null).map((e) => e.messageId);
    const byRecord = new Map(this.deps.sent.withMessageIds(profileId, unknownIds).map((r) => [r.messageId, r.number]));
    const numbers = new Set(events.map((e) => e.number ?? byRecord.get(e.messageId) ?? null));
    for (const number of numbers) this.feed.fire({ profileId, number });
  }
}

function outgoingItem(r: SentRecord, known: StateRow | undefined): ConversationItem {
  return {
    key: r.id,
    direction: 'out',
    messageId: r.messageId,
    kind: r.kind,
    text: r.text,
    fileName: r.fileName,
    at: r.at,
    state: known?.state ?? null,
    reason: known?.reason ?? null,
    media: null,
    sender: r.sender ?? null,
  };
}

function itemMedia(media: ReceivedMedia): ItemMedia {
  const show = media.url === null ? 'none' : isPreviewType(media.mimetype) ? 'preview' : 'link';
  return { mimetype: media.mimetype, fileName: media.fileName, show };
}

function receivedItem(r: ReceivedRow): ConversationItem {
  return {
    key: `in:${r.messageId}`,
    direction: 'in',
    messageId: r.messageId,
    kind: r.type,
    text: r.text,
    fileName: r.media?.fileName ?? null,
    at: r.at,
    state: null,
    reason: null,
    media: r.media === null ? null : itemMedia(r.media),
    ...(r.location ? { location: r.location } : {}),
    ...(r.sharedContacts ? { sharedContacts: r.sharedContacts } : {}),
  };
}

/** sends and replies in the order this app saw them: a send when the service took it, a reply when it arrived */
function inOrder(
  outgoing: readonly SentRecord[],
  states: ReadonlyMap<string, StateRow>,
  received: readonly ReceivedRow[],
): { number: string; item: ConversationItem }[] {
  const lines = [
    ...outgoing.map((r) => ({
      seen: r.at,
      number: r.number,
      item: outgoingItem(r, r.messageId === null ? undefined : states.get(r.messageId)),
    })),
    ...received.map((r) => ({ seen: r.arrivedAt, number: r.number, item: receivedItem(r) })),
  ];
  return lines
    .sort((a, b) => a.seen.localeCompare(b.seen) || a.item.key.localeCompare(b.item.key))
    .map(({ number, item }) => ({ number, item }));
}

function hostOf(baseUrl: string): string | null {
  try {
    return new URL(baseUrl).hostname;
  } catch {
    return null;
  }
}
