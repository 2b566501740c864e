// The ONE owner of received_messages (what contacts wrote) and message_states (how far each sent
// message got: sent, delivered, read, failed), as the service's events tell them, from whichever
// process received them. Events come late, twice and out of order: a message received twice is
// kept once, and a state never moves back (status-words.ts). Both tables are bounded PER
// PROFILE, and each delivery adds a bounded number of rows: a profile's traffic (an unsigned
// sandbox's, a flood of posts) can only push out that profile's own oldest rows, never another
// profile's (a signed service's genuine replies).
import type { DeliveryState } from '../../events/status-words';
import { laterState } from '../../events/status-words';
import type { ReceivedEvent, ReceivedLocation, ReceivedMedia, SharedContact, StatusEvent } from '../../events/event-finder';
import type { SqliteDatabase } from '../sqlite';
import { watchTables } from './table-versions';

/** rows kept in each table for each profile, that profile's oldest go first */
export const CONVERSATION_ROWS_LIMIT = 20_000;
/** events one delivery (one webhook post, one status poll) may store; the rest are dropped with a note */
export const DELIVERY_EVENTS_LIMIT = 1_000;

export function createConversationTables(db: SqliteDatabase): void {
  db.exec(`
    CREATE TABLE received_messages (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      profile_id TEXT NOT NULL,
      message_id TEXT NOT NULL,
      number TEXT NOT NULL,
      type TEXT NOT NULL,
      text TEXT,
      name TEXT,
      at TEXT NOT NULL,
      -- when this app heard of it: the order it is shown in beside what was sent (a service's
      -- own times may be in whole seconds, or from a clock that differs from this computer's)
      arrived_at TEXT NOT NULL,
      UNIQUE (profile_id, message_id)
    );
    CREATE INDEX received_messages_number ON received_messages (profile_id, number);
    CREATE TABLE message_states (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      profile_id TEXT NOT NULL,
      message_id TEXT NOT NULL,
      state TEXT NOT NULL,
      number TEXT,
      at TEXT,
      reason TEXT,
      UNIQUE (profile_id, message_id)
    );
  `);
  watchTables(db, ['received_messages', 'message_states']);
}

/** each profile's rows in arrival order, so one profile's oldest are found without reading another's (schema version 8) */
export function indexConversationsByProfile(db: SqliteDatabase): void {
  db.exec(
    'CREATE INDEX received_messages_profile_seq ON received_messages (profile_id, seq); ' +
      'CREATE INDEX message_states_profile_seq ON message_states (profile_id, seq);',
  );
}

/**
 * The events of one delivery that are stored: all of them up to `limit`, else the first `limit`
 * (replies before states, as they came), and how many were dropped.
 */
export function cutDelivery<R, S>(
  received: readonly R[],
  states: readonly S[],
  limit: number,
): { received: R[]; states: S[]; dropped: number } {
  const keptReceived = received.slice(0, limit);
  const keptStates = states.slice(0, Math.max(0, limit - keptReceived.length));
  return { received: keptReceived, states: keptStates, dropped: received.length + states.length - keptReceived.length - keptStates.length };
}

/** a received file's address, type and name (schema version 5) */
export function addReceivedMedia(db: SqliteDatabase): void {
  db.exec(
    'ALTER TABLE received_messages ADD COLUMN media_url TEXT; ALTER TABLE received_messages ADD COLUMN media_type TEXT; ALTER ' +
      'TABLE received_messages ADD COLUMN media_name TEXT;',
  );
}

/** a shared place's coordinates, name and address, and shared contact cards, as JSON (schema version 12) */
export function addReceivedRichParts(db: SqliteDatabase): void {
  db.exec('ALTER TABLE received_messages ADD COLUMN location TEXT; ALTER TABLE received_messages ADD COLUMN shared_contacts TEXT;');
}

function cardsOf(raw: string | null | undefined): SharedContact[] | null {
  if (raw === null || raw === undefined) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return Array.isArray(value) ? (value as SharedContact[]) : null;
  } catch {
    return null;
  }
}

