// crm keys remove: drops a revoked key's record (its history) from this data folder. A live key
// is refused: it would still work on the server while nobody here could see or revoke it.
import type { KeyMeta } from '../../core/model';
import { UsageError } from '../args';
import { defineCommand } from '../command';
import { clean } from '../format';
import type { Session } from '../session';
import { fingerprint, keyLookupProfileId, profileOption } from './shared';

/** a key by id (or a unique start of one, as the table shows it) or by its name */
async function findKey(session: Session, ref: string, profileId: string | null): Promise<KeyMeta> {
  const keys = await session.core.keys.list(profileId ?? undefined);
  const start = ref.replace(/…$/, '');
  const byId = keys.filter((k) => k.id === ref || (start.length >= 6 && k.id.startsWith(start)));
  if (byId.length === 1 && byId[0]) return byId[0];
  const byName = keys.filter((k) => k.name.toLowerCase() === ref.toLowerCase());
  // a name reused after a revocation: the revoked one is the one a removal can mean
  const revoked = byName.filter((k) => k.state === 'revoked');
  const chosen = byName.length === 1 ? byName[0] : revoked.length === 1 ? revoked[0] : undefined;
  if (chosen) return chosen;
  if (byName.length > 1) throw new UsageError(`more than one key is named "${ref}": give its id (see crm keys list --all)`);
  throw new UsageError(`no saved key with that id or name${profileId ? ' in this profile' : ''} (see crm keys list --all)`);
}

export const keysRemove = defineCommand({
  name: 'keys remove',
  summary: "remove a revoked key's record (and any keychain entry it left); a live key is refused",
  usage: ['keys remove KEY [--profile NAME]'],
  options: { profile: profileOption },
  positionals: { min: 1, max: 1 },
  notes: ['KEY is a key id or name (crm keys list --revoked shows them). A live key must be revoked first: crm keys revoke KEY.'],
  async run(ctx, { values, positionals }) {
    const session = await ctx.session({ profileRef: values.profile });
    const key = await findKey(session, positionals[0] ?? '', await keyLookupProfileId(session, values.profile));
    if (key.state !== 'revoked') {
      throw new UsageError(
        `"${clean(key.name)}" (${fingerprint(key)}) is live: revoke it first (crm keys revoke ${key.id}), then remove it`,
      );
    }
    const removed = await session.core.keyRecords.remove(key.id);
    return {
      data: { removed: { id: removed.id, name: removed.name, profileId: removed.profileId } },
      text: `Removed the revoked key "${clean(removed.name)}" (${fingerprint(removed)}).`,
    };
  },
});
