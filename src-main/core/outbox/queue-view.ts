// Pure views of the stored state: which operation is next in each group. What a group is, and
// where an operation of a kind stands, is its kind's own view (kinds/).
import type { StoredOp } from './records';
import { isOpen } from './records';

/**
 * The first open (pending or sending) operation of every group, in enqueue order (`groupOf`: its
 * kind's group, e.g. one recipient's messages go in order). A failed or cancelled earlier
 * operation does not block later ones; a pending one does.
 */
export function openHeads(records: Iterable<StoredOp>, groupOf: (r: StoredOp) => string): StoredOp[] {
  const open = [...records].filter((r) => isOpen(r.item.state)).sort((a, b) => a.order - b.order);
  const seen = new Set<string>();
  const heads: StoredOp[] = [];
  for (const r of open) {
    const g = groupOf(r);
    if (seen.has(g)) continue;
    seen.add(g);
    heads.push(r);
  }
  return heads;
}
