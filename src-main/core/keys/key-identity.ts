// The same key value saved twice (under another name, or for another profile) is noticed by
// comparing tags of the values: no value is kept anywhere but the keychain. A tag is an HMAC
// under a random 32-byte fingerprint key that itself lives in the keychain (fingerprint-key.ts),
// never beside the tags: the database alone then says nothing about any value, so a partial leak of
// a key (a prefix, the last 4 shown) cannot be completed by guessing against it offline. A salt
// stored in the same file would not do that: anyone with the file could test guesses.
// Pure: the key and the documents are handed in.
import { createHmac } from 'node:crypto';
import type { KeysDoc } from '../meta/schemas';

/** the tag of a key value under the fingerprint key */
export function valueTag(fingerprintKey: Buffer, value: string): string {
  return createHmac('sha256', fingerprintKey).update('value\0', 'utf8').update(value, 'utf8').digest('base64');
}

/**
 * Names the fingerprint key the tags of a document were made with (an HMAC of a constant, so it
 * says nothing about the key): when the keychain's key was replaced (lost, or two processes
 * created one at once), the old tags are known to be stale instead of silently never matching.
 */
export function fingerprintKeyCheck(fingerprintKey: Buffer): string {
  return createHmac('sha256', fingerprintKey).update('check\0', 'utf8').digest('base64');
}

/** the tags made with the key `check` names (none when they were made with another) */
export function currentTags(doc: Pick<KeysDoc, 'valueTags' | 'tagKeyCheck'>, check: string): Readonly<Record<string, string>> {
  return doc.tagKeyCheck === check ? (doc.valueTags ?? {}) : {};
}

/** records `tag` for key `id`; tags made with another fingerprint key are dropped first */
export function putTag(doc: KeysDoc, id: string, tag: string, check: string): void {
  if (doc.tagKeyCheck !== check) {
    doc.valueTags = {};
    doc.tagKeyCheck = check;
  }
  doc.valueTags = { ...doc.valueTags, [id]: tag };
}

/** forgets key `id`'s tag (a revoked or removed key is never compared again) */
export function dropTag(doc: KeysDoc, id: string): void {
  if (doc.valueTags && id in doc.valueTags) {
    const { [id]: _gone, ...rest } = doc.valueTags;
    doc.valueTags = rest;
  }
}

/**
 * Whether active key `id` still needs a tag: it has none, or (when the current fingerprint key
 * is known, `check`) its tag was made with another key. Revoked and unknown keys need none.
 */
export function needsTag(doc: KeysDoc, id: string, check: string | null): boolean {
  if (!doc.keys.some((k) => k.id === id && k.state === 'active')) return false;
  if (doc.valueTags?.[id] === undefined) return true;
  return check !== null && doc.tagKeyCheck !== check;
}

/** active keys with no tag under the current fingerprint key (saved by older builds, or stale) */
export function untaggedActiveIds(doc: KeysDoc, check: string): string[] {
  const tags = currentTags(doc, check);
  return doc.keys.filter((k) => k.state === 'active' && tags[k.id] === undefined).map((k) => k.id);
}

/** the id of an active saved key whose value has this tag, if any */
export function sameValueAs(tags: Readonly<Record<string, string>>, activeIds: ReadonlySet<string>, tag: string): string | null {
  for (const [id, t] of Object.entries(tags)) if (t === tag && activeIds.has(id)) return id;
  return null;
}
