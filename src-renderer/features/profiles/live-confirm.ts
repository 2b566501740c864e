// The window's side of the live-profile guard (shared/live-guard.ts): a send, a key revocation
// or an outbox retry on a live profile, right after this window acted on a practice one (or on
// none yet), asks once, naming the profile and who it reaches. What this window last acted on
// is remembered per window, in memory: another window, or `crm`, keeps its own.
import { liveConfirmQuestion, needsLiveConfirm, type GuardedAct } from '../../../src-main/shared/live-guard';
import type { Profile } from '../../lib/api';
import { requestConfirm } from '../../ui/confirm-store';
import { useProfilesStore } from './profiles-store';

let lastActedOn: Pick<Profile, 'live'> | null = null;

const CONFIRM_LABELS: Record<GuardedAct, string> = { send: 'Send', revoke: 'Revoke', retry: 'Retry' };

/**
 * true: go ahead now (nothing to ask), answered at once so a caller's in-flight state is set in
 * the same tick as before; else the person's answer. `profileId`: the profile the act is on
 * (null: the window's own); `target`: the recipient, or the key's name for a revocation.
 */
export function guardLiveAct(act: GuardedAct, profileId: string | null, target: string): true | Promise<boolean> {
  const { profiles, activeProfileId } = useProfilesStore.getState();
  const profile = profiles.find((p) => p.id === (profileId ?? activeProfileId));
  if (!profile) return true;
  const acted = (): true => {
    lastActedOn = { live: profile.live === true };
    return true;
  };
  if (!needsLiveConfirm(lastActedOn, profile)) return acted();
  const question = { title: 'Live profile', message: liveConfirmQuestion(act, profile.name, target), confirmLabel: CONFIRM_LABELS[act] };
  return requestConfirm(question).then((ok) => ok && acted());
}

/** the same, always as a promise */
export const confirmLiveAct = async (act: GuardedAct, profileId: string | null, target: string): Promise<boolean> =>
  guardLiveAct(act, profileId, target);

/** for tests: the window as just opened */
export function forgetLastActedOn(): void {
  lastActedOn = null;
}
