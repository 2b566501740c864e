// crm keys check: the key records in crm.db against the values in the OS keychain, and the two
// repairs a person may ask for. Nothing is changed without --recover or --forget-missing.
import { UsageError } from '../args';
import { defineCommand } from '../command';
import { clean } from '../format';
import { describeFindings } from '../../core/keys/keychain-consistency';
import { originOf } from '../../core/keys/key-origin';
import { confirmOrRefuse, yesOption } from './shared';

/**
 * What --recover asks before binding: the keychain does not record which origin or data folder a
 * value was saved for, so a value may be another data folder's live key. Bound here, it would be
 * sent to this profile's origin, and removing the profile would delete it from the keychain.
 */
export function recoveryQuestion(values: readonly { fingerprint: string }[], profileName: string, origin: string): string {
  const count = values.length;
  const which = values.map((v) => `…${v.fingerprint}`).join(', ');
  return (
    `Bind ${count} key value${count === 1 ? '' : 's'} no saved key of this data folder names (${which}) to the profile "${profileName}" at ${origin}? ` +
    `The keychain does not say where ${count === 1 ? 'it was' : 'they were'} saved for: ${count === 1 ? 'it may be' : 'they may be'} another data folder's key, ` +
    `which would then be sent to ${origin}, and deleted from the keychain with this profile.`
  );
}

export const keysCheck = defineCommand({
  name: 'keys check',
  summary: 'compare saved keys with the OS keychain; recover values no key names, or forget keys whose value is gone',
  usage: ['keys check [--json]', 'keys check --recover PROFILE [--yes]', 'keys check --forget-missing'],
  options: {
    recover: { type: 'string', valueName: 'PROFILE', help: 'list every value no saved key names again, under this profile (asks first, naming its origin)' },
    yes: yesOption,
    'forget-missing': { type: 'boolean', help: 'remove the saved keys whose value is no longer in the keychain' },
  },
  positionals: { min: 0, max: 0 },
  async run(ctx, { values }) {
    if (values.recover !== undefined && values['forget-missing']) throw new UsageError('--recover and --forget-missing are two separate repairs: run one, then the other');
    const session = await ctx.session({ ...(values.recover === undefined ? {} : { profileRef: values.recover }) });
    const { keychain } = session.core;
    if (values.recover !== undefined) {
      const profile = await session.profile();
      const found = await keychain.unlisted();
      if (found.length === 0) return { data: { profileId: profile.id, recovered: [] }, text: 'No key value in the keychain was without a saved key.' };
      const origin = originOf(profile.baseUrl) ?? profile.baseUrl;
      await confirmOrRefuse(ctx, values.yes === true, recoveryQuestion(found, clean(profile.name), clean(origin)), `bind keychain values to ${clean(origin)}`);
      const recovered = await keychain.recoverInto(profile.id, found.map((v) => v.id));
      const text = recovered.length === 0 ? 'No key value in the keychain was without a saved key.' : recovered.map((k) => `Recovered "${clean(k.name)}" under profile "${clean(profile.name)}".`).join('\n');
      return { data: { profileId: profile.id, recovered }, text };
    }
    if (values['forget-missing']) {
      const forgotten = await keychain.forgetMissing();
      const text = forgotten.length === 0 ? 'Every saved key has its value in the keychain.' : forgotten.map((name) => `Removed "${clean(name)}": its value was no longer in the keychain.`).join('\n');
      return { data: { forgotten }, text };
    }
    const findings = await keychain.check();
    if (!findings) return { data: { checked: false }, text: 'This keychain cannot list what it holds, so nothing could be compared.' };
    const lines = describeFindings(findings);
    return {
      data: { checked: true, missingValues: findings.missingValues.map((k) => ({ id: k.id, name: k.name, profileId: k.profileId })), unlisted: findings.unlisted.length },
      text: lines.length === 0 ? 'Every saved key has its value in the keychain, and every value there has its saved key.' : lines.map(clean).join('\n'),
    };
  },
});
