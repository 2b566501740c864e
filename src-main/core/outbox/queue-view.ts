// Pure views of the stored state: which operation is next in each group. Where a key's server
// revocation stands is that kind's own view (kinds/revocation/revocation-views.ts).
import type { StoredOp } from './records';
import { isOpen } from './records';

/** Messages to one recipient (of one profile) go in enqueue order; a revocation is its own group. */
export function groupOf(r: StoredOp): string {
  return r.payload.type === 'message' ? r.payload.group : `rev:${r.item.id}`;
}

/**
 * The first open (pending or sending) operation of every group, in enqueue order. A failed or
 * cancelled earlier message does not block later ones; a pending one does.
 */
export function openHeads(records: Iterable<StoredOp>): StoredOp[] {
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
