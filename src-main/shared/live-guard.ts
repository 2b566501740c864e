// The live-profile guard's decisions, pure so the window, `crm` and any later action that sends
// for real (a webhook replay, say) ask the same question at the same moments. A live profile
// reaches real people: the first act on one after acts on a practice profile (the sandbox)
// is where a person most easily sends to the wrong place, so that is where we ask once.
import { isLoopbackHost } from './loopback-host';

/** the parts of a profile the guard reads */
export interface GuardedProfile {
  id: string;
  name: string;
  live?: boolean | undefined;
}

/**
 * Whether an act (a send, a key revocation, an outbox retry) on `next` asks first. `previous`:
 * the profile this window's last send or revocation used; null when it made none yet, which
 * counts as not live, so the window's first act on a live profile asks too.
 */
export function needsLiveConfirm(previous: Pick<GuardedProfile, 'live'> | null, next: Pick<GuardedProfile, 'live'>): boolean {
  return next.live === true && previous?.live !== true;
}

/** whether a profile at this base URL is suggested as live: its host is not this computer (an unreadable URL: no suggestion) */
export function suggestsLive(baseUrl: string): boolean {
  try {
    return !isLoopbackHost(new URL(baseUrl).hostname);
  } catch {
    return false;
  }
}

export type GuardedAct = 'send' | 'revoke' | 'retry';

const ACT_WORDS: Record<GuardedAct, string> = { send: 'Send to', revoke: 'Revoke a key of', retry: 'Retry the send to' };

/** the one question, naming the profile and who it reaches (a recipient for sends, the key's name for a revocation) */
export function liveConfirmQuestion(act: GuardedAct, profileName: string, target: string): string {
  const what =
    act === 'revoke'
      ? `${ACT_WORDS.revoke} the live profile "${profileName}" (${target})?`
      : `${ACT_WORDS[act]} ${target} on the live profile "${profileName}"?`;
  return `${what} This reaches the real service, not a sandbox.`;
}

/** the stderr line `crm` prints on every send to a live profile */
export function liveSendLine(profileName: string): string {
  return `Live profile: "${profileName}" (this send reaches the real service).`;
}
