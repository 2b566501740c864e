// KeyService: saved keys (value in the OS keychain, records in crm.db), key tests, local
// revocation (at once) handed to the outbox for the server side, and server key management.
// How a server revocation is doing is the outbox's record alone: it is read when keys are listed
// and never written here; the outbox's reports only tell this service that it moved on.
// No method returns, logs or throws a key value; the exceptions are a key just created through
// the API: takeNewKeyValueForClipboard / copyNewKeyValue (main writes it to the clipboard) and
// revealNewKeyValue (the window's one-time "shown once" panel), each once per key.
import { randomUUID } from 'node:crypto';
import { CrmError } from '../errors';
import { readableJson } from '../http/sender';
import type { HttpSender } from '../http/sender';
import type { PreparedRequest } from '../http/prepared-request';
import { wirePath } from '../http/wire-url';
import type { KeyMeta, KeyTestOutcome, Permission, Profile, RevocationSyncState, SavedKey, ServerKey, ServerKeyList } from '../model';
import type { KeysDoc } from '../meta/schemas';
import type { MetaStores } from '../meta/stores';
import type { Operation } from '../operations';
import { parseCreatedKey, parseServerKeys } from '../parse/server-keys';
import type { ProfileManager } from '../profiles/profile-manager';
import { buildRequest } from '../request/request-builder';
import { isOffered } from '../request/operation-spec';
import { keyAccount, revokingAccount } from '../secrets/secret-store';
import type { SecretStore } from '../secrets/secret-store';
import { Emitter, type Event } from '../emitter';
import type { KeyService, KeyTestResult, RevocationProgress, RevocationQueue, RevocationReport } from '../services';
import { callWithKey, isUnreachable, outcomeOf, proofOf } from './api-call';
import type { ApiCallOptions } from './api-call';
import { STILL_LISTED, unconfirmed, unknownRouteMessage, verdictAfter404 } from './deletion-check';
import { checkKeyName, checkKeyValue, fingerprintOf, isOwnListEntry, shownPrefix } from './key-format';
import type { KeyFingerprints } from './key-fingerprints';
import { keyTestRequest } from './key-test-request';
import { currentTags, sameValueAs, untaggedActiveIds } from './key-identity';
import { KeysDocument } from './keys-document';
import { originOf, withOriginState } from './key-origin';
import type { KeyVault } from './key-vault';
import type { ServerKeysTable } from '../store/tables/server-keys-table';

/** how long after its creation a key made through the API may be copied (once) */
export const NEW_KEY_COPY_WINDOW_MS = 5 * 60 * 1000;

/**
 * The saved keys changed: one added, tested, made active or revoked, or a server revocation
 * moved on (told once the outbox has it on disk). profileId null: the server's key list changed.
 */
export interface KeyChange {
  keyId: string | null;
  profileId: string | null;
}

/** a revoked key the outbox has no record of: the server was never asked from here */
const LOCAL_ONLY: RevocationSyncState = { state: 'local_only' };

export interface KeyManagerDeps {
  meta: MetaStores;
  secrets: SecretStore;
  vault: KeyVault;
  /** the value tags that tell a key saved twice (key-identity.ts) */
  fingerprints: KeyFingerprints;
  profiles: ProfileManager;
  sender: HttpSender;
  /** the last server key list per profile, for offline revocations; absent: none kept */
  serverKeyCache?: ServerKeysTable;
  /** the durable queue for server revocations; absent: a revocation stays on this computer */
  revocationQueue?: RevocationQueue;
  /**
   * where server revocations stand when this process runs no outbox (the journal read from disk),
   * so keys listed by a command that does not sync still show it; default: the outbox
   */
  revocations?: RevocationProgress;
  now?: () => Date;
  /** diagnostics for the app log; never receives a key value */
  log?: (message: string) => void;
}

