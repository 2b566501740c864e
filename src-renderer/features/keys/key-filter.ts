// Which saved keys the Keys table shows. Live by default, as `crm keys list` does (the same
// listedByDefault): a revoked key stays only while its server revocation is unfinished, as it may
// still need the person; once done it is history, kept under Revoked (and All).
import { listedByDefault } from '../../../src-main/shared/key-lifecycle';
import type { KeyMeta } from '../../lib/api';

export type KeyFilter = 'live' | 'revoked' | 'all';

export const KEY_FILTERS: readonly { id: KeyFilter; label: string }[] = [
  { id: 'live', label: 'Live' },
  { id: 'revoked', label: 'Revoked' },
  { id: 'all', label: 'All' },
];

export function keysInView(keys: readonly KeyMeta[], filter: KeyFilter): KeyMeta[] {
  if (filter === 'all') return [...keys];
  if (filter === 'revoked') return keys.filter((k) => k.state === 'revoked');
  return keys.filter((k) => listedByDefault(k));
}

/** what an empty view says: a profile with no keys at all, or none in this view */
export function emptyViewText(total: number, filter: KeyFilter): string {
  if (total === 0) return 'No keys saved for this profile yet.';
  if (filter === 'revoked') return 'No revoked keys for this profile.';
  return 'No live keys for this profile: add or create one below, or show All for the revoked ones.';
}
