// KeyAccess: the only way the core gets at a key value. The value is read from the keychain the
// first time it is needed and then held in memory while the key is active, so later requests
// make no keychain call. Each call made with a key registers an AbortController; revoking the
// key aborts them, and every later use fails with 'key_revoked' before any network traffic.
import { CrmError } from '../errors';
import { scrubSecret } from '../http/scrub/redact';
import type { KeyTestOutcome, Permission, SavedKey } from '../model';
import type { MetaStores } from '../meta/stores';
import { keyAccount } from '../secrets/secret-store';
import type { SecretStore } from '../secrets/secret-store';
import type { KeyAccess } from '../services';
import { isExpired } from '../../shared/key-lifecycle';
import { heldBackMessage, keyFitsProfile, originOf } from './key-origin';
import { KeysDocument } from './keys-document';

/** the shortest time between two writes of keys' last use while requests keep coming */
// A key's last use, last status and proven permissions are bookkeeping for the keys list: this
// process reads its own at once (KeyManager flushes before a read), another process within a
// second. Written at most once a second, a person paging contacts or a `crm` loop pays one keys
// write a second instead of one every 25 ms (about 30 us of each page's CPU, docs/performance.md).
const USE_BATCH_MS = 1000;

export const KEY_REVOKED_IN_FLIGHT = 'The key was revoked while the request was in flight.';

function revokedError(meta: Pick<SavedKey, 'name'>): CrmError {
  return new CrmError('key_revoked', `The key "${meta.name}" was revoked on this computer; choose or add another key.`);
}

/** 'no_key': like a missing key, the profile needs another one (a queued message waits for it) */
function expiredError(meta: Pick<SavedKey, 'name' | 'expiresAt'>): CrmError {
  return new CrmError(
    'no_key',
    `The key "${meta.name}" expired ${meta.expiresAt?.slice(0, 10) ?? ''} and is not sent: choose or add another key.`,
  );
}

