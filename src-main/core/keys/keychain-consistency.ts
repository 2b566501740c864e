// The saved key records (crm.db) and the key values (the OS keychain) are two stores that a
// crash, a restored backup or a keychain reset can pull apart. This decides what is out of step;
// the key manager reports it and offers the repairs. Nothing here deletes anything: a value in
// the keychain that no record names may be the only copy of a live key.
import type { SavedKey } from '../model';

const KEY_PREFIX = 'key:';

export interface KeychainFindings {
  /** active records whose value is not in the keychain: the key cannot be used until entered again */
  missingValues: SavedKey[];
  /** local key ids whose value is in the keychain with no record naming them */
  unlisted: string[];
}

/** `accounts`: every account the product's keychain service holds */
export function compareKeychain(records: readonly SavedKey[], accounts: readonly string[]): KeychainFindings {
  const held = new Set(accounts.filter((a) => a.startsWith(KEY_PREFIX)).map((a) => a.slice(KEY_PREFIX.length)));
  const known = new Set(records.map((k) => k.id));
  return {
    missingValues: records.filter((k) => k.state === 'active' && !held.has(k.id)),
    unlisted: [...held].filter((id) => !known.has(id)).sort(),
  };
}

/** one sentence per finding, for the start-up notices and `crm keys check` */
export function describeFindings(findings: KeychainFindings): string[] {
  const lines = findings.missingValues.map(
    (k) =>
      `The saved key “${k.name}” has no value in the OS keychain, so it cannot be used: add it again, or remove it (crm keys check --forget-missing).`,
  );
  if (findings.unlisted.length > 0) {
    const count = findings.unlisted.length;
    lines.push(
      `${count} key value${count === 1 ? '' : 's'} in the OS keychain ` +
        `${count === 1 ? 'is not a saved key' : 'are not saved keys'} of this data folder (a lost record, or a key of another ` +
        `data folder such as a development build's). ${count === 1 ? 'It is' : 'They are'} kept: crm keys check --recover ` +
        `PROFILE lists ${count === 1 ? 'it' : 'them'} here under that profile.`,
    );
  }
  return lines;
}
