// The one port between the core and the OS keychain (docs/ARCHITECTURE.md: keytar sits behind a
// one-file SecretStore so a safeStorage adapter stays a one-file swap). One service name for
// the product, one account per saved key. A failing keychain is a CrmError
// 'keychain_unavailable'; there is never a plaintext fallback.
import { CrmError } from '../errors';

export interface SecretStore {
  /** the value, or null when the account has none */
  get(account: string): Promise<string | null>;
  set(account: string, value: string): Promise<void>;
  /** true when something was deleted */
  delete(account: string): Promise<boolean>;
  /**
   * every account this product holds (names only, never values), to find key values no record
   * names; absent where the keychain cannot list
   */
  accounts?(): Promise<string[]>;
}

/** The product's keychain service name; tests use a unique one per run. */
export const DEFAULT_KEYCHAIN_SERVICE = 'crm-console';

/** The account holding a saved, usable key. */
export function keyAccount(localKeyId: string): string {
  return `key:${localKeyId}`;
}

/** The account holding a locally revoked key until its server revocation is synced. */
export function revokingAccount(localKeyId: string): string {
  return `revoking:${localKeyId}`;
}

/**
 * The account holding the random key that saved keys' tags are made with (key-identity.ts): in
 * the keychain, so the saved keys alone cannot be used to test guesses of a key.
 */
export const FINGERPRINT_KEY_ACCOUNT = 'fingerprint-key';

export const KEYCHAIN_UNAVAILABLE_MESSAGE =
  'The OS keychain is unavailable or locked: unlock it (on Linux: a Secret Service such as gnome-keyring must be running) and try again.';

export function keychainUnavailable(): CrmError {
  return new CrmError('keychain_unavailable', KEYCHAIN_UNAVAILABLE_MESSAGE);
}

/** Replaces every occurrence of the given secrets in a diagnostic text (for logs only). */
export function scrubSecrets(text: string, secrets: Iterable<string | undefined>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length > 0) out = out.split(secret).join('[redacted]');
  }
  return out;
}
