// Finding the profile a command means: --profile REF (an id, or a name in any letter case), else
// the active one.
import { CrmError } from '../core/errors';
import type { Profile } from '../core/model';
import type { ProfileService } from '../core/services';

/** --profile REF (an id, or a name in any letter case), else the active profile. */
export async function resolveProfile(core: { profiles: Pick<ProfileService, 'list'> }, ref: string | undefined): Promise<Profile> {
  const { profiles, activeProfileId } = await core.profiles.list();
  if (ref === undefined) {
    const active = profiles.find((p) => p.id === activeProfileId);
    if (active) return active;
    if (profiles.length === 0) {
      throw new CrmError(
        'validation',
        'No profile yet: add one with `crm profiles add --name NAME --url URL`, or set CRM_API_KEY and CRM_BASE_URL.',
      );
    }
    throw new CrmError('validation', 'No profile is active: choose one with `crm profiles use NAME`.');
  }
  const found = profiles.find((p) => p.id === ref) ?? profiles.find((p) => p.name.toLowerCase() === ref.toLowerCase());
  if (!found) throw new CrmError('not_found', `No profile named "${ref}" (see \`crm profiles list\`).`);
  return found;
}
