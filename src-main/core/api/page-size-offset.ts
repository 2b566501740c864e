// Evolution v2's listings page with `page` and `offset`, where `offset` is how many records one page
// holds (it becomes the database's take, and the skip is offset × (page − 1)), not how many to skip.
// So in a listing's body that names a page and an offset but no page size, the offset is the page
// size. Elsewhere an offset keeps its usual sense (rows skipped). Pure.
import { normalizeName, REQUEST_NAMES } from './names';

function named(role: 'page' | 'per_page' | 'offset', leaf: string): boolean {
  const last = normalizeName(leaf.split('.').pop() ?? '');
  return (REQUEST_NAMES[role] as readonly string[]).some((known) => normalizeName(known) === last);
}

/** whether the listing body's offset field (given its leaf paths) is a page size */
export function offsetIsPageSize(leafPaths: Iterable<string>): boolean {
  const leaves = [...leafPaths];
  return leaves.some((p) => named('page', p)) && leaves.some((p) => named('offset', p)) && !leaves.some((p) => named('per_page', p));
}
