// Rolling a saved key (core/keys/roll.ts): how long the old value keeps working on the service,
// the steps a roll goes through, and what a finished roll tells the window. Pure and shared, so
// the CLI, main and the window name the graces and steps the same way.
import type { KeyMeta } from './model';

/** how long a rolled key's old value keeps working on the service */
export type Grace = 'now' | '1h' | '24h' | '7d';

export const GRACES: readonly Grace[] = ['now', '1h', '24h', '7d'];
export const DEFAULT_GRACE: Grace = '24h';

/**
 * A roll's steps, in order: the new key is created on the service and saved in the keychain (one
 * step: a key the keychain refuses is deleted on the service again), proved with a live request,
 * the profiles that used the old key are switched to it, and the old key's retirement is scheduled.
 */
export type RollStep = 'creating' | 'proving' | 'switching' | 'scheduling';

export const ROLL_STEPS: readonly RollStep[] = ['creating', 'proving', 'switching', 'scheduling'];

/** what a finished roll answers: both keys' metadata (never a value) */
export interface RollOutcome {
  oldKey: KeyMeta;
  newKey: KeyMeta;
  /** ids of the profiles switched from the old key to the new one */
  switched: string[];
  /** when the old key's server revocation may go (ISO); null: at once */
  retiresAt: string | null;
}
