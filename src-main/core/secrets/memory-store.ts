// In-memory SecretStore ONLY for tests that must simulate a failing keychain (`fail = true`).
// The product never uses it: there is no plaintext fallback, in memory or on disk.
import { keychainUnavailable } from './secret-store';
import type { SecretStore } from './secret-store';

export class MemorySecretStore implements SecretStore {
  /** while true every call fails with 'keychain_unavailable', like a locked keychain */
  fail = false;
  private readonly values = new Map<string, string>();

  async get(account: string): Promise<string | null> {
    this.check();
    return this.values.get(account) ?? null;
  }

  async set(account: string, value: string): Promise<void> {
    this.check();
    this.values.set(account, value);
  }

  async delete(account: string): Promise<boolean> {
    this.check();
    return this.values.delete(account);
  }

  /** accounts currently held */
  accounts(): Promise<string[]> {
    this.check();
    return Promise.resolve([...this.values.keys()]);
  }

  private check(): void {
    if (this.fail) throw keychainUnavailable();
  }
}
