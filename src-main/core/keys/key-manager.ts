// KeyService: saved keys (value in the OS keychain, metadata in keys.json), key tests, local
// revocation (at once) handed to the outbox for the server side, and server key management.
// No method returns, logs or throws a key value; the one exception is
// takeNewKeyValueForClipboard, which main writes straight to the clipboard.
import { randomUUID } from 'node:crypto';
import { CrmError } from '../errors';
import { readableJson } from '../http/sender';
import type { HttpSender } from '../http/sender';
import type { PreparedRequest } from '../http/prepared-request';
import { wirePath } from '../http/wire-url';
import type { KeyMeta, KeyTestOutcome, Permission, Profile, RevocationSyncState, ServerKey } from '../model';
import type { MetaStores } from '../meta/stores';
import type { Operation } from '../operations';
import { parseCreatedKey, parseServerKeys } from '../parse/server-keys';
import type { ProfileManager } from '../profiles/profile-manager';
import { buildRequest } from '../request-builder';
import { keyAccount, revokingAccount } from '../secrets/secret-store';
import type { SecretStore } from '../secrets/secret-store';
import type { KeyService, KeyTestResult, OutboxService } from '../services';
import { callWithKey, outcomeOf, proofOf } from './api-call';
import type { ApiCallOptions } from './api-call';
import { STILL_LISTED, unconfirmed, unknownRouteMessage, verdictAfter404 } from './deletion-check';
import { checkKeyName, checkKeyValue, fingerprintOf, isOwnListEntry } from './key-format';
import { heldBackMessage, keyFitsProfile, originOf, withOriginState } from './key-origin';
import type { KeyVault } from './key-vault';

/** how long after its creation a key made through the API may be copied (once) */
export const NEW_KEY_COPY_WINDOW_MS = 5 * 60 * 1000;

export interface KeyManagerDeps {
  meta: MetaStores;
  secrets: SecretStore;
  vault: KeyVault;
  profiles: ProfileManager;
  sender: HttpSender;
  /** injected once it exists (createCore wires it after construction) */
  outbox?: OutboxService;
  now?: () => Date;
  /** diagnostics for the app log; never receives a key value */
  log?: (message: string) => void;
}

export class KeyManager implements KeyService {
  private outbox: OutboxService | undefined;
  private readonly now: () => Date;
  private readonly newKeys = new Map<string, { createdAt: number; taken: boolean }>();
  private readonly serverKeyNames = new Map<string, string>();
  private readonly background = new Set<Promise<unknown>>();
  private readonly syncListeners = new Set<(key: KeyMeta) => void>();

  constructor(private readonly deps: KeyManagerDeps) {
    this.outbox = deps.outbox;
    this.now = deps.now ?? (() => new Date());
  }

  attachOutbox(outbox: OutboxService | undefined): void {
    this.outbox = outbox;
  }

  async list(profileId?: string): Promise<KeyMeta[]> {
    // read-your-writes: recorded uses (last used, last status) are written first
    await this.deps.vault.flush();
    const doc = await this.deps.meta.keys.read();
    const keys = profileId === undefined ? doc.keys : doc.keys.filter((k) => k.profileId === profileId);
    return this.withOriginStates(keys);
  }

  async get(id: string): Promise<KeyMeta> {
    await this.deps.vault.flush();
    const key = (await this.deps.meta.keys.read()).keys.find((k) => k.id === id);
    if (!key) throw new CrmError('not_found', 'That key is not saved (it may have been removed).');
    return (await this.withOriginStates([key]))[0]!;
  }

