// Which saved key a keychain value no record names belongs to. A record can lose the link to
// its value (a crash between the two stores, a restored backup, a keychain moved from another
// machine) while the value survives under another account: re-linking it to that record keeps
// the key's name, profile, origin and history instead of listing a second "Recovered key" for
// the same value. Pure: the values, the records and the tags are handed in.
import type { SavedKey } from '../model';

/** a key value in the keychain that no record names */
export interface OrphanValue {
  /** the local key id of its keychain account */
  id: string;
  /** its last 4 characters */
  fingerprint: string;
  /** its tag under the current fingerprint key (key-identity.ts); null when it could not be made */
  tag: string | null;
}

export type RelinkChoice =
  /** the value is this record's: it goes back under the record's account, no question asked */
  | { kind: 'relink'; keyId: string }
  /** more than one record could be its (same last 4, no tag to tell): nothing is guessed */
  | { kind: 'ambiguous'; keyIds: string[] }
  /** no record is its: only a new record (after a question) can list it */
  | { kind: 'none' };

/**
 * `missing`: the active records whose value is not in the keychain (only those can take one).
 * A record with a current tag matches only the value with that tag: the same last 4 with another
 * tag is another key. A record without one (saved by an older build) matches by its last 4 when
 * exactly one such record does. A record is given to one value at most.
 */
export function planRelinks(
  values: readonly OrphanValue[],
  missing: readonly SavedKey[],
  tags: Readonly<Record<string, string>>,
): Map<string, RelinkChoice> {
  const taken = new Set<string>();
  const plan = new Map<string, RelinkChoice>();
  // tag matches first: they are certain, so a last-4 guess never takes their record
  for (const value of values) {
    const byTag = value.tag === null ? undefined : missing.find((k) => tags[k.id] === value.tag && !taken.has(k.id));
    if (byTag) {
      taken.add(byTag.id);
      plan.set(value.id, { kind: 'relink', keyId: byTag.id });
    }
  }
  for (const value of values) {
    if (plan.has(value.id)) continue;
    const byLastFour = missing.filter((k) => tags[k.id] === undefined && k.fingerprint === value.fingerprint && !taken.has(k.id));
    if (byLastFour.length === 1 && byLastFour[0]) {
      taken.add(byLastFour[0].id);
      plan.set(value.id, { kind: 'relink', keyId: byLastFour[0].id });
    } else if (byLastFour.length > 1) {
      plan.set(value.id, { kind: 'ambiguous', keyIds: byLastFour.map((k) => k.id) });
    } else {
      plan.set(value.id, { kind: 'none' });
    }
  }
  return plan;
}
