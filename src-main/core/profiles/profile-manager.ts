// ProfileService: named API targets (base URL, endpoint overrides, active key), stored in
// the profiles table of crm.db. Removing a profile also removes its keys from the OS keychain.
import { randomUUID } from 'node:crypto';
import { validateEndpointOverrides } from '../endpoints';
import { CrmError } from '../errors';
import { Emitter } from '../emitter';
import { charCount } from '../limits';
import type { EndpointOverrides, Profile } from '../model';
import type { MetaStores } from '../meta/stores';
import { keyAccount, revokingAccount } from '../secrets/secret-store';
import { webhookSecretAccount, webhookVerifyAccount } from '../events/webhooks/webhook-secrets';
import type { SecretStore } from '../secrets/secret-store';
import type { ProfileService } from '../services';
import type { KeyVault } from '../keys/key-vault';
import { originOf } from '../keys/key-origin';
import { withoutFileOrigins } from '../conversations/file-origin-policy';
import { KeysDocument } from '../keys/keys-document';
import { checkBaseUrl, insecureHttpError } from './base-url';
import { choicesOf, ownChoice, type ProfileChooser } from './profile-choice';
import { ProfilesDocument } from './profiles-document';
import type { ProfilesDoc } from '../meta/schemas';

export const PROFILE_NAME_MAX = 60;

/**
 * The profiles changed (one created, renamed, moved, removed, activated, or its active key
 * changed), with the state as written. `moved`: that profile now points at another address, so
 * which of its keys may be used there changed too.
 */
export interface ProfileChange {
  state: ProfileListing;
  moved: string | null;
}

/** the profiles, this process's own choice (activeProfileId), and each side's */
export interface ProfileListing {
  profiles: Profile[];
  activeProfileId: string | null;
  terminalProfileId?: string | null;
  windowProfileId?: string | null;
}

function validation(field: string, message: string): CrmError {
  return new CrmError('validation', message, { details: [{ field, message }] });
}

export class ProfileManager implements ProfileService {
  private readonly changes = new Emitter<ProfileChange>();
  /** once per change, right after it is written (the window's profiles:changed) */
  readonly onDidChange = this.changes.event;

  /** the profiles document: read freely, changed only through its named mutations */
  private readonly profilesDoc: ProfilesDocument;

  constructor(
    private readonly meta: MetaStores,
    private readonly secrets: SecretStore,
    private readonly vault: KeyVault,
    private readonly now: () => Date = () => new Date(),
    /** whose choice `active`, `list` and `activate` work with: the window keeps its own */
    private readonly chooser: ProfileChooser = 'terminal',
  ) {
    this.profilesDoc = new ProfilesDocument(meta.profiles);
  }

  private listingOf(doc: ProfilesDoc): ProfileListing {
    const choices = choicesOf(
      doc.profiles.map((p) => p.id),
      doc.activeProfileId,
      doc.windowProfileId,
    );
    return { profiles: doc.profiles, activeProfileId: ownChoice(choices, this.chooser), ...choices };
  }

  /** for writers of a profile's parts kept elsewhere (its API description): announce it here */
  async announceChange(): Promise<void> {
    await this.announce(undefined);
  }

  private async announce<T>(result: T, moved: string | null = null): Promise<T> {
    this.changes.fire({ state: await this.list(), moved });
    return result;
  }

  async list(): Promise<ProfileListing> {
    return this.listingOf(await this.meta.profiles.read());
  }

  async get(id: string): Promise<Profile> {
    const doc = await this.meta.profiles.read();
    const profile = doc.profiles.find((p) => p.id === id);
    if (!profile) throw new CrmError('not_found', 'That profile does not exist (it may have been removed).');
    return profile;
  }

  async active(): Promise<Profile | null> {
    const { profiles, activeProfileId } = await this.list();
    return profiles.find((p) => p.id === activeProfileId) ?? null;
  }

