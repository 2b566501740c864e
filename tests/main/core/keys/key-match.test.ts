// Recognising a key in a server's key list by its value, in memory (issue 10 item 3): no part
// of the key is stored, and the list arrives scrubbed of every run of the key it was read with.
import { describe, expect, it } from 'vitest';
import { scrubSecret } from '../../../../src-main/core/http/scrub/redact';
import { isOwnListEntry, listEntryIsKey } from '../../../../src-main/core/keys/key-format';

const ADMIN = 'crm_sk_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1x';
/** shares "crm_sk_a" (8 characters, any case) with ADMIN: the sender scrubs that run from its prefix */
const REVOKED = 'crm_sk_AQ12zz99yy88xx77ww66vv55uu44tt';
const OTHER = 'crm_sk_Zk0Lm1Nn2Oo3Pp4Qq5Rr6Ss7Tt8Uu9V';

/** what the server lists (the first 11 characters), as the sender delivers it after its scrub */
const listed = (key: string, readWith: string) => scrubSecret(key.slice(0, 11), readWith);

describe('listEntryIsKey', () => {
  it('finds the key in a list read with an admin key, even when part of its prefix was scrubbed', () => {
    expect(listed(REVOKED, ADMIN)).toBe('***Q12');
    const entries = [listed(ADMIN, ADMIN), listed(REVOKED, ADMIN), listed(OTHER, ADMIN)];
    expect(entries.map((p) => listEntryIsKey(p, REVOKED, ADMIN))).toEqual([false, true, false]);
  });

  it('finds the key in a list read with itself: its own entry is ***, and only it', () => {
    const entries = [listed(ADMIN, REVOKED), listed(REVOKED, REVOKED), listed(OTHER, REVOKED)];
    expect(entries).toEqual(['***B3d', '***', 'crm_sk_Zk0L']);
    expect(entries.map((p) => isOwnListEntry(p, REVOKED))).toEqual([false, true, false]);
  });

  it('an unscrubbed prefix matches the start of the value, and nothing shorter than 4 characters does', () => {
    expect(listEntryIsKey('crm_sk_Zk0L', OTHER, ADMIN)).toBe(true);
    expect(listEntryIsKey('crm_sk_Zk0M', OTHER, ADMIN)).toBe(false);
    expect(listEntryIsKey('crm', OTHER, ADMIN)).toBe(false);
  });
});
