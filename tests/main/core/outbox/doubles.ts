// Small in-memory stand-ins for the ports the outbox uses (the real KeyService and profile
// store are built elsewhere and are not what these tests test). No vitest import here: the
// crash-test child process uses the same doubles.
import { CrmError } from '../../../../src-main/core/errors';
import type { KeyMeta, Permission, Profile, RevocationSyncState } from '../../../../src-main/core/model';
import type { RevocationKeyStore } from '../../../../src-main/core/outbox/kinds/index';
import type { KeyAccess, RevocationReport } from '../../../../src-main/core/services';

interface Saved {
  value: string;
  meta: KeyMeta;
  ctrl: AbortController;
}

export const PROFILE_ID = 'p_test';

/** profiles + keys + the keychain entries of revoked keys, all in maps */
export class TestKeys implements KeyAccess {
  readonly keys = new Map<string, Saved>();
  readonly profiles = new Map<string, Profile>();
  /** the revoked keys' own values (RevocationKeyStore) */
  readonly revoking = new Map<string, string>();
  readonly syncs: { localKeyId: string | null; sync: RevocationSyncState }[] = [];
  private gate: Promise<void> | null = null;
  private openGate: (() => void) | null = null;

  constructor(baseUrl: string) {
    this.profiles.set(PROFILE_ID, {
      id: PROFILE_ID,
      name: 'test',
      baseUrl,
      endpointOverrides: {},
      api: null,
      activeKeyId: null,
      sandbox: true,
      allowInsecureHttp: false,
      createdAt: new Date().toISOString(),
    });
  }

  add(id: string, value: string, permissions: Permission[] | null, options: { serverKeyId?: string | null; active?: boolean } = {}): void {
    const meta: KeyMeta = {
      id,
      name: id,
      profileId: PROFILE_ID,
      fingerprint: value.slice(-4),
      permissions,
      addedAt: new Date().toISOString(),
      lastUsedAt: null,
      lastStatus: null,
      state: 'active',
      serverKeyId: options.serverKeyId ?? null,
      revokedAt: null,
      sync: null,
    };
    this.keys.set(id, { value, meta, ctrl: new AbortController() });
    if (options.active) this.setActive(id);
  }

  /** RevocationDeps.adminKeyIds: saved, active keys known to hold keys:manage */
  readonly adminKeyIds = async (): Promise<string[]> =>
    [...this.keys.values()]
      .filter((k) => k.meta.state === 'active' && k.meta.permissions?.includes('keys:manage') === true)
      .map((k) => k.meta.id);

  /** the key is not saved here at all (an agent's machine without the admin key) */
  forget(id: string): void {
    this.keys.delete(id);
    if (this.profiles.get(PROFILE_ID)!.activeKeyId === id) this.setActive(null);
  }

  setActive(id: string | null): void {
    const p = this.profiles.get(PROFILE_ID)!;
    this.profiles.set(PROFILE_ID, { ...p, activeKeyId: id });
  }

  /** what KeyService.revoke does locally: unusable at once, the value kept only to delete itself */
  revokeLocally(id: string): void {
    const saved = this.keys.get(id);
    if (!saved) throw new Error(`no key ${id}`);
    saved.meta = { ...saved.meta, state: 'revoked', revokedAt: new Date().toISOString() };
    saved.ctrl.abort();
    this.revoking.set(id, saved.value);
    if (this.profiles.get(PROFILE_ID)!.activeKeyId === id) this.setActive(null);
  }

  /** getProfile() blocks until release(): keeps an outbox from syncing (enqueue-only) */
  hold(): void {
    this.gate = new Promise((resolve) => {
      this.openGate = resolve;
    });
  }

  release(): void {
    this.openGate?.();
    this.gate = null;
  }

  getProfile = async (id: string): Promise<Profile> => {
    if (this.gate) await this.gate;
    const p = this.profiles.get(id);
    if (!p) throw new CrmError('not_found', `No profile ${id}`);
    return { ...p };
  };

  async withKey<T>(
    profileId: string,
    keyId: string | null,
    fn: (key: string, signal: AbortSignal, meta: KeyMeta) => Promise<T>,
  ): Promise<T> {
    const id = keyId ?? this.profiles.get(profileId)?.activeKeyId ?? null;
    if (id === null) throw new CrmError('no_key', 'This profile has no active key');
    const saved = this.keys.get(id);
    if (!saved) throw new CrmError('no_key', 'That key is not saved any more');
    if (saved.meta.state === 'revoked') throw new CrmError('key_revoked', 'That key was revoked');
    return fn(saved.value, saved.ctrl.signal, { ...saved.meta });
  }

  noteUse(): void {}

  revocationKeys: RevocationKeyStore = {
    get: async (localKeyId) => this.revoking.get(localKeyId) ?? null,
    drop: async (localKeyId) => {
      this.revoking.delete(localKeyId);
    },
  };

  /** listens to the outbox's revocation reports, as KeyService does */
  onRevocationSync = ({ localKeyId, sync }: RevocationReport): void => {
    this.syncs.push({ localKeyId, sync });
  };

  lastSync(localKeyId: string): RevocationSyncState | undefined {
    return this.syncs.filter((s) => s.localKeyId === localKeyId).pop()?.sync;
  }
}

export interface SandboxMessage {
  id: string;
  number: string;
  text?: string;
  created_at: string;
}

/** every message the sandbox holds, oldest first */
export async function sandboxMessages(baseUrl: string, adminKey: string): Promise<SandboxMessage[]> {
  const all: SandboxMessage[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${baseUrl}/api/v1/messages?per_page=500&page=${page}`, { headers: { Authorization: `Bearer ${adminKey}` } });
    if (res.status !== 200) throw new Error(`GET /messages answered ${res.status}`);
    const body = (await res.json()) as { data: SandboxMessage[] };
    all.push(...body.data);
    if (body.data.length < 500) break;
  }
  return all.reverse();
}

export async function serverKeyIds(baseUrl: string, adminKey: string): Promise<string[]> {
  const res = await fetch(`${baseUrl}/api/v1/api-keys`, { headers: { Authorization: `Bearer ${adminKey}` } });
  if (res.status !== 200) throw new Error(`GET /api-keys answered ${res.status}`);
  return ((await res.json()) as { data: { id: string }[] }).data.map((k) => k.id);
}

/** the status a key gets for a cheap authenticated GET */
export async function keyStatus(baseUrl: string, key: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/v1/contacts?per_page=1`, { headers: { Authorization: `Bearer ${key}` } });
  await res.arrayBuffer();
  return res.status;
}
