// Profile changes that need the person's own word, asked by MAIN (a native dialog in Electron,
// a prompt in the CLI), never taken from a flag the window sets: sending the saved keys to a new
// origin, and plain http to a host that is not this computer. A "no" to moving the keys still
// saves the profile; the keys stay bound to their old origin (held back) until approved.
import type { Profile } from '../model';
import type { ProfileManager } from './profile-manager';

export interface ConsentQuestion {
  title: string;
  message: string;
  detail: string;
  /** the button that says yes; the other one is "Cancel" */
  confirmLabel: string;
}

/** asks the person; resolves true only for an explicit yes */
export type AskConsent = (question: ConsentQuestion) => Promise<boolean>;

/** nobody to ask (no dialog port): the answer is no */
export const NO_CONSENT: AskConsent = async () => false;

export function insecureQuestion(origin: string): ConsentQuestion {
  return {
    title: 'Unencrypted connection',
    message: `Use plain http with ${origin}?`,
    detail:
      'This address is not this computer, so API keys and messages would cross the network unencrypted. Use https unless you are sure.',
    confirmLabel: 'Use plain http',
  };
}

export function moveKeysQuestion(profileName: string, count: number, to: string): ConsentQuestion {
  const keys = count === 1 ? 'its saved API key' : `its ${count} saved API keys`;
  return {
    title: 'Send the keys to a new address?',
    message: `Send ${keys} to ${to}?`,
    detail:
      `The profile "${profileName}" now points at ${to}. Its keys were saved for another address and are only sent where they were saved, ` +
      'unless you approve it here. If you do not, the profile is saved and its keys stay unused until you approve them.',
    confirmLabel: 'Send the keys there',
  };
}

/** what the consent flows need of the profile service */
export type ConsentProfiles = Pick<ProfileManager, 'create' | 'update' | 'get' | 'consentNeeded' | 'insecureOriginOf'>;

type CreateInput = Parameters<ProfileManager['create']>[0];
type UpdatePatch = Parameters<ProfileManager['update']>[1];

/** profiles:create from the window: plain http to a remote host is confirmed by the person through main */
export async function createProfileAsking(
  profiles: ConsentProfiles,
  ask: AskConsent,
  input: Omit<CreateInput, 'confirmInsecure'>,
): Promise<Profile> {
  const insecure = await profiles.insecureOriginOf(input.baseUrl);
  const confirmInsecure = insecure !== null && (await ask(insecureQuestion(insecure)));
  return profiles.create({ ...input, confirmInsecure });
}

/** profiles:update from the window: both consents asked through main, each only when needed */
export async function updateProfileAsking(
  profiles: ConsentProfiles,
  ask: AskConsent,
  id: string,
  patch: Omit<UpdatePatch, 'confirmInsecure'>,
): Promise<Profile> {
  const needed = await profiles.consentNeeded(id, patch);
  const confirmInsecure = needed.insecureOrigin !== null && (await ask(insecureQuestion(needed.insecureOrigin)));
  // a refused http confirmation fails the update with its own message; nothing is asked after it
  if (needed.insecureOrigin !== null && !confirmInsecure) return profiles.update(id, { ...patch, confirmInsecure: false });
  const profile = await profiles.get(id);
  const moveKeys =
    needed.keysToMove !== null && (await ask(moveKeysQuestion(patch.name ?? profile.name, needed.keysToMove.count, needed.keysToMove.to)));
  return profiles.update(id, { ...patch, confirmInsecure }, { moveKeys });
}
