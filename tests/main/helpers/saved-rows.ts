// Rows for the profiles and keys documents of crm.db, numbered so that a test can tell them apart:
// a leaf with no effects, so that the window-side tests can build the same rows.
import type { Profile, SavedKey } from '../../../src-main/core/model';

/** profile `p_<n>` named `n<n>` on http://127.0.0.1 */
export function profileRow(n: number): Profile {
  return {
    id: `p_${n}`,
    name: `n${n}`,
    baseUrl: 'http://127.0.0.1',
    endpointOverrides: {},
    api: null,
    activeKeyId: null,
    sandbox: false,
    allowInsecureHttp: false,
    createdAt: 'x',
  };
}

/** active key `lk_<n>` named `k<n>` of `profileId`, with no permissions known and no origin unless `extra` says */
export function keyRow(n: number, profileId = 'p_1', extra: Partial<SavedKey> = {}): SavedKey {
  return {
    id: `lk_${n}`,
    name: `k${n}`,
    profileId,
    fingerprint: 'abcd',
    permissions: null,
    addedAt: 'x',
    lastUsedAt: null,
    lastStatus: null,
    state: 'active',
    serverKeyId: null,
    revokedAt: null,
    origin: null,
    ...extra,
  };
}
