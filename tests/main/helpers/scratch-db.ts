// A writer and a reader on one real crm.db in a fresh folder, with a scratch table of the test's
// own: the reader sees only what the writer committed. closeScratchDbs (an afterEach) closes them.
import { openDatabase, type SqliteDatabase } from '../../../src-main/core/store/database';
import { tempDir } from './temp-dir';

let open: SqliteDatabase[] = [];

export async function scratchDb(label: string, createTable: string): Promise<{ writer: SqliteDatabase; reader: SqliteDatabase }> {
  const dir = await tempDir(`crm-${label}-`);
  const writer = openDatabase(dir);
  writer.exec(createTable);
  const reader = openDatabase(dir);
  open.push(writer, reader);
  return { writer, reader };
}

export function closeScratchDbs(): void {
  for (const db of open) db.close();
  open = [];
}
