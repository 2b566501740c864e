// What happens after a received file's download attempt fails: tried again later (the service
// failed, the connection broke, the answer was cut or did not match its checksum) with a growing
// wait, or given up with the reason the window shows (the key was refused, the service has no
// such file, the file is too large, the answer is a web page). Pure.
import { CrmError } from '../errors';

/** waits before each new try: seconds at first, hours at the end, inside the media id's 7 days */
export const DOWNLOAD_RETRY_DELAYS_MS: readonly number[] = [2_000, 10_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 12 * 3600_000];

export type AfterFailure = { kind: 'retry'; delayMs: number; reason: string } | { kind: 'failed'; reason: string };

/** a failure that another try may not have: the service, the network, a cut or garbled transfer */
const PASSING: ReadonlySet<string> = new Set([
  'server_error',
  'network',
  'timeout',
  'offline',
  'rate_limited',
  'checksum',
  'keychain_unavailable',
]);

export class DownloadProblem extends Error {
  constructor(
    readonly code: 'checksum' | 'too_large' | 'not_a_file' | 'no_route' | 'file_origin',
    message: string,
    /** file_origin: the origin the service keeps the file at, where the key was not sent (the person may allow it) */
    readonly refusedOrigin: string | null = null,
  ) {
    super(message);
    this.name = 'DownloadProblem';
  }
}

function codeOf(err: unknown): string {
  if (err instanceof DownloadProblem || err instanceof CrmError) return err.code;
  return 'internal';
}

function reasonOf(err: unknown): string {
  if (err instanceof CrmError && err.code === 'unauthorized')
    return `The service refused the key (${err.message}); the file is not tried again`;
  if (err instanceof DownloadProblem || err instanceof CrmError) return err.message;
  return 'The download failed for a reason the app log gives';
}

/** after attempt number `attempts` (1 = the first) failed with `err` */
export function afterFailure(err: unknown, attempts: number, delays: readonly number[] = DOWNLOAD_RETRY_DELAYS_MS): AfterFailure {
  const reason = reasonOf(err);
  if (!PASSING.has(codeOf(err))) return { kind: 'failed', reason };
  if (attempts > delays.length) return { kind: 'failed', reason: `${reason} (gave up after ${attempts} tries)` };
  const asked = err instanceof CrmError ? (err.retryAfterMs ?? 0) : 0;
  return { kind: 'retry', delayMs: Math.max(delays[attempts - 1]!, asked), reason };
}