function locationOf(raw: string | null | undefined): ReceivedLocation | null {
  if (raw === null || raw === undefined) return null;
  try {
    const value = JSON.parse(raw) as ReceivedLocation;
    return typeof value.latitude === 'number' && typeof value.longitude === 'number' ? value : null;
  } catch {
    return null;
  }
}

/** a row of received_messages as SQLite hands it over */
export interface ReceivedSqlRow {
  message_id: string;
  number: string;
  type: string;
  text: string | null;
  name: string | null;
  at: string;
  arrived_at: string;
  media_url: string | null;
  media_type: string | null;
  media_name: string | null;
  location: string | null;
  shared_contacts: string | null;
}

const RECEIVED_COLUMNS =
  'message_id, number, type, text, name, at, arrived_at, media_url, media_type, media_name, location, shared_contacts';

/** media is there when the message is a file: a row of a file kind always has a type or a name or an address */
function receivedRowOf(r: ReceivedSqlRow): ReceivedRow {
  const media =
    r.media_url === null && r.media_type === null && r.media_name === null
      ? null
      : { url: r.media_url, mimetype: r.media_type, fileName: r.media_name };
  return {
    messageId: r.message_id,
    number: r.number,
    type: r.type,
    text: r.text,
    name: r.name,
    at: r.at,
    arrivedAt: r.arrived_at,
    media,
    location: locationOf(r.location),
    sharedContacts: cardsOf(r.shared_contacts),
  };
}

export interface ReceivedRow {
  messageId: string;
  number: string;
  type: string;
  text: string | null;
  name: string | null;
  /** the service's time of the message */
  at: string;
  /** when this app heard of it */
  arrivedAt: string;
  /** the file, when the contact sent one */
  media: ReceivedMedia | null;
  /** the place, when the contact shared one */
  location: ReceivedLocation | null;
  /** the contact cards, when the contact shared some */
  sharedContacts: SharedContact[] | null;
}

export interface StateRow {
  messageId: string;
  state: DeliveryState;
  at: string | null;
  reason: string | null;
}

interface StoredState {
  state: DeliveryState;
  number: string | null;
  at: string | null;
  reason: string | null;
}

export interface ConversationLimits {
  /** rows each profile keeps in each table */
  rows: number;
  /** events one delivery may store */
  perDelivery: number;
}

export class ConversationTables {
  private readonly statements;
  private readonly recordAll;

  private readonly limits: ConversationLimits;
  /** inside trimmingOnceAfter: the profiles written, trimmed once at its end */
  private trimsAfter: Set<string> | null = null;

