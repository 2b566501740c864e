// Finds and mends what keeps the key records (crm.db) and the key values (OS keychain) apart
// (keychain-consistency.ts decides what is out of step). The window checks at start and says what
// it found; `crm keys check` shows it and makes the repairs a person asks for. Nothing a person
// saved is dropped on its own: a value no record names is listed again on request, and a record
// whose value is gone is removed only on request.
import { CrmError } from '../errors';
import type { SavedKey } from '../model';
import type { MetaStores } from '../meta/stores';
import type { ProfileManager } from '../profiles/profile-manager';
import { keyAccount } from '../secrets/secret-store';
import type { SecretStore } from '../secrets/secret-store';
import { compareKeychain, type KeychainFindings } from './keychain-consistency';
import { fingerprintOf } from './key-format';
import { originOf } from './key-origin';

export interface KeychainRepairDeps {
  meta: MetaStores;
  secrets: SecretStore;
  profiles: ProfileManager;
  now: () => Date;
  /** the saved keys changed (the window lists them again) */
  onChange: (profileId: string | null) => void;
}

export class KeychainRepair {
  constructor(private readonly deps: KeychainRepairDeps) {}

  /** null when this keychain cannot list what it holds (nothing can be said then) */
  async check(): Promise<KeychainFindings | null> {
    const { secrets, meta } = this.deps;
    if (!secrets.accounts) return null;
    const accounts = await secrets.accounts();
    return compareKeychain((await meta.keys.read()).keys, accounts);
  }

  /**
   * The key values no record names, by their last 4 characters: what a recovery would bind. The
   * keychain does not say which origin (or which data folder) a value was saved for, so the
   * caller asks the person before binding them anywhere.
   */
  async unlisted(): Promise<{ id: string; fingerprint: string }[]> {
    const findings = await this.check();
    if (!findings) throw new CrmError('validation', 'This keychain cannot list what it holds, so there is nothing to recover from it.');
    const out: { id: string; fingerprint: string }[] = [];
    for (const id of findings.unlisted) {
      const value = await this.deps.secrets.get(keyAccount(id));
      if (value !== null) out.push({ id, fingerprint: fingerprintOf(value) });
    }
    return out;
  }

  /**
   * Lists key values no record names under `profileId` again, as "Recovered key …wxyz", bound to
   * where that profile points (the person chose it): those of `only` (the ones the person was
   * shown and approved), or every one when `only` is absent. Returns the new records.
   */
  async recoverInto(profileId: string, only?: readonly string[]): Promise<SavedKey[]> {
    const profile = await this.deps.profiles.get(profileId);
    const findings = await this.check();
    if (!findings) throw new CrmError('validation', 'This keychain cannot list what it holds, so there is nothing to recover from it.');
    const approved = only === undefined ? null : new Set(only);
    const recovered: SavedKey[] = [];
    for (const id of findings.unlisted) {
      // a value that turned up after the person was asked is not bound without a question
      if (approved !== null && !approved.has(id)) continue;
      const value = await this.deps.secrets.get(keyAccount(id));
      if (value === null) continue;
      const fingerprint = fingerprintOf(value);
      recovered.push({
        id,
        name: `Recovered key …${fingerprint}`,
        profileId: profile.id,
        fingerprint,
        permissions: null,
        addedAt: this.deps.now().toISOString(),
        lastUsedAt: null,
        lastStatus: null,
        state: 'active',
        serverKeyId: null,
        revokedAt: null,
        origin: originOf(profile.baseUrl),
      });
    }
    if (recovered.length === 0) return [];
    await this.deps.meta.keys.update((doc) => {
      // another process may have listed one meanwhile: never two records for one value
      const known = new Set(doc.keys.map((k) => k.id));
      doc.keys.push(...recovered.filter((k) => !known.has(k.id)));
    });
    this.deps.onChange(profile.id);
    return recovered;
  }

  /** removes the active records whose value is not in the keychain; returns their names */
  async forgetMissing(): Promise<string[]> {
    const findings = await this.check();
    if (!findings || findings.missingValues.length === 0) return [];
    const gone = new Set(findings.missingValues.map((k) => k.id));
    await this.deps.meta.keys.update((doc) => {
      doc.keys = doc.keys.filter((k) => !gone.has(k.id));
    });
    for (const profileId of new Set(findings.missingValues.map((k) => k.profileId))) {
      const profile = await this.deps.profiles.get(profileId).catch(() => null);
      if (profile?.activeKeyId && gone.has(profile.activeKeyId)) await this.deps.profiles.setActiveKey(profileId, null);
    }
    this.deps.onChange(null);
    return findings.missingValues.map((k) => k.name);
  }
}
