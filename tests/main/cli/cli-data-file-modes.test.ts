// crm.db put back from a backup (`sqlite3 crm.db ".backup backup.db"`, copied back) carries the
// mode of whoever made the copy, often 0644: any crm command makes it, and its -wal and -shm,
// this account's only again (0600). POSIX only: Windows has no such modes.
import { chmodSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, type SqliteDatabase } from '../../../src-main/core/store/sqlite';
import { tempDir } from '../helpers/index';
import { spawnCli } from './cli-harness';

const modeOf = (path: string): string => (statSync(path).mode & 0o777).toString(8);

let window: SqliteDatabase | null = null;
afterEach(() => {
  window?.close();
  window = null;
});

describe.skipIf(process.platform === 'win32')("the data files' modes", () => {
  it('a world-readable crm.db, crm.db-wal and crm.db-shm are 0600 after a crm command', { timeout: 30_000 }, async () => {
    const dataDir = await tempDir('crm-cli-modes-');
    const env = { CRM_DATA_DIR: dataDir, CRM_KEYCHAIN_SERVICE: 'crm-console-test-modes' };
    const first = await spawnCli(['profiles', 'list'], { env });
    expect(first.code, first.stderr).toBe(0);
    const db = join(dataDir, 'crm.db');
    // another process (the window) keeps the file open, so its -wal and -shm stay
    window = openSqlite(db);
    window.prepare('SELECT count(*) FROM profiles').pluck().get();
    const files = [db, `${db}-wal`, `${db}-shm`];
    for (const file of files) chmodSync(file, 0o644);
    expect(files.map(modeOf)).toEqual(['644', '644', '644']);

    const run = await spawnCli(['profiles', 'list'], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(files.map(modeOf)).toEqual(['600', '600', '600']);
  });
});