  constructor(
    db: SqliteDatabase,
    limits: Partial<ConversationLimits> = {},
    /** a line for the app's log (a delivery cut short) */
    private readonly note: (message: string) => void = () => undefined,
  ) {
    this.limits = { rows: CONVERSATION_ROWS_LIMIT, perDelivery: DELIVERY_EVENTS_LIMIT, ...limits };
    this.statements = {
      // bound by position: a listener stores thousands a second, and 13 values bound by name cost about 3 µs a reply more in a bare loop
      insertReceived: db.prepare<(string | null)[]>(
        'INSERT OR IGNORE INTO received_messages (profile_id, message_id, number, type, text, name, at, arrived_at, media_url, ' +
          'media_type, media_name, location, shared_contacts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      // the profile's rows older than its newest `keep` (seq is shared by every profile, so no arithmetic on it)
      trimReceived: db.prepare<[{ profileId: string; keep: number }]>(
        'DELETE FROM received_messages WHERE profile_id = @profileId AND seq <= (SELECT seq FROM received_messages ' +
          'WHERE profile_id = @profileId ORDER BY seq DESC LIMIT 1 OFFSET @keep)',
      ),
      state: db.prepare<[string, string], StoredState>(
        'SELECT state, number, at, reason FROM message_states WHERE profile_id = ? AND message_id = ?',
      ),
      putState: db.prepare(
        `INSERT INTO message_states (profile_id, message_id, state, number, at, reason)
         VALUES (@profileId, @messageId, @state, @number, @at, @reason)
         ON CONFLICT (profile_id, message_id) DO UPDATE SET
           state = excluded.state, number = coalesce(excluded.number, number), at = excluded.at, reason = excluded.reason`,
      ),
      trimStates: db.prepare<[{ profileId: string; keep: number }]>(
        'DELETE FROM message_states WHERE profile_id = @profileId AND seq <= (SELECT seq FROM message_states ' +
          'WHERE profile_id = @profileId ORDER BY seq DESC LIMIT 1 OFFSET @keep)',
      ),
      // at most this many rows (seq is unique): the trims above walk `keep` index entries, these two read one each,
      // so a profile under its bound is never walked (a listener taking thousands of replies a second)
      spanReceived: db
        .prepare<[{ profileId: string }], number>(
          `SELECT coalesce((SELECT max(seq) FROM received_messages WHERE profile_id = @profileId)
             - (SELECT min(seq) FROM received_messages WHERE profile_id = @profileId) + 1, 0)`,
        )
        .pluck(),
      spanStates: db
        .prepare<[{ profileId: string }], number>(
          `SELECT coalesce((SELECT max(seq) FROM message_states WHERE profile_id = @profileId)
             - (SELECT min(seq) FROM message_states WHERE profile_id = @profileId) + 1, 0)`,
        )
        .pluck(),
      received: db.prepare<[string, string, number], ReceivedSqlRow>(
        `SELECT ${RECEIVED_COLUMNS} FROM received_messages WHERE profile_id = ? AND number = ? ORDER BY seq DESC LIMIT ?`,
      ),
      receivedOne: db.prepare<[string, string], ReceivedSqlRow>(
        `SELECT ${RECEIVED_COLUMNS} FROM received_messages WHERE profile_id = ? AND message_id = ?`,
      ),
      // every number's, for a follower of the whole profile (crm messages --follow)
      receivedAll: db.prepare<[string, number], ReceivedSqlRow>(
        `SELECT ${RECEIVED_COLUMNS} FROM received_messages WHERE profile_id = ? ORDER BY seq DESC LIMIT ?`,
      ),
      lastReceivedAt: db
        .prepare<[string, string], string>('SELECT max(at) FROM received_messages WHERE profile_id = ? AND number = ?')
        .pluck(),
      anyEvent: db.prepare<[string, string], { seen: number }>(
        'SELECT (EXISTS (SELECT 1 FROM received_messages WHERE profile_id = ?) OR EXISTS (SELECT 1 FROM message_states WHERE profile_id = ?)) AS seen',
      ),
      // reads the record of sends (sent-messages-table.ts owns it), writes nothing there
      unfinished: db.prepare<[string, string, number], { message_id: string; at: string }>(
        `SELECT s.message_id, s.at FROM sent_messages s
         LEFT JOIN message_states m ON m.profile_id = s.profile_id AND m.message_id = s.message_id
         WHERE s.profile_id = ? AND s.message_id IS NOT NULL AND s.at >= ? AND (m.state IS NULL OR m.state NOT IN ('read', 'failed'))
         ORDER BY s.seq DESC LIMIT ?`,
      ),
      states: db.prepare<[string, string], { message_id: string; state: string; at: string | null; reason: string | null }>(
        'SELECT message_id, state, at, reason FROM message_states WHERE profile_id = ? AND message_id IN (SELECT value FROM json_each(?))',
      ),
    };
    this.recordAll = db.transaction((profileId: string, received: ReceivedEvent[], states: StatusEvent[], now: string): string[] => {
      const changed: string[] = [];
      for (const event of received) {
        const media = event.media;
        const inserted = this.statements.insertReceived.run(
          profileId,
          event.messageId,
          event.number,
          event.type,
          event.text,
          event.name,
          event.at ?? now,
          now,
          media?.url ?? null,
          media?.mimetype ?? null,
          media?.fileName ?? null,
          event.location ? JSON.stringify(event.location) : null,
          event.sharedContacts ? JSON.stringify(event.sharedContacts) : null,
        );
        if (inserted.changes > 0) changed.push(event.messageId);
      }
      for (const event of states) {
        const stored = this.statements.state.get(profileId, event.messageId);
        const state = laterState(stored?.state ?? null, event.state);
        if (stored && state === stored.state) continue;
        this.statements.putState.run({
          profileId,
          messageId: event.messageId,
          state,
          number: event.number,
          at: event.at ?? now,
          reason: state === 'failed' ? event.reason : null,
        });
        changed.push(event.messageId);
      }
      if (changed.length > 0) {
        if (this.trimsAfter !== null) this.trimsAfter.add(profileId);
        else this.trim(profileId);
      }
      return changed;
    });
  }

  /**
   * Runs `writes` (a group of deliveries in one transaction, group-commit.ts) with each profile's
   * trim made once at its end instead of after each delivery: at its bound a trim walks the
   * profile's newest rows, the longest part of storing a reply. Inside the same transaction, so
   * no commit ever holds more than the bound.
   */
  trimmingOnceAfter<T>(writes: () => T): T {
    if (this.trimsAfter !== null) return writes();
    const written = new Set<string>();
    this.trimsAfter = written;
    let result: T;
    try {
      result = writes();
    } finally {
      this.trimsAfter = null;
    }
    for (const profileId of written) this.trim(profileId);
    return result;
  }

  private trim(profileId: string): void {
    const { spanReceived, spanStates, trimReceived, trimStates } = this.statements;
    const keep = this.limits.rows;
    if (spanReceived.get({ profileId })! > keep) trimReceived.run({ profileId, keep });
    if (spanStates.get({ profileId })! > keep) trimStates.run({ profileId, keep });
  }

  /**
   * Stores what is new; returns the message ids whose row changed (none: all were known). A
   * delivery of more events than the limit is cut, with a note.
   */
  record(profileId: string, received: ReceivedEvent[], states: StatusEvent[], now: Date): string[] {
    const cut = cutDelivery(received, states, this.limits.perDelivery);
    if (cut.dropped > 0) {
      this.note(
        `A delivery for profile ${profileId} held ${received.length + states.length} message events; the first ` +
          `${this.limits.perDelivery} were kept and ${cut.dropped} dropped.`,
      );
    }
    return this.recordAll.immediate(profileId, cut.received, cut.states, now.toISOString());
  }

  /** what the contact wrote, newest first */
  receivedFrom(profileId: string, number: string, limit: number): ReceivedRow[] {
    return this.statements.received.all(profileId, number, limit).map(receivedRowOf);
  }

  /** what any contact of the profile wrote, newest first */
  receivedByAll(profileId: string, limit: number): ReceivedRow[] {
    return this.statements.receivedAll.all(profileId, limit).map(receivedRowOf);
  }

  /** one received message, or null */
  receivedOne(profileId: string, messageId: string): ReceivedRow | null {
    const row = this.statements.receivedOne.get(profileId, messageId);
    return row ? receivedRowOf(row) : null;
  }

  /** when the contact last wrote (ISO 8601), or null */
  /** a reply or a delivery state of this profile is on record: its service's events reach the app */
  anyEvent(profileId: string): boolean {
    return this.statements.anyEvent.get(profileId, profileId)?.seen === 1;
  }

  lastReceivedAt(profileId: string, number: string): string | null {
    return this.statements.lastReceivedAt.get(profileId, number) ?? null;
  }

  /**
   * The profile's sends since `since` (ISO 8601) whose state is not final yet (not read, not
   * failed), newest first: what a status route is asked about while no event says more.
   */
  unfinished(profileId: string, since: string, limit: number): { messageId: string; sentAt: string }[] {
    return this.statements.unfinished.all(profileId, since, limit).map((r) => ({ messageId: r.message_id, sentAt: r.at }));
  }

  /** the known state of each of these sent messages */
  statesOf(profileId: string, messageIds: readonly string[]): Map<string, StateRow> {
    if (messageIds.length === 0) return new Map();
    const rows = this.statements.states.all(profileId, JSON.stringify(messageIds));
    return new Map(
      rows.map((r) => [r.message_id, { messageId: r.message_id, state: r.state as DeliveryState, at: r.at, reason: r.reason }]),
    );
  }
}
