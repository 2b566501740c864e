// A SecretStore wrapper that counts calls: the tests and the keychain benchmark use it to prove
// that a cached key costs zero keychain calls per request.
import type { SecretStore } from './secret-store';

export interface SecretStoreCounts {
  get: number;
  set: number;
  delete: number;
}

export class CountingSecretStore implements SecretStore {
  readonly counts: SecretStoreCounts = { get: 0, set: 0, delete: 0 };

  /** present when the wrapped store can list its accounts */
  readonly accounts?: () => Promise<string[]>;

  constructor(private readonly inner: SecretStore) {
    if (inner.accounts) this.accounts = () => inner.accounts!();
  }

  get total(): number {
    return this.counts.get + this.counts.set + this.counts.delete;
  }

  reset(): void {
    this.counts.get = 0;
    this.counts.set = 0;
    this.counts.delete = 0;
  }

  get(account: string): Promise<string | null> {
    this.counts.get += 1;
    return this.inner.get(account);
  }

  set(account: string, value: string): Promise<void> {
    this.counts.set += 1;
    return this.inner.set(account, value);
  }

  delete(account: string): Promise<boolean> {
    this.counts.delete += 1;
    return this.inner.delete(account);
  }
}
