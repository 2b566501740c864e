// Revoking from either key list: work out what it means (revoke-plan.ts), ask (the revoke
// dialog), switch the profiles the person chose to switch, then revoke. A switch that fails
// stops there: the key is not revoked under a profile still using it.
import type { KeyMeta, ServerKey } from '../../lib/api';
import { invoke } from '../../lib/api';
import { useProfilesStore } from '../profiles/profiles-store';
import { useKeysStore } from './keys-store';
import { planRevoke, profilesUsing, type RevokePlan, type RevokeSubject } from './revoke-plan';
import { requestRevoke } from './revoke-dialog-store';

/** the plan, with each using profile's keys: the listed ones for the window's profile, asked for the others */
export async function planFor(subject: RevokeSubject): Promise<RevokePlan> {
  const { profiles, activeProfileId } = useProfilesStore.getState();
  const keys = useKeysStore.getState();
  const byProfile = new Map<string, readonly KeyMeta[]>();
  if (keys.profileId) byProfile.set(keys.profileId, keys.keys);
  for (const p of profilesUsing(subject.localKeyId, profiles)) {
    if (byProfile.has(p.id)) continue;
    const r = await invoke('keys:list', { profileId: p.id });
    // not listed: no key is offered to switch to, and the dialog still says what stops working
    byProfile.set(p.id, r.ok ? r.value : []);
  }
  return planRevoke(subject, profiles, activeProfileId, (id) => byProfile.get(id) ?? []);
}

/** asks, then switches and revokes; true when `revoke` ran and succeeded */
export async function revokeWithDialog(subject: RevokeSubject, revoke: () => Promise<boolean>): Promise<boolean> {
  const choice = await requestRevoke(await planFor(subject));
  if (!choice) return false;
  for (const keyId of Object.values(choice.switchTo)) {
    if (!(await useKeysStore.getState().activateKey(keyId))) return false;
  }
  return revoke();
}

/** a saved key, as the dialog names it */
export function savedSubject(k: KeyMeta, prefix: string | null): RevokeSubject {
  return {
    kind: 'saved',
    name: k.name,
    prefix,
    lastFour: k.fingerprint,
    createdAt: k.addedAt,
    lastUsedAt: k.lastUsedAt,
    localKeyId: k.id,
    live: k.state !== 'revoked',
  };
}

/** a server key, named with what its saved copy adds (last four, who uses it) */
export function serverSubject(k: ServerKey, saved: KeyMeta | null): RevokeSubject {
  return {
    kind: 'server',
    name: k.name,
    prefix: k.prefix,
    lastFour: saved?.fingerprint ?? null,
    createdAt: k.createdAt ?? saved?.addedAt ?? null,
    lastUsedAt: k.lastUsedAt ?? saved?.lastUsedAt ?? null,
    localKeyId: saved?.id ?? null,
    live: saved ? saved.state !== 'revoked' : true,
  };
}
