// Creating a server key with an expiry, as the window asks for it: the expiry ("30d" or a last
// day "2027-01-31", as `crm keys create --expires` takes it) is read before the key exists, so a
// mistyped one never leaves a key made without it, then kept on this computer with the record.
import { CrmError } from '../errors';
import type { KeyMeta, Permission } from '../model';
import type { KeyService } from '../services';
import type { KeyRecordEdits } from './key-record-edits';
import { parseExpiry } from '../../shared/key-lifecycle';

export interface ExpiringCreateDeps {
  keys: Pick<KeyService, 'createServerKey'>;
  keyRecords: Pick<KeyRecordEdits, 'setExpiry'>;
}

export async function createServerKeyWithExpiry(
  deps: ExpiringCreateDeps,
  input: { profileId?: string; name: string; permissions?: Permission[]; expires?: string | undefined },
  now: Date = new Date(),
): Promise<KeyMeta> {
  const { expires, ...create } = input;
  const expiry = expires === undefined ? null : parseExpiry(expires, now);
  if (expiry && !expiry.ok) throw new CrmError('validation', `Expiry: ${expiry.problem}`);
  const key = await deps.keys.createServerKey(create);
  if (!expiry) return key;
  // the key exists by now: a failure here must not read as "not created"
  await deps.keyRecords.setExpiry(key.id, expiry.at).catch((e: unknown) => {
    throw new CrmError(
      'internal',
      `The key “${key.name}” was created and saved, but its expiry could not be kept (${e instanceof Error ? e.message : String(e)}).`,
    );
  });
  return { ...key, expiresAt: expiry.at };
}
