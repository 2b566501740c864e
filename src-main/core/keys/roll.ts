// Rolling a key with an overlap: a new key is created on the service (same profile and
// permissions), saved in the keychain, PROVED with the key test's live request, every profile
// that used the old key is switched to it, and only then is the old key retired: revoked here
// and its server revocation queued in the outbox, not sent before its grace ends
// (outbox/schedule.ts), so copies of the old value elsewhere keep working meanwhile.
// Each step runs only when the one before it held; a failure says where it stopped, and until
// the switch the old key is still the one in use.
import { CrmError, toErrorInfo } from '../errors';
import { LIMITS } from '../limits';
import type { KeyMeta } from '../model';
import type { KeyService, ProfileService } from '../services';
import type { Grace, RollOutcome, RollStep } from '../../shared/key-roll';
import { retirementAt } from '../outbox/kinds/revocation/schedule';

export interface RollDeps {
  keys: Pick<KeyService, 'get' | 'createServerKey' | 'checkKey' | 'revoke'>;
  profiles: Pick<ProfileService, 'list' | 'setActiveKey'>;
  now?: () => number;
}

export type RollResult = RollOutcome;

/** "ci (rolled)", cut so that it stays a valid key name */
export function rolledName(name: string): string {
  const suffix = ' (rolled)';
  const base = name.replace(/ \(rolled\)$/, '');
  return [...base].slice(0, LIMITS.keyNameChars - suffix.length).join('') + suffix;
}

function stopped(err: unknown, sentence: (why: string) => string): CrmError {
  const info = toErrorInfo(err);
  return new CrmError(info.code, sentence(info.message.replace(/\.$/, '')), info.status !== undefined ? { status: info.status } : {});
}

/** `onStep`: told as each step starts (the window shows the roll's progress by step) */
export async function rollKey(
  deps: RollDeps,
  input: { keyId: string; grace: Grace; onStep?: (step: RollStep) => void },
): Promise<RollResult> {
  const now = deps.now ?? Date.now;
  const step = input.onStep ?? (() => {});
  const oldKey = await deps.keys.get(input.keyId);
  if (oldKey.state !== 'active') throw new CrmError('validation', `The key "${oldKey.name}" is revoked; only a key in use can be rolled.`);

  // 1. created on the service and saved in the keychain (createServerKey deletes it on the
  //    service again when the keychain refuses it)
  let newKey: KeyMeta;
  step('creating');
  try {
    newKey = await deps.keys.createServerKey({
      profileId: oldKey.profileId,
      name: rolledName(oldKey.name),
      ...(oldKey.permissions ? { permissions: oldKey.permissions } : {}),
    });
  } catch (err) {
    throw stopped(err, (why) => `Could not create the new key on the service (${why}): the old key is still in use.`);
  }
  const made = `created and saved the new key …${newKey.fingerprint}`;

  // 2. proved with a live request: a 403 still proves the service knows the key (it only lacks
  //    contacts:read); anything else and nobody is switched to it
  let outcome: string;
  let why: string;
  step('proving');
  try {
    const test = await deps.keys.checkKey(newKey.id);
    outcome = test.outcome;
    why = test.message;
  } catch (err) {
    throw stopped(
      err,
      (reason) => `${capital(made)}, but it could not be tried (${reason}): the old key is still in use; the new one is saved, unused.`,
    );
  }
  if (outcome !== 'valid' && outcome !== 'forbidden') {
    const refused =
      outcome === 'invalid_or_revoked' ? 'it was refused by the service' : `the service did not confirm it (${outcome.replace(/_/g, ' ')})`;
    throw new CrmError('conflict', `${capital(made)}, but ${refused}: the old key is still in use; the new one is saved, unused. ${why}`);
  }

  // 3. every profile that used the old key uses the new one
  const switched: string[] = [];
  step('switching');
  try {
    const { profiles } = await deps.profiles.list();
    for (const p of profiles) {
      if (p.activeKeyId !== oldKey.id) continue;
      await deps.profiles.setActiveKey(p.id, newKey.id);
      switched.push(p.id);
    }
  } catch (err) {
    throw stopped(
      err,
      (reason) =>
        `${capital(made)} and proved it, but could not switch every profile to it (${reason}): the old key is still in use where it was not switched.`,
    );
  }

  // 4. the old key retires: here at once, on the service when the grace ends
  const retiresAt = retirementAt(now(), input.grace);
  step('scheduling');
  try {
    await deps.keys.revoke(oldKey.id, retiresAt !== null ? { notBefore: retiresAt } : {});
  } catch (err) {
    throw stopped(
      err,
      (reason) =>
        `${capital(made)}, proved it and switched to it, but the old key's retirement could not be scheduled (${reason}): the ` +
        `old key still works; revoke it by hand.`,
    );
  }
  return { oldKey: await deps.keys.get(oldKey.id), newKey: await deps.keys.get(newKey.id), switched, retiresAt };
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
