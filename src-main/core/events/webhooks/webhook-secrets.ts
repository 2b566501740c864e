// A profile's webhook secret (the key its service signs webhook bodies with; Meta: the app
// secret) and the verify token of Meta's subscription handshake: both shared secrets, so both in
// the OS keychain, one account each per profile. The window sets them and learns only whether
// each is set.
import type { SecretStore } from '../../secrets/secret-store';
import { RecentReads } from './recent-reads';

/**
 * How long a listener goes on with a secret it read. The keychain answers one call at a time
 * (keytar-store.ts) in milliseconds, three per post without this: a listener under a stream of
 * posts waited on it more than on anything else. A change made in this process applies at once;
 * one made by another process (the window, `crm webhooks secret`) within this time, as any other
 * change reaches the others within a second (docs/ARCHITECTURE.md, rule 7).
 */
export const LISTENER_SECRET_TTL_MS = 1000;

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
  private readonly recent: RecentReads<string | null>;

  constructor(
    private readonly secrets: SecretStore,
    ttlMs = LISTENER_SECRET_TTL_MS,
  ) {
    this.recent = new RecentReads((account) => this.secrets.get(account), ttlMs);
  }

  /** the listener's read of the secret: asked of the keychain at most once in LISTENER_SECRET_TTL_MS */
  listenerSecretOf(profileId: string): Promise<string | null> {
    return this.recent.get(webhookSecretAccount(profileId));
  }

  /** the listener's read of the verify token, as listenerSecretOf */
  listenerVerifyTokenOf(profileId: string): Promise<string | null> {
    return this.recent.get(webhookVerifyAccount(profileId));
  }

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
    this.recent.forget(webhookSecretAccount(profileId));
    this.recent.forget(webhookVerifyAccount(profileId));
    await this.secrets.delete(webhookSecretAccount(profileId)).catch(() => false);
    await this.secrets.delete(webhookVerifyAccount(profileId)).catch(() => false);
  }

  private async put(account: string, value: string | null): Promise<void> {
    this.recent.forget(account);
    if (value === null || value.trim() === '') await this.secrets.delete(account);
    else await this.secrets.set(account, value.trim());
  }
}
