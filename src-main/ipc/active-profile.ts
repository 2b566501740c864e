// The profile a channel without a profile id acts on: the active one, or a sentence saying
// what to do when there is none.
import { CrmError } from '../core/errors';
import type { HandlerCore } from './handler-types';

export async function activeProfileId(profiles: Pick<HandlerCore['profiles'], 'active'>): Promise<string> {
  const active = await profiles.active();
  if (!active) throw new CrmError('validation', 'No profile is active. Add or choose a profile first.');
  return active.id;
}
