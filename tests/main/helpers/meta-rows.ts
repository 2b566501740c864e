// Rows for the profiles and keys documents of crm.db, numbered so that a test can tell them apart,
// two connections to one folder's database (two processes taking turns), and the source files
// that call a document's update: the document tests share them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createMetaStores, type MetaStores } from '../../../src-main/core/meta/stores';
import type { Profile, SavedKey } from '../../../src-main/core/model';
import { openDatabase } from '../../../src-main/core/store/database';
import { tempDir } from './temp-dir';

/** profile `p_<n>` named `n<n>` on http://127.0.0.1 */
export function profileRow(n: number): Profile {
  return {
    id: `p_${n}`,
    name: `n${n}`,
    baseUrl: 'http://127.0.0.1',
    endpointOverrides: {},
    api: null,
    activeKeyId: null,
    sandbox: false,
    allowInsecureHttp: false,
    createdAt: 'x',
  };
}

/** active key `lk_<n>` named `k<n>` of `profileId`, with no permissions known and no origin unless `extra` says */
export function keyRow(n: number, profileId = 'p_1', extra: Partial<SavedKey> = {}): SavedKey {
  return {
    id: `lk_${n}`,
    name: `k${n}`,
    profileId,
    fingerprint: 'abcd',
    permissions: null,
    addedAt: 'x',
    lastUsedAt: null,
    lastStatus: null,
    state: 'active',
    serverKeyId: null,
    revokedAt: null,
    origin: null,
    ...extra,
  };
}

/** two connections to one new folder's crm.db, as two processes have them */
export async function twoConnections(prefix: string): Promise<[MetaStores, MetaStores]> {
  const dir = await tempDir(prefix);
  return [createMetaStores(openDatabase(dir)), createMetaStores(openDatabase(dir))];
}

/** the src-main files (relative to it) whose text matches `call` */
export function sourceFilesCalling(call: RegExp): string[] {
  const root = join(__dirname, '../../../src-main');
  return sourceFiles(root)
    .filter((file) => call.test(readFileSync(file, 'utf8')))
    .map((file) => relative(root, file));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}
