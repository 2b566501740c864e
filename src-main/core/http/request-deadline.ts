// The whole-request deadline: how long one attempt may take from the first byte sent to the last
// byte of the answer. The other timeouts each watch one silence (connecting, waiting for the
// headers, a stall in the body), so a service that trickles a byte every few seconds passes all
// of them and holds a command or a send for as long as it likes; the deadline ends it. A send
// cut by it may have been taken (the request went out), so the error is a timeout like a stalled
// answer: ambiguous, its Idempotency-Key kept for the retry (docs/ARCHITECTURE.md, rule 9). Pure.
import type { RequestDeadlineState } from '../../shared/network-settings';
import { CrmError } from '../errors';

export const DEFAULT_REQUEST_DEADLINE_MS = 60_000;
/** where a person changes it, named in the error it gives */
const DEADLINE_SETTING_PLACES = 'Profiles → Request deadline in the window; crm settings request-deadline';
/** what the setting accepts, in seconds */
export const REQUEST_DEADLINE_RANGE_S = { min: 1, max: 3600 } as const;

/** the deadline in force: the data folder's setting (seconds), else the default */
export function requestDeadlineMs(settingSeconds: number | null): number {
  return settingSeconds === null || !validDeadlineSeconds(settingSeconds) ? DEFAULT_REQUEST_DEADLINE_MS : settingSeconds * 1000;
}

/** the setting as the window shows it: what is in force, and what may be set */
export function requestDeadlineState(settingSeconds: number | null): RequestDeadlineState {
  return {
    seconds: requestDeadlineMs(settingSeconds) / 1000,
    isDefault: settingSeconds === null || !validDeadlineSeconds(settingSeconds),
    defaultSeconds: DEFAULT_REQUEST_DEADLINE_MS / 1000,
    ...REQUEST_DEADLINE_RANGE_S,
  };
}

export function validDeadlineSeconds(value: number): boolean {
  return Number.isInteger(value) && value >= REQUEST_DEADLINE_RANGE_S.min && value <= REQUEST_DEADLINE_RANGE_S.max;
}

/** the error of an attempt the deadline ended: says which deadline, and where it is set */
export function deadlineError(origin: string, deadlineMs: number): CrmError {
  const s = deadlineMs % 1000 === 0 ? `${deadlineMs / 1000} s` : `${(deadlineMs / 1000).toFixed(1)} s`;
  return new CrmError('timeout', `${origin} did not finish its answer within the request deadline of ${s} (${DEADLINE_SETTING_PLACES})`);
}
