// What a key's server revocation and the proof of it hold on disk, and the checks of them when
// the journal is read. The fields and the `type` strings are the journal's format: records
// written by any build read the same.

export interface RevocationPayload {
  type: 'revocation';
  localKeyId: string | null;
  serverKeyId: string | null;
  /**
   * the origin the revoked key was saved for: its own value is only ever sent there. No part
   * of the key is stored: without a server id, the key is found by comparing its kept value
   * (keychain) with the server's key list in memory.
   */
  origin?: string | null;
  /** keys the server refused (401/403) for this revocation; 'self' is the revoked key itself */
  refusedKeys: string[];
  /** ISO time before which it is not sent (a rolled key's grace, schedule.ts); absent: at once */
  notBefore?: string;
}

/**
 * After a revocation synced: the revoked value tried against a harmless request until the
 * service refuses it (proof-schedule.ts); the value is then dropped from the keychain.
 */
export interface ProofPayload {
  type: 'proof';
  localKeyId: string;
  /** the outbox id of the revocation this proves */
  revocationId: string;
  /** the origin the value was saved for: it is only ever sent there */
  origin: string | null;
  /** when the checks began (ISO): they stop an hour later */
  startedAt: string;
}

/**
 * A stored revocation as read from the journal; null when it is not one. Journals written before
 * keys were matched by their kept value stored the first characters of the key (`keyPrefix`):
 * dropped on load, so the next snapshot or compaction writes none.
 */
export function readRevocationPayload(p: Record<string, unknown>): RevocationPayload | null {
  if (!Array.isArray(p.refusedKeys) || (p.notBefore !== undefined && typeof p.notBefore !== 'string')) return null;
  if (!('keyPrefix' in p)) return p as unknown as RevocationPayload;
  const { keyPrefix: _dropped, ...rest } = p;
  return rest as unknown as RevocationPayload;
}

/** a stored proof as read from the journal; null when it is not one */
export function readProofPayload(p: Record<string, unknown>): ProofPayload | null {
  const valid = typeof p.localKeyId === 'string' && typeof p.revocationId === 'string' && typeof p.startedAt === 'string';
  return valid ? (p as unknown as ProofPayload) : null;
}
