// The ONE owner of message_quotes (which message a message quotes, ours or the contact's) and
// message_reactions (the reaction each side put on a message, one per message and side: the
// latest wins, an empty emoji takes it back). Both are bounded per profile like the conversation
// tables, so one profile's traffic can only push out its own oldest rows.
import type { MessageReactions, ReactionBy } from '../../../shared/quick-answers';
import type { SqliteDatabase } from '../sqlite';
import { watchTables } from './table-versions';

/** rows kept in each table for each profile */
export const QUICK_ROWS_LIMIT = 20_000;

/** the tables and their counters (schema version 13) */
export function createQuickAnswerTables(db: SqliteDatabase): void {
  db.exec(`
    CREATE TABLE message_quotes (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      profile_id TEXT NOT NULL,
      message_id TEXT NOT NULL,
      quoted_id TEXT NOT NULL,
      UNIQUE (profile_id, message_id)
    );
    CREATE TABLE message_reactions (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      profile_id TEXT NOT NULL,
      message_id TEXT NOT NULL,
      by TEXT NOT NULL CHECK (by IN ('us', 'contact')),
      -- '' once taken back: a later reaction from the same side replaces it all the same
      emoji TEXT NOT NULL,
      -- the service's time when it gave one, else when this app heard: an older event never wins
      at TEXT NOT NULL,
      UNIQUE (profile_id, message_id, by)
    );
    CREATE INDEX message_quotes_profile_seq ON message_quotes (profile_id, seq);
    CREATE INDEX message_reactions_profile_seq ON message_reactions (profile_id, seq);
  `);
  watchTables(db, ['message_quotes', 'message_reactions']);
}

export interface ReactionRow {
  messageId: string;
  by: ReactionBy;
  emoji: string;
  at: string;
}

export class QuickAnswerTables {
  private readonly statements;
  private readonly putReactionTx;

  constructor(
    db: SqliteDatabase,
    private readonly limit = QUICK_ROWS_LIMIT,
  ) {
    this.statements = {
      putQuote: db.prepare(
        'INSERT OR IGNORE INTO message_quotes (profile_id, message_id, quoted_id) VALUES (@profileId, @messageId, @quotedId)',
      ),
      trimQuotes: db.prepare<[{ profileId: string; keep: number }]>(
        'DELETE FROM message_quotes WHERE profile_id = @profileId AND seq <= (SELECT seq FROM message_quotes ' +
          'WHERE profile_id = @profileId ORDER BY seq DESC LIMIT 1 OFFSET @keep)',
      ),
      quotes: db.prepare<[string, string], { message_id: string; quoted_id: string }>(
        'SELECT message_id, quoted_id FROM message_quotes WHERE profile_id = ? AND message_id IN (SELECT value FROM json_each(?))',
      ),
      // latest wins: a reaction older than the stored one (a late or repeated event) changes nothing
      putReaction: db.prepare(
        `INSERT INTO message_reactions (profile_id, message_id, by, emoji, at) VALUES (@profileId, @messageId, @by, @emoji, @at)
         ON CONFLICT (profile_id, message_id, by) DO UPDATE SET emoji = excluded.emoji, at = excluded.at
         WHERE excluded.at >= message_reactions.at AND excluded.emoji <> message_reactions.emoji`,
      ),
      trimReactions: db.prepare<[{ profileId: string; keep: number }]>(
        'DELETE FROM message_reactions WHERE profile_id = @profileId AND seq <= (SELECT seq FROM message_reactions ' +
          'WHERE profile_id = @profileId ORDER BY seq DESC LIMIT 1 OFFSET @keep)',
      ),
      reactions: db.prepare<[string, string], { message_id: string; by: ReactionBy; emoji: string; at: string }>(
        "SELECT message_id, by, emoji, at FROM message_reactions WHERE profile_id = ? AND emoji <> '' AND message_id IN (SELECT value FROM json_each(?))",
      ),
    };
    this.putReactionTx = db.transaction((profileId: string, rows: readonly ReactionRow[]): ReactionRow[] => {
      const changed = rows.filter((row) => this.statements.putReaction.run({ profileId, ...row }).changes > 0);
      if (changed.length > 0) this.statements.trimReactions.run({ profileId, keep: this.limit });
      return changed;
    });
  }

  /** records which message each one quotes; returns those that were new */
  putQuotes(profileId: string, quotes: readonly { messageId: string; quotedId: string }[]): number {
    let added = 0;
    for (const quote of quotes) added += this.statements.putQuote.run({ profileId, ...quote }).changes;
    if (added > 0) this.statements.trimQuotes.run({ profileId, keep: this.limit });
    return added;
  }

  /** message id -> the id it quotes, for those of `messageIds` that quote one */
  quotesOf(profileId: string, messageIds: readonly string[]): Map<string, string> {
    if (messageIds.length === 0) return new Map();
    return new Map(this.statements.quotes.all(profileId, JSON.stringify(messageIds)).map((r) => [r.message_id, r.quoted_id]));
  }

  /** stores each reaction unless a later one of the same side is there; returns those that changed what is shown */
  putReactions(profileId: string, rows: readonly ReactionRow[]): ReactionRow[] {
    return this.putReactionTx.immediate(profileId, rows);
  }

  /** the reactions shown on each of these messages (a taken-back one is none) */
  reactionsOf(profileId: string, messageIds: readonly string[]): Map<string, MessageReactions> {
    const out = new Map<string, MessageReactions>();
    if (messageIds.length === 0) return out;
    for (const row of this.statements.reactions.all(profileId, JSON.stringify(messageIds))) {
      const entry = out.get(row.message_id) ?? { us: null, contact: null };
      entry[row.by] = row.emoji;
      out.set(row.message_id, entry);
    }
    return out;
  }
}
