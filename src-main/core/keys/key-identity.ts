// The same key value saved twice (under another name, or for another profile) is noticed by
// comparing keyed hashes of the values: no value is kept anywhere but the keychain, and none is
// read back from it to compare. The salt is random per installation, so a hash from one machine
// says nothing on another.
import { createHmac, randomBytes } from 'node:crypto';

export function newHashSalt(): string {
  return randomBytes(32).toString('base64');
}

export function valueHash(salt: string, value: string): string {
  return createHmac('sha256', salt).update(value, 'utf8').digest('base64');
}

/** the id of an active saved key whose value has this hash, if any */
export function sameValueAs(hashes: Readonly<Record<string, string>>, activeIds: ReadonlySet<string>, hash: string): string | null {
  for (const [id, h] of Object.entries(hashes)) if (h === hash && activeIds.has(id)) return id;
  return null;
}