  /** the given profile, or the active one; 'validation' when none is active */
  async resolve(profileId?: string): Promise<Profile> {
    if (profileId !== undefined) return this.get(profileId);
    const active = await this.active();
    if (!active) throw new CrmError('validation', 'No profile is active. Add or choose a profile first.');
    return active;
  }

  async create(input: { name: string; baseUrl: string; confirmInsecure?: boolean; sandbox?: boolean }): Promise<Profile> {
    const name = this.checkName(input.name);
    const url = checkBaseUrl(input.baseUrl);
    if (url.insecure && input.confirmInsecure !== true) throw insecureHttpError();
    return this.announce(
      await this.profilesDoc.addProfile(
        {
          id: `p_${randomUUID()}`,
          name,
          baseUrl: url.baseUrl,
          endpointOverrides: {},
          api: null,
          activeKeyId: null,
          sandbox: input.sandbox === true,
          allowInsecureHttp: url.insecure,
          createdAt: this.now().toISOString(),
        },
        (profiles) => this.ensureUniqueName(profiles, name, null),
      ),
    );
  }

  /** the origin of `baseUrl` when it is plain http to a host that is not this computer, else null (throws for an invalid URL) */
  async insecureOriginOf(baseUrl: string): Promise<string | null> {
    const url = checkBaseUrl(baseUrl);
    return url.insecure ? url.origin : null;
  }

  /**
   * What an update would need the person's consent for, without changing anything: plain http to
   * a remote host not confirmed before, and saved keys that would be sent to a new origin.
   */
  async consentNeeded(
    id: string,
    patch: { baseUrl?: string },
  ): Promise<{ insecureOrigin: string | null; keysToMove: { count: number; to: string } | null }> {
    const profile = await this.get(id);
    if (patch.baseUrl === undefined) return { insecureOrigin: null, keysToMove: null };
    const url = checkBaseUrl(patch.baseUrl);
    const alreadyConfirmed = profile.allowInsecureHttp && originOf(profile.baseUrl) === url.origin;
    const current = originOf(profile.baseUrl);
    const elsewhere = (await this.meta.keys.read()).keys.filter(
      (k) => k.profileId === id && k.state === 'active' && (k.origin ?? current) !== url.origin,
    );
    return {
      insecureOrigin: url.insecure && !alreadyConfirmed ? url.origin : null,
      keysToMove: elsewhere.length > 0 ? { count: elsewhere.length, to: url.origin } : null,
    };
  }

  async update(
    id: string,
    patch: { name?: string; baseUrl?: string; endpointOverrides?: EndpointOverrides; confirmInsecure?: boolean },
    options: { moveKeys?: boolean } = {},
  ): Promise<Profile> {
    const name = patch.name === undefined ? undefined : this.checkName(patch.name);
    const url = patch.baseUrl === undefined ? undefined : checkBaseUrl(patch.baseUrl);
    const overrides = patch.endpointOverrides === undefined ? undefined : this.checkOverrides(patch.endpointOverrides);
    // Keys first, bound to where the profile points NOW (a key saved before binding had no
    // origin): a crash after this step leaves them held back, never sent to the new origin.
    const current = originOf((await this.get(id)).baseUrl);
    if (url !== undefined) await this.bindKeys(id, (origin) => origin ?? current);
    const updated = await this.profilesDoc.editSettings(id, (profile, profiles) => {
      if (name !== undefined) {
        this.ensureUniqueName(profiles, name, id);
        profile.name = name;
      }
      if (url !== undefined) {
        // An insecure URL confirmed before stays confirmed for the same origin.
        const alreadyConfirmed = profile.allowInsecureHttp && new URL(profile.baseUrl).origin === url.origin;
        if (url.insecure && patch.confirmInsecure !== true && !alreadyConfirmed) throw insecureHttpError();
        // the origins listed for files were allowed for the service where the profile pointed:
        // another origin is another service, whose files the person allows anew
        if (profile.api && originOf(profile.baseUrl) !== url.origin) profile.api = withoutFileOrigins(profile.api);
        profile.baseUrl = url.baseUrl;
        profile.allowInsecureHttp = url.insecure;
      }
      if (overrides !== undefined) profile.endpointOverrides = overrides;
    });
    // Then, only with the person's consent (asked by main), the keys follow the profile.
    if (url !== undefined && options.moveKeys === true) await this.bindKeys(id, () => url.origin);
    return this.announce(updated, url !== undefined ? id : null);
  }

