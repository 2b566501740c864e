// The ONE owner of read_receipts: per conversation, the contact's message the service was last
// told was read (so opening the conversation again sends nothing), and the one last tried
// without a definite yes with how many tries it had (a failed receipt is tried once more, on
// the next open, and then left alone).
import type { SqliteDatabase } from '../sqlite';

/** what is kept of one conversation's receipts */
export interface ReceiptMark {
  /** the message the service took a receipt for; null: none yet */
  acknowledgedId: string | null;
  /** the message whose receipt failed; null: none failed since the last one taken */
  failedId: string | null;
  /** how many receipts for failedId failed */
  failures: number;
}

/** the table (schema version 15) */
export function createReadReceiptsTable(db: SqliteDatabase): void {
  db.exec(`
    CREATE TABLE read_receipts (
      profile_id TEXT NOT NULL,
      number TEXT NOT NULL,
      acknowledged_id TEXT,
      failed_id TEXT,
      failures INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (profile_id, number)
    ) WITHOUT ROWID;
  `);
}

export class ReadReceiptsTable {
  private readonly statements;

  constructor(db: SqliteDatabase) {
    this.statements = {
      get: db.prepare<[string, string], { acknowledged_id: string | null; failed_id: string | null; failures: number }>(
        'SELECT acknowledged_id, failed_id, failures FROM read_receipts WHERE profile_id = ? AND number = ?',
      ),
      acknowledged: db.prepare<[string, string, string]>(
        `INSERT INTO read_receipts (profile_id, number, acknowledged_id, failed_id, failures) VALUES (?, ?, ?, NULL, 0)
         ON CONFLICT (profile_id, number) DO UPDATE SET acknowledged_id = excluded.acknowledged_id, failed_id = NULL, failures = 0`,
      ),
      // a failure of the same message adds to its count; of a newer one, starts a new count
      failed: db.prepare<[string, string, string]>(
        `INSERT INTO read_receipts (profile_id, number, acknowledged_id, failed_id, failures) VALUES (?, ?, NULL, ?, 1)
         ON CONFLICT (profile_id, number) DO UPDATE SET
           failures = CASE WHEN failed_id = excluded.failed_id THEN failures + 1 ELSE 1 END, failed_id = excluded.failed_id`,
      ),
    };
  }

  mark(profileId: string, number: string): ReceiptMark {
    const row = this.statements.get.get(profileId, number);
    return row === undefined
      ? { acknowledgedId: null, failedId: null, failures: 0 }
      : { acknowledgedId: row.acknowledged_id, failedId: row.failed_id, failures: row.failures };
  }

  /** the service took the receipt for messageId */
  acknowledged(profileId: string, number: string, messageId: string): void {
    this.statements.acknowledged.run(profileId, number, messageId);
  }

  /** the receipt for messageId failed (offline, refused, no answer) */
  failed(profileId: string, number: string, messageId: string): void {
    this.statements.failed.run(profileId, number, messageId);
  }
}
