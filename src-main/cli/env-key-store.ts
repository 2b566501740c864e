// The SecretStore of env-var mode (CRM_API_KEY): holds, in this process's memory only, the one
// key that came from the environment. It is never written to disk or to the OS keychain and
// disappears when the process ends. The desktop app never uses it; a broken keychain is never
// papered over with it (env-var mode is chosen by the person setting CRM_API_KEY).
import type { SecretStore } from '../core/secrets/secret-store';

export class EnvKeySecretStore implements SecretStore {
  private readonly values = new Map<string, string>();

  async get(account: string): Promise<string | null> {
    return this.values.get(account) ?? null;
  }

  async set(account: string, value: string): Promise<void> {
    this.values.set(account, value);
  }

  async delete(account: string): Promise<boolean> {
    return this.values.delete(account);
  }

  clear(): void {
    this.values.clear();
  }
}