  async add(input: { profileId: string; name: string; value: string; permissions?: Permission[] | null; serverKeyId?: string | null }): Promise<KeyMeta> {
    const profile = await this.deps.profiles.get(input.profileId);
    const name = checkKeyName(input.name);
    checkKeyValue(input.value);
    const id = `lk_${randomUUID()}`;
    const meta: KeyMeta = {
      id,
      name,
      profileId: profile.id,
      fingerprint: fingerprintOf(input.value),
      permissions: input.permissions ?? null,
      addedAt: this.now().toISOString(),
      lastUsedAt: null,
      lastStatus: null,
      state: 'active',
      serverKeyId: input.serverKeyId ?? null,
      revokedAt: null,
      sync: null,
      // bound to where the profile points now: the key is only ever sent there
      origin: originOf(profile.baseUrl),
    };
    // Keychain first: metadata never points at a value that is not stored.
    await this.deps.secrets.set(keyAccount(id), input.value);
    try {
      await this.deps.meta.keys.update((doc) => {
        doc.keys.push(meta);
      });
    } catch (err) {
      await this.deps.secrets.delete(keyAccount(id)).catch(() => false);
      throw err;
    }
    // The first usable key of a profile becomes its active key.
    const current = profile.activeKeyId ? (await this.deps.meta.keys.read()).keys.find((k) => k.id === profile.activeKeyId) : undefined;
    if (!current || current.state !== 'active') await this.deps.profiles.setActiveKey(profile.id, id);
    return { ...meta, heldBack: false };
  }

  async test(id: string): Promise<KeyTestResult> {
    const meta = await this.get(id);
    if (meta.state === 'revoked') throw new CrmError('key_revoked', `The key "${meta.name}" was revoked on this computer and cannot be tested.`);
    const profile = await this.deps.profiles.get(meta.profileId);
    const request = await buildRequest({ op: 'contacts.list', input: { perPage: 1 } }, profile);
    let outcome: KeyTestOutcome;
    let failure: CrmError | null = null;
    try {
      await callWithKey(this.apiDeps(), profile, id, request, { noteUse: false, maxAttempts: 1 });
      outcome = 'valid';
    } catch (err) {
      const mapped = outcomeOf(err);
      if (mapped === null) throw err;
      outcome = mapped;
      failure = err as CrmError;
    }
    this.deps.vault.noteUse(id, outcome, proofOf(request, failure) ?? undefined);
    await this.deps.vault.flush();
    if (outcome === 'valid' && (meta.permissions === null || meta.serverKeyId === null)) await this.discover(profile, meta);
    const key = await this.get(id);
    return { outcome, message: testMessage(outcome, failure, key.proven?.['messages:send']), key };
  }

  async revoke(id: string): Promise<KeyMeta> {
    const meta = await this.get(id);
    if (meta.state === 'revoked') return meta;
    // 1. In memory, at once: in-flight requests abort, later uses fail with 'key_revoked'.
    let value = this.deps.vault.revokeLocal(id);
    // 2. The value moves to the revocation account, only so the key can delete itself later (or,
    //    without a server id, be recognised in the server's key list, in memory).
    let kept = false;
    try {
      if (value === null) value = await this.deps.secrets.get(keyAccount(id));
      if (value !== null) {
        await this.deps.secrets.set(revokingAccount(id), value);
        kept = true;
      }
      await this.deps.secrets.delete(keyAccount(id));
    } catch (err) {
      // The local revocation stands (metadata below); the server side then needs an admin key.
      this.deps.log?.(`revoke ${id}: keychain step failed (${err instanceof CrmError ? err.code : 'error'})`);
    }
    // 3. Durable local state.
    const revokedAt = this.now().toISOString();
    const initialSync: RevocationSyncState = { state: 'pending', reason: 'queued' };
    let updated = await this.deps.meta.keys.update((doc) => {
      const key = doc.keys.find((k) => k.id === id);
      if (!key) throw new CrmError('not_found', 'That key is not saved (it may have been removed).');
      key.state = 'revoked';
      key.revokedAt = revokedAt;
      key.sync = initialSync;
      return { ...key };
    });
    this.newKeys.delete(id);
    // 4. The server side. No part of the value is handed on: without the server id, the outbox
    //    recognises the key in the server's list by its kept value (revoking: account).
    const origin = meta.origin ?? (await this.deps.profiles.get(meta.profileId).then((p) => originOf(p.baseUrl), () => null));
    if (meta.serverKeyId === null && !kept) {
      // Neither the server id nor the value to find it by: the server cannot be told from here.
      updated = (await this.setSync(id, { state: 'local_only' })) ?? updated;
    } else if (this.outbox) {
      try {
        await this.outbox.enqueueRevocation({ profileId: meta.profileId, localKeyId: id, serverKeyId: meta.serverKeyId, origin, label: meta.name });
      } catch (err) {
        await this.setSync(id, { state: 'failed', reason: `The server revocation could not be queued: ${err instanceof CrmError ? err.message : 'internal error'}` });
      }
      // the outbox may already have reported progress through applyRevocationSync
      updated = await this.get(id);
    } else {
      // Fallback while no outbox is wired (early tests, createCore({ outbox: false })): one direct
      // DELETE in the background, not durable and without retries. The outbox replaces it.
      this.track(this.revokeOnServerDirectly(updated, value));
    }
    return this.get(updated.id).catch(() => updated);
  }