export class KeyManager implements KeyService {
  private readonly queue: RevocationQueue | undefined;
  private readonly progress: RevocationProgress | undefined;
  /** the saved keys' records: read freely, changed only through its named mutations */
  private readonly keys: KeysDocument;
  private readonly now: () => Date;
  /** keys created through the API in this process: what of their one-time hand-outs is used */
  private readonly newKeys = new Map<string, { createdAt: number; taken: boolean; revealed: boolean }>();
  private readonly serverKeyNames = new Map<string, string>();
  private readonly changes: Emitter<KeyChange>;
  /** the saved keys changed: once per change (the window lists the keys again on it) */
  readonly onDidChange: Event<KeyChange>;
  /**
   * why the outbox refused a revocation in this process: nothing on disk records it, so it is
   * said until the process ends (afterwards the key shows "local only", which is what it is)
   */
  private readonly unqueued = new Map<string, string>();

  constructor(private readonly deps: KeyManagerDeps) {
    this.keys = new KeysDocument(deps.meta.keys);
    this.queue = deps.revocationQueue;
    this.progress = deps.revocationQueue ?? deps.revocations;
    this.now = deps.now ?? (() => new Date());
    this.changes = new Emitter<KeyChange>({
      onListenerError: (err) => this.deps.log?.(`a key change listener failed: ${err instanceof Error ? err.message : 'error'}`),
    });
    this.onDidChange = this.changes.event;
    // for the core's lifetime: the outbox tells, the keys listen (it never calls in here)
    this.queue?.onDidReport((report) => this.onRevocationSync(report));
  }

  async list(profileId?: string): Promise<KeyMeta[]> {
    // read-your-writes: recorded uses (last used, last status) are written first
    await this.deps.vault.flush();
    const doc = await this.deps.meta.keys.read();
    const keys = profileId === undefined ? doc.keys : doc.keys.filter((k) => k.profileId === profileId);
    return this.shown(keys);
  }

  async get(id: string): Promise<KeyMeta> {
    await this.deps.vault.flush();
    const key = (await this.deps.meta.keys.read()).keys.find((k) => k.id === id);
    if (!key) throw new CrmError('not_found', 'That key is not saved (it may have been removed).');
    return (await this.shown([key]))[0]!;
  }

  async addKey(input: {
    profileId: string;
    name: string;
    value: string;
    permissions?: Permission[] | null;
    serverKeyId?: string | null;
  }): Promise<KeyMeta> {
    const profile = await this.deps.profiles.get(input.profileId);
    const name = checkKeyName(input.name);
    checkKeyValue(input.value);
    const id = `lk_${randomUUID()}`;
    const saved: SavedKey = {
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
      // bound to where the profile points now: the key is only ever sent there
      origin: originOf(profile.baseUrl),
    };
    // The same value saved twice is refused before anything is written (tags, never values).
    const { tag, check } = await this.deps.fingerprints.tagOf(input.value);
    await this.tagUntagged(check);
    this.refuseSavedTwice(await this.deps.meta.keys.read(), tag, check);
    // Keychain first: metadata never points at a value that is not stored.
    await this.deps.secrets.set(keyAccount(id), input.value);
    try {
      await this.keys.addKey(saved, { tag, check }, (doc) => this.refuseSavedTwice(doc, tag, check));
    } catch (err) {
      await this.deps.secrets.delete(keyAccount(id)).catch(() => false);
      throw err;
    }
    // The first usable key of a profile becomes its active key.
    const current = profile.activeKeyId ? (await this.deps.meta.keys.read()).keys.find((k) => k.id === profile.activeKeyId) : undefined;
    if (!current || current.state !== 'active') await this.deps.profiles.setActiveKey(profile.id, id);
    this.changes.fire({ keyId: id, profileId: profile.id });
    // a revocation waiting for an admin key may go through with this one
    this.wakeOutbox();
    return { ...saved, sync: null, heldBack: false };
  }

  /**
   * Active keys without a current tag (saved by an older build, or tagged under a fingerprint key
   * since replaced) are tagged now, their values read from the keychain once, so a value saved
   * twice is still noticed. One whose value cannot be read stays untagged.
   */
  private async tagUntagged(check: string): Promise<void> {
    const doc = await this.deps.meta.keys.read();
    for (const id of untaggedActiveIds(doc, check)) {
      const meta = doc.keys.find((k) => k.id === id);
      const value = meta ? await this.deps.vault.valueOf(meta).catch(() => null) : null;
      if (value !== null) await this.deps.fingerprints.tagIfMissing(id, value).catch(() => undefined);
    }
  }

