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
import type { KeyFingerprints } from './key-fingerprints';
import { currentTags } from './key-identity';
import { KeysDocument } from './keys-document';
import { originOf } from './key-origin';
import { planRelinks, type OrphanValue } from './keychain-repair-relink';

/** what --recover (or the window's Repair) would do with the values no record names */
export interface RecoveryPlan {
  /** values that go back under the record they belong to (keychain-repair-relink.ts) */
  relink: { valueId: string; fingerprint: string; key: SavedKey }[];
  /** values no record is known to own: only a new record, after a question, lists them */
  fresh: { id: string; fingerprint: string }[];
  /** values several records could own (same last 4, no tag to tell): left alone */
  ambiguous: { id: string; fingerprint: string; keys: SavedKey[] }[];
}

export interface KeychainRepairDeps {
  meta: MetaStores;
  secrets: SecretStore;
  profiles: ProfileManager;
  now: () => Date;
  /** the value tags that tell which record a value belongs to; absent: matched by last 4 only */
  fingerprints?: KeyFingerprints;
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
   * Sorts the values no record names: back to the record whose value is missing and matches
   * (by tag, else by last 4), or left for a new record. Reads the values, never returns them.
   */
  async planRecovery(): Promise<RecoveryPlan> {
    const findings = await this.check();
    if (!findings) throw new CrmError('validation', 'This keychain cannot list what it holds, so there is nothing to recover from it.');
    const tagging = this.deps.fingerprints;
    let check: string | null = null;
    const values: OrphanValue[] = [];
    for (const id of findings.unlisted) {
      const value = await this.deps.secrets.get(keyAccount(id));
      if (value === null) continue;
      const tagged = tagging ? await tagging.tagOf(value) : null;
      check = tagged?.check ?? check;
      values.push({ id, fingerprint: fingerprintOf(value), tag: tagged?.tag ?? null });
    }
    const tags = check === null ? {} : currentTags(await this.deps.meta.keys.read(), check);
    const plan = planRelinks(values, findings.missingValues, tags);
    const out: RecoveryPlan = { relink: [], fresh: [], ambiguous: [] };
    for (const value of values) {
      const choice = plan.get(value.id) ?? { kind: 'none' };
      if (choice.kind === 'relink') {
        const key = findings.missingValues.find((k) => k.id === choice.keyId);
        if (key) out.relink.push({ valueId: value.id, fingerprint: value.fingerprint, key });
      } else if (choice.kind === 'ambiguous') {
        out.ambiguous.push({
          id: value.id,
          fingerprint: value.fingerprint,
          keys: findings.missingValues.filter((k) => choice.keyIds.includes(k.id)),
        });
      } else {
        out.fresh.push({ id: value.id, fingerprint: value.fingerprint });
      }
    }
    return out;
  }

  /**
   * Puts the value kept under account `valueId` back under saved key `keyId`'s own account: the
   * key works again with its name, profile and origin. The value is written under the key's
   * account before the stray copy is deleted, so a failure between the two never loses it.
   */
  async relink(valueId: string, keyId: string): Promise<SavedKey> {
    const value = await this.deps.secrets.get(keyAccount(valueId));
    if (value === null) throw new CrmError('not_found', 'That key value is no longer in the keychain.');
    const key = (await this.deps.meta.keys.read()).keys.find((k) => k.id === keyId);
    if (!key || key.state !== 'active') throw new CrmError('not_found', 'That key is not saved (it may have been removed or revoked).');
    await this.deps.secrets.set(keyAccount(keyId), value);
    await this.deps.secrets.delete(keyAccount(valueId));
    const tagged = this.deps.fingerprints ? await this.deps.fingerprints.tagOf(value) : null;
    if (tagged) {
      await new KeysDocument(this.deps.meta.keys).repairValue(keyId, tagged);
    }
    this.deps.onChange(key.profileId);
    return key;
  }

  /**
   * The window's Repair of one key whose value is missing: the re-link --recover makes, for
   * this key alone. When no stray value is this key's, the sentence says how to give it one.
   */
  async repairKey(keyId: string): Promise<{ repaired: boolean; message: string }> {
    const key = (await this.deps.meta.keys.read()).keys.find((k) => k.id === keyId);
    if (!key) throw new CrmError('not_found', 'That key is not saved (it may have been removed).');
    if ((await this.deps.secrets.get(keyAccount(keyId))) !== null)
      return { repaired: true, message: `The value of “${key.name}” is in the keychain.` };
    const plan = await this.planRecovery();
    const mine = plan.relink.find((r) => r.key.id === keyId);
    if (mine) {
      await this.relink(mine.valueId, keyId);
      return {
        repaired: true,
        message: `The value of “${key.name}” (…${mine.fingerprint}) was found in the keychain under another entry and linked back to it.`,
      };
    }
    return {
      repaired: false,
      message:
        `The keychain holds no value for “${key.name}” (…${key.fingerprint}). Revoke it and add the key again with Add ` +
        `key, or on the command line: crm keys check --forget-missing, then crm keys add.`,
    };
  }

  /**
   * The ids of `profileId`'s active keys whose value is not in the keychain. One listing of the
   * keychain's accounts when it can list (whatever the number of keys), else one read per key.
   */
  async missingValueIds(profileId: string): Promise<string[]> {
    const keys = (await this.deps.meta.keys.read()).keys.filter((k) => k.profileId === profileId && k.state === 'active');
    if (keys.length === 0) return [];
    const { secrets } = this.deps;
    if (secrets.accounts) {
      const held = new Set(await secrets.accounts());
      return keys.filter((k) => !held.has(keyAccount(k.id))).map((k) => k.id);
    }
    const missing: string[] = [];
    for (const k of keys) if ((await secrets.get(keyAccount(k.id))) === null) missing.push(k.id);
    return missing;
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
    await new KeysDocument(this.deps.meta.keys).addRecovered(recovered);
    this.deps.onChange(profile.id);
    return recovered;
  }

  /** removes the active records whose value is not in the keychain; returns their names */
  async forgetMissing(): Promise<string[]> {
    const findings = await this.check();
    if (!findings || findings.missingValues.length === 0) return [];
    const gone = new Set(findings.missingValues.map((k) => k.id));
    await new KeysDocument(this.deps.meta.keys).forgetMissing(gone);
    for (const profileId of new Set(findings.missingValues.map((k) => k.profileId))) {
      const profile = await this.deps.profiles.get(profileId).catch(() => null);
      if (profile?.activeKeyId && gone.has(profile.activeKeyId)) await this.deps.profiles.setActiveKey(profileId, null);
    }
    this.deps.onChange(null);
    return findings.missingValues.map((k) => k.name);
  }
}