  /** called by the outbox as the server revocation progresses */
  async applyRevocationSync(localKeyId: string, sync: RevocationSyncState): Promise<void> {
    const updated = await this.setSync(localKeyId, sync);
    if (sync.state === 'synced') {
      // If the keychain was locked when the key was revoked, its `key:` entry may still exist.
      await this.deps.secrets.delete(keyAccount(localKeyId)).catch(() => false);
    }
    // Told only once the metadata holds the new state, so a listener that re-reads sees it.
    if (updated) for (const listener of this.syncListeners) listener(updated);
  }

  /** a key's revocation sync state was recorded (for the UI to refresh) */
  onSyncChange(listener: (key: KeyMeta) => void): () => void {
    this.syncListeners.add(listener);
    return () => this.syncListeners.delete(listener);
  }

  async listServerKeys(profileId?: string): Promise<ServerKey[]> {
    const profile = await this.deps.profiles.resolve(profileId);
    const keys = await this.call(profile, null, { op: 'keys.list', input: {} }, (json) => parseServerKeys(json));
    for (const key of keys) this.serverKeyNames.set(key.id, key.name);
    return keys;
  }

  async createServerKey(input: { profileId?: string; name: string; permissions?: Permission[] }): Promise<KeyMeta> {
    const profile = await this.deps.profiles.resolve(input.profileId);
    const name = checkKeyName(input.name);
    const op: Operation = { op: 'keys.create', input: input.permissions ? { name, permissions: input.permissions } : { name } };
    const created = await this.call(profile, null, op, (json) => parseCreatedKey(json));
    let meta: KeyMeta;
    try {
      meta = await this.add({
        profileId: profile.id,
        name: created.serverKey.name || name,
        value: created.value,
        permissions: created.serverKey.permissions,
        serverKeyId: created.serverKey.id,
      });
    } catch (err) {
      // The value cannot be kept (keychain locked...): delete the new key on the server so no
      // key exists that nobody holds.
      try {
        await this.call(profile, null, { op: 'keys.delete', input: { id: created.serverKey.id } }, () => null);
      } catch {
        this.deps.log?.(`createServerKey: could not delete the unsaved server key ${created.serverKey.id}`);
      }
      throw err;
    }
    this.serverKeyNames.set(created.serverKey.id, created.serverKey.name);
    this.newKeys.set(meta.id, { createdAt: this.now().getTime(), taken: false });
    return meta;
  }

  async revokeServerKey(input: { profileId?: string; serverKeyId: string }): Promise<{ serverKeyId: string; queued: boolean }> {
    const profile = await this.deps.profiles.resolve(input.profileId);
    const { serverKeyId } = input;
    const local = (await this.list(profile.id)).find((k) => k.serverKeyId === serverKeyId && k.state === 'active');
    if (local) {
      await this.revoke(local.id);
      return { serverKeyId, queued: this.outbox !== undefined };
    }
    if (this.outbox) {
      const label = this.serverKeyNames.get(serverKeyId) ?? serverKeyId;
      await this.outbox.enqueueRevocation({ profileId: profile.id, localKeyId: null, serverKeyId, origin: originOf(profile.baseUrl), label });
      return { serverKeyId, queued: true };
    }
    // No outbox wired: delete now with the profile's active key (404: done only if the key is
    // then absent from the server's key list).
    try {
      await this.call(profile, null, { op: 'keys.delete', input: { id: serverKeyId } }, () => null);
    } catch (err) {
      if (!(err instanceof CrmError && err.status === 404)) throw err;
      const request = await buildRequest({ op: 'keys.delete', input: { id: serverKeyId } }, profile);
      await this.confirmGone(serverKeyId, request, () => this.call(profile, null, { op: 'keys.list', input: {} }, (json) => parseServerKeys(json)));
    }
    return { serverKeyId, queued: false };
  }

