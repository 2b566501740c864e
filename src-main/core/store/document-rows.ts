// What a table kept as a document (the profiles, the saved keys) needs of SQL: every row in its
// order, an upsert of one row by id and a delete by id. The upsert is written from the column list,
// so a new column is one more name in its owner's list, never a third copy of the list in the SQL.
import type { SqliteDatabase, SqliteStatement } from './sqlite';

export interface DocumentRows<Row> {
  all: SqliteStatement<[], Row>;
  /** takes a row object whose keys are the columns (`@column` parameters) */
  upsert: SqliteStatement<unknown[], unknown>;
  remove: SqliteStatement<[string], unknown>;
}

export function documentRows<Row>(db: SqliteDatabase, table: string, columns: readonly string[], orderBy: string): DocumentRows<Row> {
  const updates = columns.filter((c) => c !== 'id').map((c) => `${c} = excluded.${c}`);
  return {
    all: db.prepare<[], Row>(`SELECT * FROM ${table} ORDER BY ${orderBy}`),
    upsert: db.prepare(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})
       ON CONFLICT(id) DO UPDATE SET ${updates.join(', ')}`,
    ),
    remove: db.prepare<[string]>(`DELETE FROM ${table} WHERE id = ?`),
  };
}

/** Says that a row could not be read once per process and row, not at every read of the document. */
export class UnreadableRows {
  private readonly reported = new Set<string>();

  constructor(private readonly say: (message: string) => void) {}

  report(id: string, message: string): void {
    if (this.reported.has(id)) return;
    this.reported.add(id);
    this.say(message);
  }
}
