// A saved document as two processes hold it (two connections to one new folder's crm.db), and the
// test that its module is the one writer of its store: the document tests share them.
import { expect, it } from 'vitest';
import type { MetaStores } from '../../../src-main/core/meta/stores';
import { sourceFilesCalling, twoConnections } from './meta-rows';

/** the document `open` makes over each of two connections to one new folder's crm.db: the window's, then the terminal's */
export async function documentInTwoProcesses<D>(prefix: string, open: (stores: MetaStores) => D): Promise<[D, D]> {
  const [app, cli] = await twoConnections(prefix);
  return [open(app), open(cli)];
}

/** The test that `<store>-document.ts` alone changes the store: no source file matches `update`, its call of the store's update. */
export function itIsTheStoresOnlyWriter(store: string, update: RegExp): void {
  it(`is changed only by ${store}-document.ts: no other source file calls update on the ${store} store`, () => {
    expect(sourceFilesCalling(update)).toEqual([]);
  });
}
