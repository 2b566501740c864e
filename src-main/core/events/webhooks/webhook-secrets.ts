// A profile's webhook secret (the key its service signs webhook bodies with; Meta: the app
// secret) and the verify token of Meta's subscription handshake: both shared secrets, so both in
// the OS keychain, one account each per profile. The window sets them and learns only whether
// each is set.
import type { SecretStore } from '../../secrets/secret-store';

export function webhookSecretAccount(profileId: string): string {
  return `webhook-secret:${profileId}`;
}

export function webhookVerifyAccount(profileId: string): string {
  return `webhook-verify:${profileId}`;
}

export interface WebhookSecretState {
  signed: boolean;
  verifyToken: boolean;
}

export class WebhookSecrets {
  constructor(private readonly secrets: SecretStore) {}

  secretOf(profileId: string): Promise<string | null> {
    return this.secrets.get(webhookSecretAccount(profileId));
  }

  verifyTokenOf(profileId: string): Promise<string | null> {
    return this.secrets.get(webhookVerifyAccount(profileId));
  }

  async stateOf(profileId: string): Promise<WebhookSecretState> {
    return { signed: (await this.secretOf(profileId)) !== null, verifyToken: (await this.verifyTokenOf(profileId)) !== null };
  }

  /** undefined leaves one as it is; null removes it */
  async set(profileId: string, change: { secret?: string | null; verifyToken?: string | null }): Promise<WebhookSecretState> {
    if (change.secret !== undefined) await this.put(webhookSecretAccount(profileId), change.secret);
    if (change.verifyToken !== undefined) await this.put(webhookVerifyAccount(profileId), change.verifyToken);
    return this.stateOf(profileId);
  }

  /** a removed profile takes its webhook secrets with it */
  async forget(profileId: string): Promise<void> {
    await this.secrets.delete(webhookSecretAccount(profileId)).catch(() => false);
    await this.secrets.delete(webhookVerifyAccount(profileId)).catch(() => false);
  }

  private async put(account: string, value: string | null): Promise<void> {
    if (value === null || value.trim() === '') await this.secrets.delete(account);
    else await this.secrets.set(account, value.trim());
  }
}
