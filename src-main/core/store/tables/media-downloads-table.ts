// The ONE owner of media_downloads: for each received message that names a file by the service's
// media id (Meta's webhooks give no address), how far its download got: pending (with its
// attempts and next try), stored (where, how large, its type and checksum) or failed (why). The
// message row itself is stored first, by conversation-tables.ts; a download never touches it, so
// a file that cannot be had never loses the message. Any number of processes share the table:
// one download is claimed in a transaction, so only one process fetches a given file, and a
// claim lapses when its process dies mid-download.
import { camelSelect } from '../camel-select';
import type { SqliteDatabase } from '../sqlite';
import { watchTables } from './table-versions';

export type DownloadState = 'pending' | 'stored' | 'failed';

export interface DownloadRow {
  profileId: string;
  messageId: string;
  mediaId: string;
  state: DownloadState;
  reason: string | null;
  attempts: number;
  /** ISO 8601: when a pending download may be tried again */
  nextTryAt: string;
  path: string | null;
  size: number | null;
  mimetype: string | null;
  /** what the file's bytes hash to (hex), once stored */
  sha256: string | null;
  storedAt: string | null;
  /**
   * failed because the service keeps the file on this origin, where the key is not sent until the
   * person allows it (file-origin-policy.ts); null otherwise. Written by main, never by the window.
   */
  refusedOrigin: string | null;
}

/** a received file's download (schema version 12) */
export function createMediaDownloadsTable(db: SqliteDatabase): void {
  db.exec(`
    CREATE TABLE media_downloads (
      profile_id TEXT NOT NULL,
      message_id TEXT NOT NULL,
      media_id TEXT NOT NULL,
      state TEXT NOT NULL,
      reason TEXT,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_try_at TEXT NOT NULL,
      -- the process working on it and until when its claim holds (a process that died lets go)
      claimed_by TEXT,
      claimed_until TEXT,
      path TEXT,
      size INTEGER,
      mimetype TEXT,
      sha256 TEXT,
      stored_at TEXT,
      PRIMARY KEY (profile_id, message_id)
    );
    CREATE INDEX media_downloads_due ON media_downloads (state, next_try_at);
    CREATE INDEX media_downloads_stored ON media_downloads (state, stored_at);
  `);
  watchTables(db, ['media_downloads']);
}

/** the origin a failed download's file is kept at, when the key was not sent there (schema version 14) */
export function addRefusedOrigin(db: SqliteDatabase): void {
  db.exec('ALTER TABLE media_downloads ADD COLUMN refused_origin TEXT');
}

const SELECTED = camelSelect(
  'profile_id, message_id, media_id, state, reason, attempts, next_try_at, path, size, mimetype, sha256, stored_at, refused_origin',
);

/** a row selected under its properties' names: only its numbers are made sure of (its state is one the table was written with) */
function rowOf(r: DownloadRow): DownloadRow {
  return { ...r, attempts: Number(r.attempts), size: r.size === null ? null : Number(r.size) };
}

export interface StoredFile {
  path: string;
  size: number;
  mimetype: string;
  sha256: string;
}

export class MediaDownloadsTable {
  private readonly statements;
  private readonly claimOne;
  private readonly restartAllRefused;

