// The ONE owner of webhook_deliveries: the webhook inspector's record of each POST a listener
// (the window's or `crm webhooks listen`) took or refused, written by whichever process received
// it and read by every other. Rows arrive scrubbed (delivery-scrub.ts): no signature, token or
// key value is written here. Bounded per profile by count and by age, pruned with every write so
// a busy listener never grows the file.
import type { DeliveryEffect, DeliveryVerdict, KeptDelivery } from '../../../shared/webhook-deliveries';

export type { KeptDelivery };
import type { SqliteDatabase } from '../sqlite';
import { watchTables } from './table-versions';

export interface DeliveryBounds {
  /** rows kept per profile at most, newest first */
  perProfile: number;
  /** rows older than this many days are removed */
  maxDays: number;
}

export const DEFAULT_DELIVERY_BOUNDS: DeliveryBounds = { perProfile: 500, maxDays: 7 };

const DAY_MS = 24 * 60 * 60 * 1000;

export type NewDelivery = Omit<KeptDelivery, 'seq'>;

/** the table (schema version 16) */
export function createWebhookDeliveriesTable(db: SqliteDatabase): void {
  db.exec(`
    CREATE TABLE webhook_deliveries (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      profile_id TEXT NOT NULL,
      at TEXT NOT NULL,
      at_ms INTEGER NOT NULL,
      source TEXT,
      method TEXT NOT NULL,
      path TEXT NOT NULL,
      headers TEXT NOT NULL,
      body TEXT,
      body_bytes INTEGER NOT NULL,
      body_cut INTEGER NOT NULL,
      verdict TEXT NOT NULL,
      status INTEGER NOT NULL,
      problem TEXT,
      effects TEXT NOT NULL,
      changed INTEGER,
      replay_of TEXT
    );
    CREATE INDEX webhook_deliveries_by_profile ON webhook_deliveries (profile_id, seq);
    CREATE INDEX webhook_deliveries_age ON webhook_deliveries (at_ms);
  `);
}

/** a delivery kept by another process reaches an open inspector as a change (a migration step, version 19) */
export function watchWebhookDeliveries(db: SqliteDatabase): void {
  watchTables(db, ['webhook_deliveries']);
}

/** an insert's values, in its columns' order */
type InsertValues = [
  id: string,
  profileId: string,
  at: string,
  atMs: number,
  source: string | null,
  method: string,
  path: string,
  headers: string,
  body: string | null,
  bodyBytes: number,
  bodyCut: number,
  verdict: string,
  status: number,
  problem: string | null,
  effects: string,
  changed: number | null,
  replayOf: string | null,
];

interface Row {
  seq: number;
  id: string;
  profile_id: string;
  at: string;
  source: string | null;
  method: string;
  path: string;
  headers: string;
  body: string | null;
  body_bytes: number;
  body_cut: number;
  verdict: string;
  status: number;
  problem: string | null;
  effects: string;
  changed: number | null;
  replay_of: string | null;
}

function fromRow(row: Row): KeptDelivery {
  return {
    seq: row.seq,
    id: row.id,
    profileId: row.profile_id,
    at: row.at,
    source: row.source,
    method: row.method,
    path: row.path,
    headers: JSON.parse(row.headers) as Record<string, string>,
    body: row.body,
    bodyBytes: row.body_bytes,
    bodyCut: row.body_cut === 1,
    verdict: row.verdict as DeliveryVerdict,
    status: row.status,
    problem: row.problem,
    effects: JSON.parse(row.effects) as DeliveryEffect[],
    changed: row.changed,
    replayOf: row.replay_of,
  };
}

export interface DeliveryQuery {
  /** null: every profile */
  profileId: string | null;
  /** only rows after this seq (a follower's last seen) */
  afterSeq?: number;
  limit: number;
}

export class WebhookDeliveriesTable {
  private readonly statements;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly bounds: DeliveryBounds = DEFAULT_DELIVERY_BOUNDS,
    private readonly nowMs: () => number = () => Date.now(),
  ) {
    this.statements = {
      // bound by position: a listener writes thousands a second, and 17 values bound by name (an
      // object spread, then each name looked up) cost about 4 µs a row more in a bare loop
      insert: db.prepare<InsertValues>(
        `INSERT INTO webhook_deliveries (id, profile_id, at, at_ms, source, method, path, headers, body, body_bytes, body_cut,
           verdict, status, problem, effects, changed, replay_of)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      pruneOld: db.prepare<[number]>('DELETE FROM webhook_deliveries WHERE at_ms < ?'),
      // everything of the profile older than its newest `perProfile` rows
      pruneProfile: db.prepare<[string, string, number]>(
        `DELETE FROM webhook_deliveries WHERE profile_id = ? AND seq <= (
           SELECT seq FROM webhook_deliveries WHERE profile_id = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)`,
      ),
      byId: db.prepare<[string], Row>('SELECT * FROM webhook_deliveries WHERE id = ?'),
      ofProfile: db.prepare<[string, number, number], Row>(
        'SELECT * FROM webhook_deliveries WHERE profile_id = ? AND seq > ? ORDER BY seq DESC LIMIT ?',
      ),
      ofAll: db.prepare<[number, number], Row>('SELECT * FROM webhook_deliveries WHERE seq > ? ORDER BY seq DESC LIMIT ?'),
    };
  }

  /** keeps one delivery and drops what the bounds no longer allow, in one transaction */
  add(delivery: NewDelivery): KeptDelivery {
    return this.addAll([delivery])[0]!;
  }

  /**
   * keeps deliveries in one transaction (a savepoint inside a group commit), then drops what the
   * bounds no longer allow once for all of them: at its bound, a profile's trim walks its newest
   * rows, as long a walk for one new row as for a listener's batch of them
   */
  addAll(deliveries: readonly NewDelivery[]): KeptDelivery[] {
    const write = this.db.transaction((): KeptDelivery[] => {
      const kept = deliveries.map((delivery) => {
        const d = delivery;
        const { lastInsertRowid } = this.statements.insert.run(
          d.id,
          d.profileId,
          d.at,
          Date.parse(d.at),
          d.source,
          d.method,
          d.path,
          JSON.stringify(d.headers),
          d.body,
          d.bodyBytes,
          d.bodyCut ? 1 : 0,
          d.verdict,
          d.status,
          d.problem,
          JSON.stringify(d.effects),
          d.changed,
          d.replayOf,
        );
        // the row as written, without reading it back (a listener keeps thousands a second)
        return { seq: Number(lastInsertRowid), ...delivery };
      });
      this.statements.pruneOld.run(this.nowMs() - this.bounds.maxDays * DAY_MS);
      for (const profileId of new Set(deliveries.map((d) => d.profileId)))
        this.statements.pruneProfile.run(profileId, profileId, this.bounds.perProfile);
      return kept;
    });
    return write.immediate();
  }

  get(id: string): KeptDelivery | null {
    const row = this.statements.byId.get(id);
    return row === undefined ? null : fromRow(row);
  }

  /** newest first */
  list(query: DeliveryQuery): KeptDelivery[] {
    const after = query.afterSeq ?? 0;
    const { ofAll, ofProfile } = this.statements;
    const rows = query.profileId === null ? ofAll.all(after, query.limit) : ofProfile.all(query.profileId, after, query.limit);
    return rows.map(fromRow);
  }
}