  /**
   * The value of a key created through the API in this process, for main to put on the
   * clipboard: allowed once per key, within 5 minutes of its creation.
   */
  async takeNewKeyValueForClipboard(localKeyId: string): Promise<string> {
    const entry = this.newKeys.get(localKeyId);
    if (!entry) throw new CrmError('conflict', 'Only a key created here through the API can be copied, once, right after its creation.');
    if (entry.taken) throw new CrmError('conflict', 'This key was already copied; its value is shown only once.');
    if (this.now().getTime() - entry.createdAt > NEW_KEY_COPY_WINDOW_MS) {
      throw new CrmError('conflict', 'The key can only be copied in the 5 minutes after it was created.');
    }
    entry.taken = true;
    const meta = await this.get(localKeyId);
    return this.deps.vault.valueOf(meta);
  }

  /** resolves when background work (the no-outbox revocation fallback) has finished */
  async idle(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  private apiDeps() {
    return { keyAccess: this.deps.vault, sender: this.deps.sender };
  }

  private async call<T>(profile: Profile, keyId: string | null, op: Operation, parse: (json: unknown) => T, options: ApiCallOptions = {}): Promise<T> {
    const request = await buildRequest(op, profile);
    const response = await callWithKey(this.apiDeps(), profile, keyId, request, options);
    return parse(readableJson(response));
  }

  /** after a successful test: the server's key list (if this key may read it) tells its id and permissions */
  private async discover(profile: Profile, meta: KeyMeta): Promise<void> {
    try {
      const value = await this.deps.vault.valueOf(meta);
      const keys = await this.call(profile, meta.id, { op: 'keys.list', input: {} }, (json) => parseServerKeys(json), { noteUse: false, maxAttempts: 1 });
      const matches = keys.filter((k) => isOwnListEntry(k.prefix, value));
      const match = matches.length === 1 ? matches[0] : undefined;
      if (!match) return;
      await this.deps.meta.keys.update((doc) => {
        const key = doc.keys.find((k) => k.id === meta.id);
        if (!key) return;
        key.permissions = match.permissions;
        key.serverKeyId = match.id;
      });
    } catch {
      // optional: a key without keys:manage cannot list keys (403), which is fine
    }
  }

  /**
   * After a 404 to the DELETE: resolves when the server's key list no longer has the key; throws
   * "the server does not know this route" otherwise (deletion-check.ts).
   */
  private async confirmGone(serverKeyId: string, request: PreparedRequest, listKeys: () => Promise<ServerKey[]>): Promise<void> {
    const target = wirePath(request.url);
    let listed: ServerKey[];
    try {
      listed = await listKeys();
    } catch (err) {
      throw new CrmError('not_found', unknownRouteMessage(target, unconfirmed(err instanceof CrmError ? err.message : 'internal error')), { status: 404 });
    }
    if (verdictAfter404(listed, serverKeyId) === 'still_listed') throw new CrmError('not_found', unknownRouteMessage(target, STILL_LISTED), { status: 404 });
  }

  /** each key with `heldBack`: whether its profile now points at another origin than the key's */
  private async withOriginStates(keys: KeyMeta[]): Promise<KeyMeta[]> {
    const { profiles } = await this.deps.profiles.list();
    const byId = new Map(profiles.map((p) => [p.id, p]));
    return keys.map((k) => withOriginState(k, byId.get(k.profileId)));
  }

  private async setSync(id: string, sync: RevocationSyncState): Promise<KeyMeta | null> {
    return this.deps.meta.keys.update((doc) => {
      const key = doc.keys.find((k) => k.id === id);
      if (!key) return null;
      key.sync = sync;
      return { ...key };
    });
  }

  private track(promise: Promise<unknown>): void {
    const tracked = promise.catch(() => undefined).finally(() => this.background.delete(tracked));
    this.background.add(tracked);
  }

  private async revokeOnServerDirectly(meta: KeyMeta, value: string | null): Promise<void> {
    if (value === null) {
      await this.setSync(meta.id, { state: 'failed', reason: 'The key could not be read from the OS keychain; revoke it in the service\'s developer area.' });
      return;
    }
    const profile = await this.deps.profiles.get(meta.profileId).catch(() => null);
    if (!profile) return;
    if (!keyFitsProfile(meta, profile)) {
      await this.setSync(meta.id, { state: 'failed', reason: heldBackMessage(meta, profile) });
      return;
    }
    let serverKeyId = meta.serverKeyId;
    const listKeys = async (): Promise<ServerKey[]> =>
      parseServerKeys(readableJson(await this.deps.sender.send(await buildRequest({ op: 'keys.list', input: {} }, profile), value, { maxAttempts: 1 })));
    try {
      if (serverKeyId === null) {
        // A key with keys:manage can find its own id: its own entry in the list it reads.
        const matches = (await listKeys()).filter((k) => isOwnListEntry(k.prefix, value));
        serverKeyId = matches.length === 1 ? (matches[0]?.id ?? null) : null;
      }
      if (serverKeyId === null) {
        await this.setSync(meta.id, { state: 'local_only' });
        return;
      }
      const request = await buildRequest({ op: 'keys.delete', input: { id: serverKeyId } }, profile);
      try {
        await this.deps.sender.send(request, value, { maxAttempts: 1 });
      } catch (err) {
        // 401: the key no longer works anywhere, which is the goal; 404: done only if the key
        // is then absent from the server's key list
        if (err instanceof CrmError && err.status === 404) await this.confirmGone(serverKeyId, request, listKeys);
        else if (!(err instanceof CrmError && err.code === 'unauthorized')) throw err;
      }
      await this.setSync(meta.id, { state: 'synced', at: this.now().toISOString() });
      await this.deps.secrets.delete(revokingAccount(meta.id)).catch(() => false);
    } catch (err) {
      const code = err instanceof CrmError ? err.code : 'internal';
      const sync: RevocationSyncState =
        code === 'network' || code === 'timeout' ? { state: 'pending', reason: 'offline' }
        : code === 'forbidden' ? { state: 'pending', reason: 'needs_admin_key' }
        : code === 'rate_limited' ? { state: 'pending', reason: 'rate_limited' }
        : code === 'server_error' ? { state: 'pending', reason: 'server_error' }
        : { state: 'failed', reason: err instanceof CrmError ? err.message : 'internal error' };
      await this.setSync(meta.id, sync);
    }
  }
}

function testMessage(outcome: KeyTestOutcome, failure: CrmError | null, canSend: boolean | undefined): string {
  switch (outcome) {
    case 'valid': {
      // one contacts request proves reading only; what earlier sends proved is said as such
      const sending =
        canSend === true ? 'An earlier send went through, so it can send too.'
        : canSend === false ? 'An earlier send was refused (403): it may not send messages.'
        : 'Sending was not checked.';
      return `The key works: it can read contacts (one contacts request answered). ${sending}`;
    }
    case 'invalid_or_revoked':
      return 'The API rejected the key (401): it is mistyped, or it was revoked on the server.';
    case 'forbidden':
      return 'The key is valid but may not list contacts (403): it lacks the contacts:read permission.';
    case 'unreachable':
      return `The API could not be reached, so the key could not be tested. ${failure?.message ?? ''}`.trim();
    case 'rate_limited': {
      const wait = failure?.retryAfterMs !== undefined ? ` Try again in ${Math.max(1, Math.ceil(failure.retryAfterMs / 1000))} s.` : '';
      return `The API is rate-limiting this key (429).${wait}`;
    }
    case 'server_error':
      return `The API answered with a server error${failure?.status ? ` (${failure.status})` : ''}; try again later, and contact the service's support if it persists.`;
  }
}