  private refuseSavedTwice(doc: KeysDoc, tag: string, check: string): void {
    const active = new Set(doc.keys.filter((k) => k.state === 'active').map((k) => k.id));
    const sameId = sameValueAs(currentTags(doc, check), active, tag);
    const same = sameId === null ? undefined : doc.keys.find((k) => k.id === sameId);
    if (same)
      throw new CrmError(
        'conflict',
        `This key is already saved as “${same.name}” (ending ${same.fingerprint}); use that one, or revoke it first.`,
      );
  }

  /**
   * Saved key `id` takes a new value (and server id) in its own row: the built-in sandbox's admin
   * key, made anew when the sandbox's data lost the old one, stays ONE row across restarts.
   * Keychain first, as in add(); what was learned about the old value (uses, proofs) goes.
   */
  async replaceValue(id: string, input: { value: string; serverKeyId: string | null }): Promise<KeyMeta> {
    const meta = await this.get(id);
    checkKeyValue(input.value);
    const { tag, check } = await this.deps.fingerprints.tagOf(input.value);
    await this.tagUntagged(check);
    this.refuseSavedTwice(await this.deps.meta.keys.read(), tag, check);
    await this.deps.secrets.set(keyAccount(id), input.value);
    // the old value must not be sent again from memory
    this.deps.vault.clearCache();
    await this.keys.replaceValue(id, fingerprintOf(input.value), input.serverKeyId, { tag, check });
    this.changes.fire({ keyId: id, profileId: meta.profileId });
    return this.get(id);
  }

  /** makes a saved key its profile's active key (a waiting revocation may now go through) */
  async activate(id: string): Promise<KeyMeta> {
    const meta = await this.get(id);
    await this.deps.profiles.setActiveKey(meta.profileId, id);
    this.changes.fire({ keyId: id, profileId: meta.profileId });
    this.wakeOutbox();
    return this.get(id);
  }

  private wakeOutbox(): void {
    void this.queue?.syncNow().catch(() => undefined);
  }

  async checkKey(id: string): Promise<KeyTestResult> {
    const meta = await this.get(id);
    if (meta.state === 'revoked')
      throw new CrmError('key_revoked', `The key "${meta.name}" was revoked on this computer and cannot be tested.`);
    const profile = await this.deps.profiles.get(meta.profileId);
    // the service's own check (Meta's GET /{phone-number-id}) when the profile describes one,
    // else one contact; a service with neither cannot be asked, and the test says so
    const request = await keyTestRequest(profile);
    const byCheck = isOffered(profile, 'keys.check');
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
    this.changes.fire({ keyId: id, profileId: key.profileId });
    const message =
      byCheck && outcome === 'valid'
        ? `The key works: the service answered this profile's Check key request (${request.method} ${new URL(request.url).pathname}). Sending was not checked.`
        : testMessage(outcome, failure, key.proven?.['messages:send']);
    return { outcome, message, key };
  }