  private async bindKeys(profileId: string, originFor: (current: string | null | undefined) => string | null): Promise<void> {
    const keys = (await this.meta.keys.read()).keys.filter((k) => k.profileId === profileId);
    if (keys.every((k) => (k.origin ?? null) === originFor(k.origin))) return;
    await new KeysDocument(this.meta.keys).bindProfileKeys(profileId, originFor);
  }

  async remove(id: string): Promise<void> {
    await this.get(id);
    const keys = (await this.meta.keys.read()).keys.filter((k) => k.profileId === id);
    // Keychain first: if it is locked nothing changes and the person can retry, so no secret
    // is ever left behind without metadata pointing at it.
    for (const key of keys) {
      await this.secrets.delete(keyAccount(key.id));
      await this.secrets.delete(revokingAccount(key.id));
    }
    // its webhook secrets too, as far as the keychain lets: they open nothing once the profile
    // (whose id names them) is gone, so a locked keychain does not hold the removal up
    await this.secrets.delete(webhookSecretAccount(id)).catch(() => false);
    await this.secrets.delete(webhookVerifyAccount(id)).catch(() => false);
    for (const key of keys) this.vault.revokeLocal(key.id);
    await new KeysDocument(this.meta.keys).forgetProfile(id);
    await this.profilesDoc.removeProfile(id);
    await this.announce(undefined);
  }

  async activate(id: string): Promise<void> {
    await this.profilesDoc.choose(id, this.chooser);
    await this.announce(undefined);
  }

  /** marks the profile live or not (shared/live-guard.ts): the window and `crm` ask before acting on a live one */
  async setLive(id: string, live: boolean): Promise<Profile> {
    return this.announce(await this.profilesDoc.setLive(id, live));
  }

  async setActiveKey(profileId: string, keyId: string | null): Promise<void> {
    if (keyId !== null) {
      const key = (await this.meta.keys.read()).keys.find((k) => k.id === keyId);
      if (!key || key.profileId !== profileId) throw new CrmError('not_found', 'That key is not saved for this profile.');
      if (key.state === 'revoked') throw new CrmError('key_revoked', `The key "${key.name}" is revoked and cannot be made active.`);
    }
    await this.profilesDoc.setActiveKey(profileId, keyId);
    await this.announce(undefined);
  }

  private checkName(raw: string): string {
    const name = raw.trim();
    const length = charCount(name);
    if (length < 1) throw validation('name', 'Give the profile a name.');
    if (length > PROFILE_NAME_MAX)
      throw validation('name', `A profile name is at most ${PROFILE_NAME_MAX} characters (this one has ${length}).`);
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(name)) throw validation('name', 'A profile name cannot contain control characters.');
    return name;
  }

  private ensureUniqueName(profiles: Profile[], name: string, exceptId: string | null): void {
    const lower = name.toLowerCase();
    if (profiles.some((p) => p.id !== exceptId && p.name.toLowerCase() === lower)) {
      throw validation('name', `A profile named "${name}" already exists.`);
    }
  }

  private checkOverrides(raw: EndpointOverrides): EndpointOverrides {
    // An empty path means "use the default", so a form can clear a field.
    const cleaned: Record<string, unknown> = {};
    for (const [id, value] of Object.entries(raw as Record<string, unknown>)) {
      if (value === undefined || (typeof value === 'string' && value.trim() === '')) continue;
      cleaned[id] = typeof value === 'string' ? value.trim() : value;
    }
    const problems = validateEndpointOverrides(cleaned);
    if (problems.length > 0) {
      throw new CrmError('validation', `Invalid endpoint override: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`, {
        details: problems,
      });
    }
    return cleaned as EndpointOverrides;
  }
}
