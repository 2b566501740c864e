// The fingerprint key: 32 random bytes in the keychain (one per keychain service), created the
// first time a tag is needed and read once per process. Only tags of key values are made with
// it (key-identity.ts); it never leaves main and never reaches disk.
import { randomBytes } from 'node:crypto';
import { FINGERPRINT_KEY_ACCOUNT, keychainUnavailable } from '../secrets/secret-store';
import type { SecretStore } from '../secrets/secret-store';

const KEY_BYTES = 32;

/** the stored text as a key, or null when it is not one (then a new key replaces it) */
export function parseFingerprintKey(stored: string | null): Buffer | null {
  if (stored === null) return null;
  const bytes = Buffer.from(stored, 'base64');
  return bytes.length === KEY_BYTES && bytes.toString('base64') === stored ? bytes : null;
}

export class FingerprintKeySource {
  private loaded: Promise<Buffer> | null = null;
  private key: Buffer | null = null;

  constructor(private readonly secrets: SecretStore) {}

  /** the key, reading (or creating) it on the first call; a failed read is retried next time */
  get(): Promise<Buffer> {
    if (!this.loaded) {
      this.loaded = this.load().then((key) => (this.key = key));
      this.loaded.catch(() => {
        this.loaded = null;
      });
    }
    return this.loaded;
  }

  /** the key when it was already read in this process (no keychain call) */
  peek(): Buffer | null {
    return this.key;
  }

  private async load(): Promise<Buffer> {
    const existing = parseFingerprintKey(await this.secrets.get(FINGERPRINT_KEY_ACCOUNT));
    if (existing) return existing;
    await this.secrets.set(FINGERPRINT_KEY_ACCOUNT, randomBytes(KEY_BYTES).toString('base64'));
    // Read back: when another process created one at the same moment, the last write is the
    // one every later process reads, so this one uses it too.
    const stored = parseFingerprintKey(await this.secrets.get(FINGERPRINT_KEY_ACCOUNT));
    if (!stored) throw keychainUnavailable();
    return stored;
  }
}