  /** `notBefore`: the server revocation waits until then (a rolled key's grace, outbox/schedule.ts) */
  async revoke(id: string, options: { notBefore?: string } = {}): Promise<KeyMeta> {
    const meta = await this.get(id);
    if (meta.state === 'revoked') return meta;
    // 1. In memory, at once: in-flight requests abort, later uses fail with 'key_revoked'.
    let value = this.deps.vault.revokeLocal(id);
    // 2. The value moves to the revocation account, only so the outbox can let the key delete
    //    itself later (or, without a server id, recognise it in the server's key list, in memory).
    //    Without an outbox nothing would ever use that copy, so none is kept.
    let kept = false;
    try {
      if (this.queue) {
        if (value === null) value = await this.deps.secrets.get(keyAccount(id));
        if (value !== null) {
          await this.deps.secrets.set(revokingAccount(id), value);
          kept = true;
        }
      }
      await this.deps.secrets.delete(keyAccount(id));
    } catch (err) {
      // The local revocation stands (metadata below); the server side then needs an admin key.
      this.deps.log?.(`revoke ${id}: keychain step failed (${err instanceof CrmError ? err.code : 'error'})`);
    }
    // 3. Durable local state: the key's own. How the server side does is the outbox's record.
    const revokedAt = this.now().toISOString();
    await this.keys.markRevoked(id, revokedAt);
    this.newKeys.delete(id);
    // 4. The server side. No part of the value is handed on: without the server id, the outbox
    //    recognises the key in the server's list by its kept value (revoking: account). With no
    //    outbox, or neither the server id nor the value to find it by, the server cannot be told
    //    from here: nothing is queued and the key shows "local only".
    let queued = false;
    if (this.queue && (meta.serverKeyId !== null || kept)) {
      const origin =
        meta.origin ??
        (await this.deps.profiles.get(meta.profileId).then(
          (p) => originOf(p.baseUrl),
          () => null,
        ));
      try {
        const notBefore = options.notBefore !== undefined ? { notBefore: options.notBefore } : {};
        await this.queue.enqueue({
          profileId: meta.profileId,
          localKeyId: id,
          serverKeyId: meta.serverKeyId,
          origin,
          label: meta.name,
          ...notBefore,
        });
        queued = true;
      } catch (err) {
        this.unqueued.set(id, `The server revocation could not be queued: ${err instanceof CrmError ? err.message : 'internal error'}`);
      }
    }
    // a queued revocation is announced by the outbox's own report: one change, not two
    if (!queued) this.changes.fire({ keyId: id, profileId: meta.profileId });
    return this.get(id);
  }

  /** the outbox's report: a server revocation moved on (already on disk, so a list shows it) */
  private async onRevocationSync({ localKeyId, profileId, sync }: RevocationReport): Promise<void> {
    if (sync.state === 'synced' && localKeyId !== null) {
      // If the keychain was locked when the key was revoked, its `key:` entry may still exist.
      await this.deps.secrets.delete(keyAccount(localKeyId)).catch(() => false);
    }
    this.changes.fire({ keyId: localKeyId, profileId });
  }

  /** the saved keys changed outside this manager: another process, or a keychain repair */
  announceOutsideChange(): void {
    this.changes.fire({ keyId: null, profileId: null });
  }

  /** kept for the offline view; a list that cannot be written only leaves an older one there */
  private rememberServerKeys(profileId: string, keys: ServerKey[]): void {
    try {
      this.deps.serverKeyCache?.put(profileId, keys, this.now().toISOString());
    } catch (err) {
      this.deps.log?.(`the server's key list could not be kept for offline use: ${err instanceof Error ? err.message : 'error'}`);
    }
  }

  async listServerKeys(profileId?: string): Promise<ServerKeyList> {
    const profile = await this.deps.profiles.resolve(profileId);
    let keys: ServerKey[];
    let cachedAt: string | null = null;
    try {
      keys = await this.call(profile, null, { op: 'keys.list', input: {} }, (json) => parseServerKeys(json));
      this.rememberServerKeys(profile.id, keys);
    } catch (err) {
      // offline: the last list seen, so a server key can still be revoked (the outbox queues it)
      const cached = isUnreachable(err) ? this.deps.serverKeyCache?.get(profile.id) : null;
      if (!cached) throw err;
      keys = cached.keys;
      cachedAt = cached.at;
    }
    for (const key of keys) this.serverKeyNames.set(key.id, key.name);
    const revoking = (await this.queue?.serverRevocations(profile.id)) ?? new Map();
    return { keys: keys.map((key) => ({ ...key, prefix: shownPrefix(key.prefix), revocation: revoking.get(key.id) ?? null })), cachedAt };
  }

