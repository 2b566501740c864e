// The value of a locally revoked key, kept in the keychain under `revoking:<id>` only so the
// outbox can let the key delete itself on the server (docs/API.md: a key may always delete itself).
// The outbox drops it once the server revocation is synced.
import { revokingAccount } from '../secrets/secret-store';
import type { SecretStore } from '../secrets/secret-store';

export interface RevocationKeyStore {
  get(localKeyId: string): Promise<string | null>;
  drop(localKeyId: string): Promise<void>;
}

export class KeychainRevocationKeyStore implements RevocationKeyStore {
  constructor(private readonly secrets: SecretStore) {}

  get(localKeyId: string): Promise<string | null> {
    return this.secrets.get(revokingAccount(localKeyId));
  }

  async drop(localKeyId: string): Promise<void> {
    await this.secrets.delete(revokingAccount(localKeyId));
  }
}