export class KeyVault implements KeyAccess {
  private readonly cache = new Map<string, string>();
  private readonly loading = new Map<string, Promise<string>>();
  private readonly inflight = new Map<string, Set<AbortController>>();
  /** ids revoked or forgotten in this process: refused even before metadata says so */
  private readonly blocked = new Set<string>();
  private readonly pendingUse = new Map<
    string,
    { at: string; outcome: KeyTestOutcome | null; proven?: Partial<Record<Permission, boolean>> }
  >();
  private useFlush: Promise<void> | null = null;
  /** ends the wait of a use write held back for its batch (flush() writes at once) */
  private wakeUseWrite: (() => void) | null = null;
  /** when recorded uses were last written (performance.now()) */
  private lastUseWriteAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly secrets: SecretStore,
    private readonly meta: MetaStores,
    private readonly now: () => Date = () => new Date(),
    /** told each time a value was read from the keychain (the key's tag is made then if missing) */
    private readonly onValueRead?: (keyId: string, value: string) => void,
  ) {}

  async withKey<T>(
    profileId: string,
    keyId: string | null,
    fn: (key: string, signal: AbortSignal, meta: SavedKey) => Promise<T>,
    options: { origin?: string } = {},
  ): Promise<T> {
    const meta = await this.resolve(profileId, keyId, options.origin);
    const value = await this.value(meta);
    // The key may have been revoked while the keychain answered.
    if (this.blocked.has(meta.id)) throw revokedError(meta);
    const controller = new AbortController();
    let set = this.inflight.get(meta.id);
    if (!set) {
      set = new Set();
      this.inflight.set(meta.id, set);
    }
    set.add(controller);
    try {
      return await fn(value, controller.signal, meta);
    } catch (err) {
      if (controller.signal.aborted) throw new CrmError('key_revoked', KEY_REVOKED_IN_FLIGHT);
      throw err;
    } finally {
      set.delete(controller);
      if (set.size === 0) this.inflight.delete(meta.id);
    }
  }

  noteUse(keyId: string, outcome: KeyTestOutcome | null, proof?: { permission: Permission; holds: boolean }): void {
    const previous = this.pendingUse.get(keyId);
    const at = outcome === 'unreachable' ? (previous?.at ?? '') : this.now().toISOString();
    const proven = proof ? { ...previous?.proven, [proof.permission]: proof.holds } : previous?.proven;
    this.pendingUse.set(keyId, { at, outcome: outcome ?? previous?.outcome ?? null, ...(proven ? { proven } : {}) });
    if (!this.useFlush) {
      // Coalesced: a burst of requests costs one metadata write, after the burst; requests one
      // after the other share a write per USE_BATCH_MS. The first after a quiet spell goes on a
      // timer too, never in the microtasks of the request whose answer is on its way.
      const wait = Math.max(0, USE_BATCH_MS - (performance.now() - this.lastUseWriteAt));
      const due = new Promise<void>((wake) => {
        const timer = setTimeout(wake, wait);
        this.wakeUseWrite = () => {
          clearTimeout(timer);
          wake();
        };
      });
      this.useFlush = due.then(() => this.flushUse());
    }
  }

  /** waits until recorded uses are written (at once: a write held back for its batch goes now) */
  async flush(): Promise<void> {
    while (this.useFlush) {
      this.wakeUseWrite?.();
      await this.useFlush;
    }
  }

  /**
   * Local revocation, in memory: aborts every in-flight request with the key, forgets the cached
   * value and refuses later uses. Returns the cached value, if any, so the caller can move it to
   * the revocation account without another keychain read.
   */
  revokeLocal(keyId: string): string | null {
    const value = this.cache.get(keyId) ?? null;
    this.blocked.add(keyId);
    this.cache.delete(keyId);
    for (const controller of this.inflight.get(keyId) ?? []) {
      controller.abort(new CrmError('key_revoked', KEY_REVOKED_IN_FLIGHT));
    }
    return value;
  }

  /**
   * The profile's saved, active keys known to hold keys:manage: what a server revocation may try
   * after the active key. Metadata only, no keychain call.
   */
  async adminKeyIds(profileId: string): Promise<string[]> {
    const { keys } = await this.meta.keys.read();
    return keys
      .filter(
        (k) =>
          k.profileId === profileId && k.state === 'active' && !this.blocked.has(k.id) && k.permissions?.includes('keys:manage') === true,
      )
      .map((k) => k.id);
  }

  /** forgets every cached value (at close); in-flight requests are left to finish */
  clearCache(): void {
    this.cache.clear();
  }

  /** the cached value, without any keychain call (null when not cached) */
  cached(keyId: string): string | null {
    return this.cache.get(keyId) ?? null;
  }

  /** the value of an active key (cached, or read once from the keychain); used by KeyService only */
  async valueOf(meta: SavedKey): Promise<string> {
    if (this.blocked.has(meta.id) || meta.state === 'revoked') throw revokedError(meta);
    return this.value(meta);
  }

  /** true when `text` contains a key value held in memory (the request log's last check) */
  containsSecret(text: string): boolean {
    for (const value of this.cache.values()) if (text.includes(value)) return true;
    return false;
  }

  /**
   * `text` with every run of a key value held in memory cut out (scrubSecret per value).
   * `scrubbedOf`: a key `text` is already scrubbed of, not scanned for again (unless it holds a
   * `*`, which the `***` of another key's cut could complete into a new run of it).
   */
  scrubSecrets(text: string, scrubbedOf?: string): string {
    let out = text;
    for (const value of this.cache.values()) {
      if (value === scrubbedOf && !value.includes('*')) continue;
      out = scrubSecret(out, value);
    }
    return out;
  }

  /**
   * Every live saved key (any profile) with its value, for the leak response (keys/key-leaks.ts)
   * only: values stay in main. Read once from the keychain and then held like any used key, so
   * the scrubbers cut them too; a key whose value is missing is left out.
   */
  async liveValues(): Promise<{ key: SavedKey; value: string }[]> {
    const { keys } = await this.meta.keys.read();
    const live = keys.filter((k) => k.state === 'active' && !this.blocked.has(k.id));
    const read = await Promise.all(
      live.map((key) =>
        this.value(key).then(
          (value) => ({ key, value }),
          () => null,
        ),
      ),
    );
    return read.filter((entry): entry is { key: SavedKey; value: string } => entry !== null);
  }

  /** number of requests in flight with a key (for tests and diagnostics) */
  inflightCount(keyId: string): number {
    return this.inflight.get(keyId)?.size ?? 0;
  }

  private async resolve(profileId: string, keyId: string | null, origin?: string): Promise<SavedKey> {
    const profiles = await this.meta.profiles.read();
    const profile = profiles.profiles.find((p) => p.id === profileId);
    if (!profile && keyId === null) throw new CrmError('not_found', 'That profile no longer exists.');
    const id = keyId ?? profile?.activeKeyId;
    if (!id) throw new CrmError('no_key', `The profile "${profile?.name ?? ''}" has no active API key: add one in Keys.`);
    const keys = await this.meta.keys.read();
    const meta = keys.keys.find((k) => k.id === id);
    if (!meta || meta.profileId !== profileId || !profile)
      throw new CrmError('no_key', 'That API key is not saved for this profile: add it in Keys.');
    if (meta.state === 'revoked' || this.blocked.has(meta.id)) throw revokedError(meta);
    // past its expiry the key is not sent at all: the service may still take it, but the person
    // chose when it stops, and a request made after that is one nobody meant to make
    if (isExpired(meta, this.now())) throw expiredError(meta);
    // The one gate every use of a key passes: it goes only to the origin it was saved for.
    const target = origin ?? originOf(profile.baseUrl);
    if (origin !== undefined && meta.origin !== undefined && meta.origin !== null && meta.origin !== origin) {
      throw new CrmError('key_held_back', `The key "${meta.name}" is bound to ${meta.origin}, not to ${origin}: it is not sent there.`);
    }
    if (origin === undefined && !keyFitsProfile(meta, profile)) throw new CrmError('key_held_back', heldBackMessage(meta, profile));
    if (meta.origin === undefined || meta.origin === null) return this.bindOrigin(meta, target);
    return meta;
  }

  /** a key saved before keys were bound: bound now, at its first use, to where it is used */
  private async bindOrigin(meta: SavedKey, origin: string | null): Promise<SavedKey> {
    if (origin === null) return meta;
    await new KeysDocument(this.meta.keys).bindOrigin(meta.id, origin);
    return { ...meta, origin };
  }

  private value(meta: SavedKey): Promise<string> {
    const cached = this.cache.get(meta.id);
    if (cached !== undefined) return Promise.resolve(cached);
    let pending = this.loading.get(meta.id);
    if (!pending) {
      // One keychain read even when several requests start at once.
      pending = this.secrets
        .get(keyAccount(meta.id))
        .then((value) => {
          if (value === null) {
            throw new CrmError(
              'no_key',
              `The value of the key "${meta.name}" is missing from the OS keychain: remove the key and add it again.`,
            );
          }
          if (!this.blocked.has(meta.id)) this.cache.set(meta.id, value);
          this.onValueRead?.(meta.id, value);
          return value;
        })
        .finally(() => this.loading.delete(meta.id));
      this.loading.set(meta.id, pending);
    }
    return pending;
  }

  private async flushUse(): Promise<void> {
    this.wakeUseWrite = null;
    this.lastUseWriteAt = performance.now();
    try {
      while (this.pendingUse.size > 0) {
        const batch = new Map(this.pendingUse);
        this.pendingUse.clear();
        await new KeysDocument(this.meta.keys).recordUse(batch);
      }
    } catch {
      // last-used bookkeeping is best effort; a failing disk shows up on the next real write
    } finally {
      this.useFlush = null;
    }
  }
}