  async createServerKey(input: { profileId?: string; name: string; permissions?: Permission[] }): Promise<KeyMeta> {
    const profile = await this.deps.profiles.resolve(input.profileId);
    const name = checkKeyName(input.name);
    const op: Operation = { op: 'keys.create', input: input.permissions ? { name, permissions: input.permissions } : { name } };
    const created = await this.call(profile, null, op, (json) => parseCreatedKey(json));
    let meta: KeyMeta;
    try {
      meta = await this.addKey({
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
    this.newKeys.set(meta.id, { createdAt: this.now().getTime(), taken: false, revealed: false });
    return meta;
  }

  async revokeServerKey(input: { profileId?: string; serverKeyId: string }): Promise<{ serverKeyId: string; queued: boolean }> {
    const profile = await this.deps.profiles.resolve(input.profileId);
    const { serverKeyId } = input;
    const local = (await this.list(profile.id)).find((k) => k.serverKeyId === serverKeyId && k.state === 'active');
    if (local) {
      await this.revoke(local.id);
      return { serverKeyId, queued: this.queue !== undefined };
    }
    if (this.queue) {
      const label = this.serverKeyNames.get(serverKeyId) ?? serverKeyId;
      // announced by the outbox's own report of it, as a saved key's revocation is
      await this.queue.enqueue({ profileId: profile.id, localKeyId: null, serverKeyId, origin: originOf(profile.baseUrl), label });
      return { serverKeyId, queued: true };
    }
    // No outbox wired: delete now with the profile's active key (404: done only if the key is
    // then absent from the server's key list).
    try {
      await this.call(profile, null, { op: 'keys.delete', input: { id: serverKeyId } }, () => null);
    } catch (err) {
      if (!(err instanceof CrmError && err.status === 404)) throw err;
      const request = await buildRequest({ op: 'keys.delete', input: { id: serverKeyId } }, profile);
      await this.confirmGone(serverKeyId, request, () =>
        this.call(profile, null, { op: 'keys.list', input: {} }, (json) => parseServerKeys(json)),
      );
    }
    this.changes.fire({ keyId: null, profileId: null });
    return { serverKeyId, queued: false };
  }

  /**
   * The value of a key created through the API in this process, for main to put on the
   * clipboard: allowed once per key, within 5 minutes of its creation.
   */
  async takeNewKeyValueForClipboard(localKeyId: string): Promise<string> {
    const entry = this.copyableNewKey(localKeyId);
    entry.taken = true;
    const meta = await this.get(localKeyId);
    return this.deps.vault.valueOf(meta);
  }

  /**
   * The window's Copy of a new key: `write` (main's clipboard) gets the value; the one copy is
   * spent only once it succeeded, so a clipboard that failed (no clipboard program) can be tried
   * again while the key is shown. Resolves with what `write` answered.
   */
  async copyNewKeyValue<T>(localKeyId: string, write: (value: string) => Promise<T>): Promise<T> {
    const entry = this.copyableNewKey(localKeyId);
    // taken while the write runs: two presses cannot both copy
    entry.taken = true;
    try {
      return await write(await this.deps.vault.valueOf(await this.get(localKeyId)));
    } catch (err) {
      entry.taken = false;
      throw err;
    }
  }

  private copyableNewKey(localKeyId: string): { createdAt: number; taken: boolean; revealed: boolean } {
    const entry = this.newKeys.get(localKeyId);
    if (!entry) throw new CrmError('conflict', 'Only a key created here through the API can be copied, once, right after its creation.');
    if (entry.taken) throw new CrmError('conflict', 'This key was already copied; its value is shown only once.');
    if (this.now().getTime() - entry.createdAt > NEW_KEY_COPY_WINDOW_MS) {
      throw new CrmError('conflict', 'The key can only be copied in the 5 minutes after it was created.');
    }
    return entry;
  }

  /**
   * The value of a key created through the API in this process, for the window's "shown once"
   * panel: handed out once per key, within 5 minutes of its creation, and never again; a key
   * saved by hand, one revoked since, or one from another process is refused. Spent before the
   * keychain is read, so two asks at once cannot both have it.
   */
  async revealNewKeyValue(localKeyId: string): Promise<string> {
    const entry = this.newKeys.get(localKeyId);
    if (!entry) throw new CrmError('conflict', 'Only a key created here through the API is shown, once, right after its creation.');
    if (entry.revealed) throw new CrmError('conflict', 'This key was already shown once; its value is not shown again.');
    if (this.now().getTime() - entry.createdAt > NEW_KEY_COPY_WINDOW_MS) {
      throw new CrmError('conflict', 'A new key is shown only in the 5 minutes after it was created.');
    }
    entry.revealed = true;
    return this.deps.vault.valueOf(await this.get(localKeyId));
  }

  /** resolves when every key change made so far (metadata, recorded uses) is written */
  async idle(): Promise<void> {
    await this.deps.vault.flush();
    await this.deps.fingerprints.settled();
    await this.deps.meta.keys.flush();
  }

  private apiDeps() {
    return { keyAccess: this.deps.vault, sender: this.deps.sender };
  }

  private async call<T>(
    profile: Profile,
    keyId: string | null,
    op: Operation,
    parse: (json: unknown) => T,
    options: ApiCallOptions = {},
  ): Promise<T> {
    const request = await buildRequest(op, profile);
    const response = await callWithKey(this.apiDeps(), profile, keyId, request, options);
    return parse(readableJson(response));
  }

  /** after a successful test: the server's key list (if this key may read it) tells its id and permissions */
  private async discover(profile: Profile, meta: KeyMeta): Promise<void> {
    try {
      const value = await this.deps.vault.valueOf(meta);
      const keys = await this.call(profile, meta.id, { op: 'keys.list', input: {} }, (json) => parseServerKeys(json), {
        noteUse: false,
        maxAttempts: 1,
      });
      const matches = keys.filter((k) => isOwnListEntry(k.prefix, value));
      const match = matches.length === 1 ? matches[0] : undefined;
      if (!match) return;
      await this.keys.recordServerIdentity(meta.id, match.id, match.permissions);
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
      throw new CrmError('not_found', unknownRouteMessage(target, unconfirmed(err instanceof CrmError ? err.message : 'internal error')), {
        status: 404,
      });
    }
    if (verdictAfter404(listed, serverKeyId) === 'still_listed')
      throw new CrmError('not_found', unknownRouteMessage(target, STILL_LISTED), { status: 404 });
  }

  /**
   * Each key as it is shown: `heldBack` (its profile now points at another origin than the key's)
   * and, for a revoked key, where its server revocation stands by the outbox's record.
   */
  private async shown(keys: SavedKey[]): Promise<KeyMeta[]> {
    const { profiles } = await this.deps.profiles.list();
    const byId = new Map(profiles.map((p) => [p.id, p]));
    const states = keys.some((k) => k.state === 'revoked') ? await this.syncStates() : new Map<string, RevocationSyncState>();
    return keys.map((k) => ({
      ...withOriginState(k, byId.get(k.profileId)),
      sync: k.state === 'revoked' ? this.syncOf(k.id, states) : null,
    }));
  }

  /** null: the outbox's record could not be read, so where the server side stands is not known */
  private async syncStates(): Promise<ReadonlyMap<string, RevocationSyncState> | null> {
    if (!this.progress) return new Map();
    try {
      return await this.progress.syncStates();
    } catch (err) {
      this.deps.log?.(`could not read the outbox's revocation records: ${err instanceof CrmError ? err.message : 'error'}`);
      return null;
    }
  }

  private syncOf(id: string, states: ReadonlyMap<string, RevocationSyncState> | null): RevocationSyncState | null {
    if (states === null) return null;
    const recorded = states.get(id);
    if (recorded) return recorded;
    const unqueued = this.unqueued.get(id);
    return unqueued !== undefined ? { state: 'failed', reason: unqueued } : LOCAL_ONLY;
  }
}

function testMessage(outcome: KeyTestOutcome, failure: CrmError | null, canSend: boolean | undefined): string {
  switch (outcome) {
    case 'valid': {
      // one contacts request proves reading only; what earlier sends proved is said as such
      const sending =
        canSend === true
          ? 'An earlier send went through, so it can send too.'
          : canSend === false
            ? 'An earlier send was refused (403): it may not send messages.'
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
      return (
        `The API answered with a server error${failure?.status ? ` (${failure.status})` : ''}; try again later, and contact ` +
        `the service's support if it persists.`
      );
  }
}
