// The leak response: a saved key's value seen where it must not be. A message about to be sent
// that holds one is refused before any request is made (a send must never carry a key out); a
// reply holding one, a copy with the key, or a service echoing the key it was sent is recorded
// as a notice for this process's life, announced to whoever listens (the window's `keys:leak`,
// `crm`'s stderr), and listed again for a window that opens later. The test for "holds a key" is
// the leak finder's (leak-finder.ts); values come from the vault and never leave this module
// but as yes/no.
import { CrmError } from '../errors';
import { Emitter, type Event } from '../emitter';
import type { SavedKey } from '../model';
import { sendRefusal, type KeyLeak, type LeakPlace } from '../../shared/key-leak';
import { scrubSecret } from '../http/scrub/redact';
import { keysIn, stringsIn } from './leak-finder';

/** notices kept for the session at most (the newest) */
const MAX_KEPT = 100;

export interface KeyLeaksDeps {
  /** every live saved key with its value (KeyVault.liveValues) */
  liveValues: () => Promise<{ key: SavedKey; value: string }[]>;
  now?: () => Date;
  log?: (message: string) => void;
}

export class KeyLeaks {
  private readonly feed: Emitter<KeyLeak>;
  /** each leak as it is seen */
  readonly onDidLeak: Event<KeyLeak>;
  private readonly kept: KeyLeak[] = [];

  constructor(private readonly deps: KeyLeaksDeps) {
    this.feed = new Emitter<KeyLeak>({ onListenerError: (err) => deps.log?.(`key leaks: a listener failed: ${String(err)}`) });
    this.onDidLeak = this.feed.event;
  }

  /** the leaks seen since this process started, oldest first */
  list(): KeyLeak[] {
    return [...this.kept];
  }

  /** throws 'validation' naming the first saved key that any string of `input` holds */
  async refuseKeysIn(input: unknown): Promise<void> {
    const texts = stringsIn(input);
    if (texts.length === 0) return;
    const live = await this.deps.liveValues();
    const text = texts.join('\n');
    const [found] = keysIn(
      text,
      live.map(({ key, value }) => ({ id: key.id, value })),
    );
    if (found === undefined) return;
    const key = live.find((entry) => entry.key.id === found)!.key;
    throw new CrmError('validation', sendRefusal(key.name, key.fingerprint));
  }

  /**
   * `text` with every run of every live saved key cut out: for what main hands back of a draft
   * the person typed (the send preview's cURL), which may hold a key they pasted by mistake
   */
  async scrubbed(text: string): Promise<string> {
    let out = text;
    for (const { value } of await this.deps.liveValues()) out = scrubSecret(out, value);
    return out;
  }

  /** notes each saved key `texts` hold, seen at `where` (a reply's text, say) */
  async inspect(texts: readonly (string | null)[], where: LeakPlace): Promise<void> {
    const text = texts.filter((t): t is string => t !== null).join('\n');
    if (text === '') return;
    const live = await this.deps.liveValues();
    for (const id of keysIn(
      text,
      live.map(({ key, value }) => ({ id: key.id, value })),
    ))
      this.report(live.find((entry) => entry.key.id === id)!.key, where);
  }

  /** notes that the key with this value was seen at `where` (a service echoed the key in use) */
  async reportValue(value: string, where: LeakPlace): Promise<void> {
    const entry = (await this.deps.liveValues()).find((live) => live.value === value);
    if (entry !== undefined) this.report(entry.key, where);
  }

  /** notes that `key` was seen at `where` */
  report(key: Pick<SavedKey, 'id' | 'name' | 'fingerprint' | 'profileId'>, where: LeakPlace): void {
    const leak: KeyLeak = {
      keyId: key.id,
      keyName: key.name,
      last4: key.fingerprint,
      profileId: key.profileId,
      where,
      at: (this.deps.now?.() ?? new Date()).toISOString(),
    };
    // the same key at the same place again (a repeated event, a service echoing every answer)
    // is one notice, moved to now
    const same = this.kept.findIndex((k) => k.keyId === leak.keyId && JSON.stringify(k.where) === JSON.stringify(where));
    if (same >= 0) this.kept.splice(same, 1);
    this.kept.push(leak);
    if (this.kept.length > MAX_KEPT) this.kept.splice(0, this.kept.length - MAX_KEPT);
    this.feed.fire(leak);
  }
}
