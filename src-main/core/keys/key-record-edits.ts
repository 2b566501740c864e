// Two edits of a saved key's record that touch no key value: its expiry, chosen when it is
// created, and its removal. Removal is only of a revoked key's record, once the person no longer
// wants its history. A live key is refused with a sentence pointing to revoke, so no key that still works
// on the server is forgotten here while it goes on working there. The outbox keeps its own
// record of a revocation still under way; removing the key's record does not cancel it.
import { CrmError } from '../errors';
import type { SavedKey } from '../model';
import type { MetaStores } from '../meta/stores';
import type { ProfileManager } from '../profiles/profile-manager';
import { KeysDocument } from './keys-document';
import { keyAccount } from '../secrets/secret-store';
import type { SecretStore } from '../secrets/secret-store';

export interface KeyRecordEditsDeps {
  meta: MetaStores;
  secrets: SecretStore;
  profiles: ProfileManager;
  /** the saved keys changed (the window lists them again) */
  onChange: (profileId: string) => void;
}

/** why a key may not be removed, or null when it may */
export function removalRefusal(key: Pick<SavedKey, 'name' | 'state'>): string | null {
  if (key.state === 'revoked') return null;
  return (
    `The key “${key.name}” is live: revoke it first (crm keys revoke, or Revoke in the window), then remove it. Only a ` +
    `revoked key's record can be removed.`
  );
}

export class KeyRecordEdits {
  constructor(private readonly deps: KeyRecordEditsDeps) {}

  /** records when live key `id` expires (ISO time; null: never): kept here for a service that keeps none */
  async setExpiry(id: string, expiresAt: string | null): Promise<void> {
    const profileId = await new KeysDocument(this.deps.meta.keys).setExpiry(id, expiresAt);
    this.deps.onChange(profileId);
  }

  /** drops revoked key `id`'s record, and its keychain entry if one was left; returns the record */
  async remove(id: string): Promise<SavedKey> {
    const { meta, secrets, profiles } = this.deps;
    const key = (await meta.keys.read()).keys.find((k) => k.id === id);
    if (!key) throw new CrmError('not_found', 'That key is not saved (it may have been removed).');
    const refusal = removalRefusal(key);
    if (refusal) throw new CrmError('conflict', refusal);
    // a revocation whose keychain step failed can leave the value behind: it goes with the record
    await secrets.delete(keyAccount(id)).catch(() => false);
    await new KeysDocument(meta.keys).removeRevoked(id);
    const profile = await profiles.get(key.profileId).catch(() => null);
    if (profile?.activeKeyId === id) await profiles.setActiveKey(profile.id, null);
    this.deps.onChange(key.profileId);
    return key;
  }
}
