// The saved keys' document has one writer: this module. Every change to a key's record (crm.db's
// saved_keys, through MetaStores.keys) is one named mutation here, each one transaction on the
// current rows, so the rules of a record (a revoked key stays revoked, never two records for one
// value, a key is bound to one origin) are kept in one place whichever service asks. The other key
// modules, the profiles and the keychain repair read the document freely and ask for changes here.
import { CrmError } from '../errors';
import type { SavedKey } from '../model';
import type { KeysDoc } from '../meta/schemas';
import type { DocStore } from '../store/table-doc';
import { dropTag, needsTag, putTag } from './key-identity';

/** a value's tag (key-identity.ts), written in its key's row so a value saved twice is noticed */
export interface ValueTagOf {
  tag: string;
  check: string;
}

/** what one use of a key taught: when, how the service answered, which permission it proved */
export interface KeyUse {
  at?: string;
  outcome?: SavedKey['lastStatus'];
  proven?: SavedKey['proven'];
}

const NOT_SAVED = 'That key is not saved (it may have been removed).';

function savedKey(doc: KeysDoc, id: string): SavedKey {
  const key = doc.keys.find((k) => k.id === id);
  if (!key) throw new CrmError('not_found', NOT_SAVED);
  return key;
}

export class KeysDocument {
  constructor(private readonly store: DocStore<KeysDoc>) {}

  read(): Promise<KeysDoc> {
    return this.store.read();
  }

  /** a new key's record and its value's tag; `refuse` throws (a CrmError) when the current document forbids it */
  addKey(saved: SavedKey, tagged: ValueTagOf, refuse: (doc: KeysDoc) => void): Promise<void> {
    return this.store.update((doc) => {
      refuse(doc);
      doc.keys.push(saved);
      putTag(doc, saved.id, tagged.tag, tagged.check);
    });
  }

  /** key `id` holds a new value: what was learned of the old one (use, status, proofs) goes */
  replaceValue(id: string, fingerprint: string, serverKeyId: string | null, tagged: ValueTagOf): Promise<void> {
    return this.store.update((doc) => {
      const key = savedKey(doc, id);
      key.fingerprint = fingerprint;
      key.serverKeyId = serverKeyId;
      key.lastUsedAt = null;
      key.lastStatus = null;
      delete key.proven;
      putTag(doc, id, tagged.tag, tagged.check);
    });
  }

  /** key `id` is revoked here, for good; a revoked key is never compared again, so its tag goes */
  markRevoked(id: string, revokedAt: string): Promise<void> {
    return this.store.update((doc) => {
      const key = savedKey(doc, id);
      key.state = 'revoked';
      key.revokedAt = revokedAt;
      dropTag(doc, id);
    });
  }

  /** what the server's key list says of key `id` (its id there, its permissions); nothing if it is gone */
  recordServerIdentity(id: string, serverKeyId: string, permissions: SavedKey['permissions']): Promise<void> {
    return this.store.update((doc) => {
      const key = doc.keys.find((k) => k.id === id);
      if (!key) return;
      key.permissions = permissions;
      key.serverKeyId = serverKeyId;
    });
  }

  /** a key saved before keys were bound is bound at its first use; a bound key keeps its origin */
  bindOrigin(id: string, origin: string): Promise<void> {
    return this.store.update((doc) => {
      const key = doc.keys.find((k) => k.id === id);
      if (key && (key.origin === undefined || key.origin === null)) key.origin = origin;
    });
  }

  /** every key of `profileId` follows the profile (with the person's consent, asked by the caller) */
  bindProfileKeys(profileId: string, originFor: (current: string | null | undefined) => string | null): Promise<void> {
    return this.store.update((doc) => {
      for (const key of doc.keys) if (key.profileId === profileId) key.origin = originFor(key.origin);
    });
  }

  /** what a batch of uses taught, per key id (last used, last status, proven permissions) */
  recordUse(uses: ReadonlyMap<string, KeyUse>): Promise<void> {
    return this.store.update((doc) => {
      for (const key of doc.keys) {
        const use = uses.get(key.id);
        if (!use) continue;
        if (use.at) key.lastUsedAt = use.at;
        if (use.outcome) key.lastStatus = use.outcome;
        if (use.proven) key.proven = { ...key.proven, ...use.proven };
      }
    });
  }

  setExpiry(id: string, expiresAt: string | null): Promise<string> {
    return this.store.update((doc) => {
      const key = savedKey(doc, id);
      key.expiresAt = expiresAt;
      return key.profileId;
    });
  }

  /** key `id` gets `tagged` unless it has a current tag already (another process may have tagged it) */
  tagIfMissing(id: string, tagged: ValueTagOf): Promise<void> {
    return this.store.update((doc) => {
      if (needsTag(doc, id, tagged.check)) putTag(doc, id, tagged.tag, tagged.check);
    });
  }

  /** live key `id` holds a value found under another keychain entry: the tag follows the value */
  repairValue(id: string, tagged: ValueTagOf): Promise<void> {
    return this.store.update((doc) => {
      if (doc.keys.some((k) => k.id === id && k.state === 'active')) putTag(doc, id, tagged.tag, tagged.check);
    });
  }

  /** records for key values found in the keychain; another process may have listed one meanwhile: never two for one value */
  addRecovered(keys: readonly SavedKey[]): Promise<void> {
    return this.store.update((doc) => {
      const known = new Set(doc.keys.map((k) => k.id));
      doc.keys.push(...keys.filter((k) => !known.has(k.id)));
    });
  }

  /** the records whose value is gone from the keychain */
  forgetMissing(ids: ReadonlySet<string>): Promise<void> {
    return this.store.update((doc) => {
      doc.keys = doc.keys.filter((k) => !ids.has(k.id));
    });
  }

  /** revoked key `id`'s record; another process may have removed it already, never made it live again */
  removeRevoked(id: string): Promise<void> {
    return this.store.update((doc) => {
      if (!doc.keys.some((k) => k.id === id)) return;
      doc.keys = doc.keys.filter((k) => k.id !== id);
      dropTag(doc, id);
    });
  }

  /** every record of a profile that is removed, with the value tags of its keys */
  forgetProfile(profileId: string): Promise<void> {
    return this.store.update((doc) => {
      for (const key of doc.keys) if (key.profileId === profileId) dropTag(doc, key.id);
      doc.keys = doc.keys.filter((k) => k.profileId !== profileId);
    });
  }
}
