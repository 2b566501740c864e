// crm keys check: the key records in crm.db against the values in the OS keychain, and the two
// repairs a person may ask for. Nothing is changed without --recover or --forget-missing.
import { UsageError } from '../args';
import { defineCommand } from '../command';
import { clean } from '../format';
import { describeFindings } from '../../core/keys/keychain-consistency';
import { originOf } from '../../core/keys/key-origin';
import { confirmOrRefuse, yesOption } from './shared';
import { flagOption, valueOption } from '../option-kinds';

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
    `The keychain does not say where ${count === 1 ? 'it was' : 'they were'} saved for: ` +
    `${count === 1 ? 'it may be' : 'they may be'} another data folder's key, ` +
    `which would then be sent to ${origin}, and deleted from the keychain with this profile.`
  );
}

/** the one line on stderr when the check found something */
export function findingsSummary(missing: number, unlisted: number): string {
  const parts: string[] = [];
  if (missing > 0)
    parts.push(`${missing} saved key${missing === 1 ? '' : 's'} without ${missing === 1 ? 'its value' : 'their values'} in the keychain`);
  if (unlisted > 0) parts.push(`${unlisted} keychain value${unlisted === 1 ? '' : 's'} no saved key names`);
  return parts.join(', ');
}

export const keysCheck = defineCommand({
  name: 'keys check',
  summary: 'compare saved keys with the OS keychain; recover values no key names, or forget keys whose value is gone',
  usage: ['keys check [--json]', 'keys check --recover PROFILE [--yes]', 'keys check --forget-missing'],
  options: {
    recover: valueOption(
      'PROFILE',
      'link each value no saved key names back to the saved key it belongs to; ' +
        'list the others under this profile (asks first, naming its origin)',
    ),
    yes: yesOption,
    'forget-missing': flagOption('remove the saved keys whose value is no longer in the keychain'),
  },
  notes: [
    'Exit 0 when every saved key has its value and every value its saved key; exit 1 when something is out of step (--json says the same under "ok").',
    '--recover puts a value back under the saved key whose value is missing and whose fingerprint it has (no second record); ' +
      'only a value no saved key matches becomes a new "Recovered key", after the question.',
  ],
  async run(ctx, { values }) {
    if (values.recover !== undefined && values['forget-missing'])
      throw new UsageError('--recover and --forget-missing are two separate repairs: run one, then the other');
    const session = await ctx.session({ ...(values.recover === undefined ? {} : { profileRef: values.recover }) });
    const { keychain } = session.core;
    if (values.recover !== undefined) {
      const profile = await session.profile();
      const plan = await keychain.planRecovery();
      // A value that is a saved key's own goes back to that key without a question: the key was
      // saved with it, for its origin, by this data folder.
      const relinked: { id: string; name: string; profileId: string; fingerprint: string }[] = [];
      for (const { valueId, key } of plan.relink) {
        await keychain.relink(valueId, key.id);
        relinked.push({ id: key.id, name: key.name, profileId: key.profileId, fingerprint: key.fingerprint });
      }
      const lines = relinked.map((k) => `Linked the keychain value …${k.fingerprint} back to the saved key "${clean(k.name)}".`);
      lines.push(
        ...plan.ambiguous.map(
          (a) =>
            `Left the keychain value …${a.fingerprint} alone: it could be any of ` +
            `${a.keys.map((k) => `"${clean(k.name)}"`).join(', ')} (same last 4). Add the right key again instead.`,
        ),
      );
      const ambiguous = plan.ambiguous.map((a) => ({ fingerprint: a.fingerprint, keyIds: a.keys.map((k) => k.id) }));
      if (plan.fresh.length === 0) {
        const text = lines.length === 0 ? 'No key value in the keychain was without a saved key.' : lines.join('\n');
        return { data: { profileId: profile.id, relinked, recovered: [], ambiguous }, text };
      }
      // said before the question: what was linked back stays linked whatever the answer
      for (const line of lines) ctx.note(line);
      const origin = originOf(profile.baseUrl) ?? profile.baseUrl;
      await confirmOrRefuse(
        ctx,
        values.yes === true,
        recoveryQuestion(plan.fresh, clean(profile.name), clean(origin)),
        `bind keychain values to ${clean(origin)}`,
      );
      const recovered = await keychain.recoverInto(
        profile.id,
        plan.fresh.map((v) => v.id),
      );
      const text =
        recovered.length === 0
          ? 'No key value in the keychain was without a saved key.'
          : recovered.map((k) => `Recovered "${clean(k.name)}" under profile "${clean(profile.name)}".`).join('\n');
      return { data: { profileId: profile.id, relinked, recovered, ambiguous }, text };
    }
    if (values['forget-missing']) {
      const forgotten = await keychain.forgetMissing();
      const text =
        forgotten.length === 0
          ? 'Every saved key has its value in the keychain.'
          : forgotten.map((name) => `Removed "${clean(name)}": its value was no longer in the keychain.`).join('\n');
      return { data: { forgotten }, text };
    }
    const findings = await keychain.check();
    if (!findings) return { data: { checked: false }, text: 'This keychain cannot list what it holds, so nothing could be compared.' };
    const lines = describeFindings(findings);
    // a script (or CI) learns of a key that cannot be used, or a value nobody names, by the exit code
    const found = lines.length > 0;
    return {
      data: {
        checked: true,
        ok: !found,
        missingValues: findings.missingValues.map((k) => ({ id: k.id, name: k.name, profileId: k.profileId })),
        unlisted: findings.unlisted.length,
      },
      text: found ? lines.map(clean).join('\n') : 'Every saved key has its value in the keychain, and every value there has its saved key.',
      ...(found ? { exitCode: 1, reason: `keys check: ${findingsSummary(findings.missingValues.length, findings.unlisted.length)}` } : {}),
    };
  },
});
