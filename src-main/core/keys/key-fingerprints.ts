// Keeps the saved keys' value tags (key-identity.ts) in step with the saved keys: makes the tag of a
// value being saved, and gives a key saved by an older build (whose salted hash was dropped on
// load) or under a replaced fingerprint key its tag the next time its value is read from the
// keychain. A key whose value cannot be read simply has no tag: it works, it just cannot be
// recognised as a duplicate.
import type { MetaStores } from '../meta/stores';
import { fingerprintKeyCheck, needsTag, valueTag } from './key-identity';
import { KeysDocument } from './keys-document';
import type { FingerprintKeySource } from './fingerprint-key';

export interface TaggedValue {
  tag: string;
  /** names the fingerprint key the tag was made with */
  check: string;
}

export class KeyFingerprints {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly source: FingerprintKeySource,
    private readonly meta: MetaStores,
    private readonly log?: (message: string) => void,
  ) {}

  /** the tag of `value` (the first call in a process reads, or creates, the fingerprint key) */
  async tagOf(value: string): Promise<TaggedValue> {
    const key = await this.source.get();
    return { tag: valueTag(key, value), check: fingerprintKeyCheck(key) };
  }

  /** key `id` gets the tag of `value` unless it has a current one (no keychain call then) */
  async tagIfMissing(id: string, value: string): Promise<void> {
    const known = this.source.peek();
    if (!needsTag(await this.meta.keys.read(), id, known ? fingerprintKeyCheck(known) : null)) return;
    await new KeysDocument(this.meta.keys).tagIfMissing(id, await this.tagOf(value));
  }

  /** the vault read key `id`'s value from the keychain: tags it in the background if needed */
  noteValueRead(id: string, value: string): void {
    const run = this.tagIfMissing(id, value)
      .catch((err: unknown) => this.log?.(`could not tag key ${id}: ${err instanceof Error ? err.message : 'error'}`))
      .finally(() => this.pending.delete(run));
    this.pending.add(run);
  }

  /** resolves when every background tagging started so far is written */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