  constructor(db: SqliteDatabase) {
    this.statements = {
      // only for a message that was stored (a delivery cut short keeps no row to download for)
      add: db.prepare(
        `INSERT OR IGNORE INTO media_downloads (profile_id, message_id, media_id, state, next_try_at)
         SELECT @profileId, @messageId, @mediaId, 'pending', @now
         WHERE EXISTS (SELECT 1 FROM received_messages WHERE profile_id = @profileId AND message_id = @messageId)`,
      ),
      due: db.prepare<[{ now: string }], DownloadRow>(
        `SELECT ${SELECTED} FROM media_downloads WHERE state = 'pending' AND next_try_at <= @now AND (claimed_until IS NULL ` +
          `OR claimed_until <= @now) ORDER BY next_try_at LIMIT 1`,
      ),
      claim: db.prepare(
        'UPDATE media_downloads SET claimed_by = @owner, claimed_until = @until, attempts = attempts + 1 ' +
          'WHERE profile_id = @profileId AND message_id = @messageId',
      ),
      nextDue: db
        .prepare<[], string | null>(
          "SELECT min(max(next_try_at, coalesce(claimed_until, ''))) FROM media_downloads WHERE state = 'pending'",
        )
        .pluck(),
      // every end of an attempt is written only by the process that holds the claim
      stored: db.prepare(
        `UPDATE media_downloads SET state = 'stored', reason = NULL, refused_origin = NULL, path = @path, size = @size,
           mimetype = @mimetype, sha256 = @sha256, stored_at = @now, claimed_by = NULL, claimed_until = NULL
         WHERE profile_id = @profileId AND message_id = @messageId AND claimed_by = @owner AND state = 'pending'`,
      ),
      retry: db.prepare(
        `UPDATE media_downloads SET reason = @reason, refused_origin = NULL, next_try_at = @nextTryAt, claimed_by = NULL, claimed_until = NULL
         WHERE profile_id = @profileId AND message_id = @messageId AND claimed_by = @owner AND state = 'pending'`,
      ),
      failed: db.prepare(
        `UPDATE media_downloads SET state = 'failed', reason = @reason, refused_origin = @refusedOrigin, claimed_by = NULL, claimed_until = NULL
         WHERE profile_id = @profileId AND message_id = @messageId AND claimed_by = @owner AND state = 'pending'`,
      ),
      // a failed download starts over (its file was removed by the cap, or never came)
      restart: db.prepare(
        "UPDATE media_downloads SET state = 'pending', reason = NULL, refused_origin = NULL, attempts = 0, next_try_at = @now, " +
          'claimed_by = NULL, claimed_until = NULL, path = NULL WHERE profile_id = @profileId AND message_id = @messageId ' +
          "AND state = 'failed'",
      ),
      // the person allowed the key at an origin: every download of the profile refused for it starts over
      refusedFor: db
        .prepare<[{ profileId: string; origin: string }], string>(
          "SELECT message_id FROM media_downloads WHERE profile_id = @profileId AND state = 'failed' AND refused_origin = @origin",
        )
        .pluck(),
      restartRefused: db.prepare(
        "UPDATE media_downloads SET state = 'pending', reason = NULL, refused_origin = NULL, attempts = 0, next_try_at = @now, " +
          "claimed_by = NULL, claimed_until = NULL, path = NULL WHERE profile_id = @profileId AND state = 'failed' " +
          'AND refused_origin = @origin',
      ),
      one: db.prepare<[string, string], DownloadRow>(`SELECT ${SELECTED} FROM media_downloads WHERE profile_id = ? AND message_id = ?`),
      of: db.prepare<[string, string], DownloadRow>(
        `SELECT ${SELECTED} FROM media_downloads WHERE profile_id = ? AND message_id IN (SELECT value FROM json_each(?))`,
      ),
      storedBytes: db
        .prepare<[], number | null>("SELECT sum(size) FROM (SELECT DISTINCT path, size FROM media_downloads WHERE state = 'stored')")
        .pluck(),
      oldestStored: db.prepare<[], DownloadRow>(
        `SELECT ${SELECTED} FROM media_downloads WHERE state = 'stored' ORDER BY stored_at, rowid LIMIT 1`,
      ),
      evict: db.prepare(
        "UPDATE media_downloads SET state = 'failed', reason = @reason, path = NULL WHERE state = 'stored' AND path = @path",
      ),
      pathUsers: db.prepare<[string], number>("SELECT count(*) FROM media_downloads WHERE state = 'stored' AND path = ?").pluck(),
    };
    this.restartAllRefused = db.transaction((profileId: string, origin: string, now: string): string[] => {
      const ids = this.statements.refusedFor.all({ profileId, origin });
      this.statements.restartRefused.run({ profileId, origin, now });
      return ids;
    });
    this.claimOne = db.transaction((owner: string, now: string, until: string): DownloadRow | null => {
      const row = this.statements.due.get({ now });
      if (row === undefined) return null;
      this.statements.claim.run({ owner, until, profileId: row.profileId, messageId: row.messageId });
      return { ...rowOf(row), attempts: Number(row.attempts) + 1 };
    });
  }

