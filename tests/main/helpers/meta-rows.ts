// The rows of ./saved-rows, two connections to one folder's database (two processes taking turns), and the source files
// that call a document's update: the document tests share them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createMetaStores, type MetaStores } from '../../../src-main/core/meta/stores';
import { openDatabase } from '../../../src-main/core/store/database';
import { tempDir } from './temp-dir';

export { keyRow, profileRow } from './saved-rows';

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
