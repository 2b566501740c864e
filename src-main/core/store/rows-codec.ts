// What the codecs of the documents kept as rows (the profiles, the saved keys) share: their rows
// (document-rows.ts), the settings beside them, a row that no longer reads said once and left
// out, and a save that writes only the rows that changed. Each codec keeps what its document is.
import { documentRows, UnreadableRows, type DocumentRows } from './document-rows';
import { writeChangedRows, type RowWriter } from './row-diff';
import type { SqliteDatabase } from './sqlite';
import type { TableCodec } from './table-doc';
import { SettingsTable } from './tables/settings-table';

export interface RowsTable {
  table: string;
  /** the columns a row is written with (the codec's rowOf gives each) */
  columns: readonly string[];
  orderBy: string;
}

export abstract class RowsCodec<Doc, Row extends { id: string }> implements TableCodec<Doc> {
  protected readonly settings: SettingsTable;
  private readonly statements: DocumentRows<Row>;
  private readonly unreadable: UnreadableRows;

  constructor(db: SqliteDatabase, rows: RowsTable, onUnreadable: (message: string) => void = () => {}) {
    this.settings = new SettingsTable(db);
    this.statements = documentRows<Row>(db, rows.table, rows.columns, rows.orderBy);
    this.unreadable = new UnreadableRows(onUnreadable);
  }

  abstract load(): Doc;
  abstract save(before: Doc, after: Doc): void;

  /** every row in order with what it reads as; a row `itemOf` cannot read is said (once, `whyLeftOut`) and left out */
  protected readRows<Item>(itemOf: (row: Row) => Item | null, whyLeftOut: (row: Row) => string): { row: Row; item: Item }[] {
    const read: { row: Row; item: Item }[] = [];
    for (const row of this.statements.all.all()) {
      const item = itemOf(row);
      if (item) read.push({ row, item });
      else this.unreadable.report(row.id, whyLeftOut(row));
    }
    return read;
  }

  /** upserts the records whose row changed, deletes the rows of the records that are gone */
  protected writeRows<R>(before: readonly R[], after: readonly R[], writer: Pick<RowWriter<R>, 'idOf' | 'rowOf'>): void {
    const { upsert, remove } = this.statements;
    writeChangedRows(before, after, { ...writer, upsert: (row) => upsert.run(row), remove: (id) => remove.run(id) });
  }
}