  /** a received file to download; a message already known (a repeated webhook) keeps its row as it is */
  add(profileId: string, messageId: string, mediaId: string, now: Date): boolean {
    return this.statements.add.run({ profileId, messageId, mediaId, now: now.toISOString() }).changes > 0;
  }

  /**
   * Takes the next due download for `owner` until `until`, counting the attempt, or null. One
   * IMMEDIATE transaction: two processes asking at once never get the same row.
   */
  claim(owner: string, now: Date, until: Date): DownloadRow | null {
    return this.claimOne.immediate(owner, now.toISOString(), until.toISOString());
  }

  /** when the next pending download is due (ISO 8601), or null when none is waiting */
  nextDue(): string | null {
    const value = this.statements.nextDue.get();
    return typeof value === 'string' && value !== '' ? value : null;
  }

  /** the claimed download's file is on disk; false when the claim was lost meanwhile */
  markStored(owner: string, profileId: string, messageId: string, file: StoredFile, now: Date): boolean {
    return this.statements.stored.run({ owner, profileId, messageId, ...file, now: now.toISOString() }).changes > 0;
  }

  markRetry(owner: string, profileId: string, messageId: string, reason: string, nextTryAt: Date): boolean {
    return this.statements.retry.run({ owner, profileId, messageId, reason, nextTryAt: nextTryAt.toISOString() }).changes > 0;
  }

  /** `refusedOrigin`: the file is kept on an origin the key may not go to yet (the person may allow it) */
  markFailed(owner: string, profileId: string, messageId: string, reason: string, refusedOrigin: string | null = null): boolean {
    return this.statements.failed.run({ owner, profileId, messageId, reason, refusedOrigin }).changes > 0;
  }

  /** a failed download is pending again from its first try; false when there is none */
  retry(profileId: string, messageId: string, now: Date): boolean {
    return this.statements.restart.run({ profileId, messageId, now: now.toISOString() }).changes > 0;
  }

  /** the profile's failed downloads refused for `origin` are pending again; answers their message ids */
  retryRefused(profileId: string, origin: string, now: Date): string[] {
    return this.restartAllRefused.immediate(profileId, origin, now.toISOString());
  }

  one(profileId: string, messageId: string): DownloadRow | null {
    const row = this.statements.one.get(profileId, messageId);
    return row === undefined ? null : rowOf(row);
  }

  /** the downloads of these messages, by message id */
  of(profileId: string, messageIds: readonly string[]): Map<string, DownloadRow> {
    if (messageIds.length === 0) return new Map();
    return new Map(this.statements.of.all(profileId, JSON.stringify(messageIds)).map((r) => [r.messageId, rowOf(r)]));
  }

  /** bytes the stored files take (a file two messages share counts once) */
  storedBytes(): number {
    return Number(this.statements.storedBytes.get() ?? 0);
  }

  /** the download stored longest ago, or null */
  oldestStored(): DownloadRow | null {
    const row = this.statements.oldestStored.get();
    return row === undefined ? null : rowOf(row);
  }

  /** every download kept in `path` is now gone, with the reason the window shows */
  evict(path: string, reason: string): void {
    this.statements.evict.run({ path, reason });
  }

  /** how many stored downloads keep their bytes in `path` */
  usersOf(path: string): number {
    return Number(this.statements.pathUsers.get(path) ?? 0);
  }
}
