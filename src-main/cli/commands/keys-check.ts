// crm keys check: the key records in crm.db against the values in the OS keychain, and the two
// repairs a person may ask for. Nothing is changed without --recover or --forget-missing.
import { UsageError } from '../args';
import { defineCommand } from '../command';
import { clean } from '../format';
import { describeFindings } from '../../core/keys/keychain-consistency';

export const keysCheck = defineCommand({
  name: 'keys check',
  summary: 'compare saved keys with the OS keychain; recover values no key names, or forget keys whose value is gone',
  usage: ['keys check [--json]', 'keys check --recover PROFILE', 'keys check --forget-missing'],
  options: {
    recover: { type: 'string', valueName: 'PROFILE', help: 'list every value no saved key names again, under this profile' },
    'forget-missing': { type: 'boolean', help: 'remove the saved keys whose value is no longer in the keychain' },
  },
  positionals: { min: 0, max: 0 },
  async run(ctx, { values }) {
    if (values.recover !== undefined && values['forget-missing']) throw new UsageError('--recover and --forget-missing are two separate repairs: run one, then the other');
    const session = await ctx.session({ ...(values.recover === undefined ? {} : { profileRef: values.recover }) });
    const { keychain } = session.core;
    if (values.recover !== undefined) {
      const profile = await session.profile();
      const recovered = await keychain.recoverInto(profile.id);
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
