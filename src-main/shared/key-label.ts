// One way to name a key by what may be shown of it: the start the server lists ("crm_sk_TAV5")
// and the last four characters this computer keeps, "crm_sk_TAV5…1a2b". The server's list and
// the saved keys show the same words for the same key, so a person can match them by eye.

export interface KeyLabelParts {
  /** the start of the key as the server lists it; null or empty when not known */
  prefix?: string | null;
  /** the last four characters (a saved key's fingerprint); null when not saved here */
  lastFour?: string | null;
}

/**
 * "crm_sk_TAV5…1a2b" when both ends are known, "…1a2b" or "crm_sk_TAV5…" with one, "—" with
 * none. A prefix main hid (a run of a key in use arrives as "***") says nothing: left out.
 */
export function keyLabel({ prefix, lastFour }: KeyLabelParts): string {
  const start = prefix && !prefix.includes('*') ? prefix : '';
  const end = lastFour ?? '';
  if (!start && !end) return '—';
  return `${start}…${end}`;
}
