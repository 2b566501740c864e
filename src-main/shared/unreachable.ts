// The error codes that mean the service could not be reached (the request may not have arrived,
// or its answer did not come back): one list for the outbox's policy, the sends that queue, the
// online/offline status and the window.
import type { ErrorCode } from './model';

export const UNREACHABLE_CODES: readonly ErrorCode[] = ['network', 'timeout', 'offline'];

export function isUnreachableCode(code: string | null | undefined): boolean {
  return code !== null && code !== undefined && (UNREACHABLE_CODES as readonly string[]).includes(code);
}
