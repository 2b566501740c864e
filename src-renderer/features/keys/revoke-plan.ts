// What revoking a key means, worked out before the dialog opens (pure: no store, no IPC). The
// dialog names the key by what may be shown of it (name, last four, dates) so two keys of the
// same name are told apart, says which profiles stop working, offers each of them its other live
// keys to switch to first, and asks for the last four typed when a live key is in use.
import type { KeyMeta, Profile } from '../../lib/api';

/** the key as the dialog names it: a saved key, or a server key (and its saved copy, if any) */
export interface RevokeSubject {
  kind: 'saved' | 'server';
  name: string;
  /** the start the server lists ("crm_sk_TAV5"), when known and not cut by main */
  prefix: string | null;
  /** the last four characters, known when the key is saved here */
  lastFour: string | null;
  createdAt: string | null;
  lastUsedAt: string | null;
  /** the key saved here: what a profile uses (null: a server key saved on no profile) */
  localKeyId: string | null;
  /** revoked keys are not live: nothing stops working */
  live: boolean;
}

/** a key a profile could use instead: live, sent to where the profile points, not the one revoked */
export interface Alternative {
  id: string;
  name: string;
  fingerprint: string;
}

export interface ProfileUse {
  profileId: string;
  profileName: string;
  /** the profile the window works with */
  active: boolean;
  alternatives: Alternative[];
}

export interface RevokePlan {
  subject: RevokeSubject;
  usedBy: ProfileUse[];
  /** the last four must be typed before Revoke is enabled */
  needsTyping: boolean;
}

/** the profiles that send this key: those whose active key it is */
export function profilesUsing(localKeyId: string | null, profiles: readonly Profile[]): Profile[] {
  if (localKeyId === null) return [];
  return profiles.filter((p) => p.activeKeyId === localKeyId);
}

/** the keys of one profile it could switch to: live, not held back, not the key being revoked */
export function alternativesIn(keys: readonly KeyMeta[], profileId: string, revokedId: string): Alternative[] {
  return keys
    .filter((k) => k.profileId === profileId && k.id !== revokedId && k.state === 'active' && k.heldBack !== true)
    .map((k) => ({ id: k.id, name: k.name, fingerprint: k.fingerprint }));
}

export function planRevoke(
  subject: RevokeSubject,
  profiles: readonly Profile[],
  activeProfileId: string | null,
  keysOf: (profileId: string) => readonly KeyMeta[],
): RevokePlan {
  const usedBy = subject.live
    ? profilesUsing(subject.localKeyId, profiles).map((p) => ({
        profileId: p.id,
        profileName: p.name,
        active: p.id === activeProfileId,
        alternatives: alternativesIn(keysOf(p.id), p.id, subject.localKeyId ?? ''),
      }))
    : [];
  // a key in use is one typo away from stopping a profile: the person types what they mean
  return { subject, usedBy, needsTyping: usedBy.length > 0 && subject.lastFour !== null };
}

/** the sentence for a profile that uses the key */
export function stopsWorking(use: ProfileUse): string {
  return `The profile ${use.profileName} uses this key: its requests will be refused until you choose another key.`;
}

/** what was typed confirms the key: its last four exactly (spaces around are forgiven) */
export function typedMatches(typed: string, lastFour: string | null): boolean {
  return lastFour !== null && typed.trim() === lastFour;
}

/** the person's answer: revoke, after switching these profiles (profile id -> key id) first */
export interface RevokeChoice {
  switchTo: Record<string, string>;
}
