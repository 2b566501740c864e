// Writes src-main/core/store/schema-snapshot.json: the schema the migrations leave, as the
// statements that create it at once (schema-snapshot.ts says why). Run after adding a migration:
//   npx tsx scripts/schema-snapshot.ts
// tests/main/core/store/schema-snapshot.test.ts fails until it has been run.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { migrate } from '../src-main/core/store/migrate';
import { MIGRATIONS } from '../src-main/core/store/schema';
import { schemaSnapshotOf } from '../src-main/core/store/schema-snapshot';
import { openSqlite } from '../src-main/core/store/sqlite';

const TARGET = fileURLToPath(new URL('../src-main/core/store/schema-snapshot.json', import.meta.url));

const db = openSqlite(':memory:');
try {
  migrate(db, MIGRATIONS);
  const snapshot = schemaSnapshotOf(db);
  // formatted as `npx prettier --check` wants the repository's JSON
  writeFileSync(TARGET, await format(JSON.stringify(snapshot), { ...(await resolveConfig(TARGET)), filepath: TARGET }));
  console.log(`wrote ${TARGET}: version ${snapshot.version}, ${snapshot.statements.length} statements`);
} finally {
  db.close();
}
