// GET of a received file's bytes at the address the service's media lookup answered, with the
// profile's key where its Download media operation puts it. The caller has checked that the
// address is on the profile's own origin or one the person listed for its files
// (file-origin-policy.ts): the key goes nowhere else. No redirect is followed (it would carry the
// key elsewhere, even from a listed origin): one ends the download with where it pointed. The
// size is capped while reading, and an answer that is a web page or JSON where bytes were
// expected is refused: a login page or an error body is not a file.
import { CrmError } from '../errors';
import { readBytesCapped } from '../http/response-body';
import { placeCredential, withQueryCredential } from '../http/credential';
import { chooseRoute, dispatcherVia, type NetworkRoute } from '../http/network/dispatcher-cache';
import { networkError } from '../http/network-error';
import { requestUrl } from '../http/undici';
import type { CredentialPlacement } from '../../shared/api-description';
import { DownloadProblem } from './download-plan';

const TIMEOUT_MS = 60_000;
const TIMEOUTS = { connectTimeoutMs: 15_000, headersTimeoutMs: 30_000, bodyTimeoutMs: 30_000 };
/** what a service answers instead of a file when something is wrong */
const NOT_A_FILE = /^(text\/html|application\/(json|problem\+json|xhtml\+xml)|text\/xml|application\/xml)\b/i;

export interface FetchedBytes {
  mimetype: string | null;
  bytes: Buffer;
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

export function tooLarge(size: number | null, limit: number): DownloadProblem {
  return new DownloadProblem(
    'too_large',
    `The file${size === null ? '' : ` (${megabytes(size)})`} is larger than the ${megabytes(limit)} a received file may take; it is not downloaded`,
  );
}

function statusFailure(status: number, origin: string): CrmError {
  if (status === 401) return new CrmError('unauthorized', `${origin} answered 401 to the file's address`, { status });
  if (status === 403) return new CrmError('forbidden', `${origin} refused the key for the file (HTTP 403)`, { status });
  if (status === 404 || status === 410)
    return new CrmError('not_found', `${origin} has no such file any more (HTTP ${status})`, { status });
  if (status === 429) return new CrmError('rate_limited', `${origin} asked to wait before the file is downloaded (HTTP 429)`, { status });
  if (status >= 500) return new CrmError('server_error', `${origin} failed to give the file (HTTP ${status})`, { status });
  return new CrmError('http_status', `${origin} answered HTTP ${status} where the file was expected`, { status });
}

/** a redirect is never followed: the key would go on to where it points */
function redirected(status: number, from: URL, location: string | string[] | undefined): DownloadProblem {
  const target = Array.isArray(location) ? location[0] : location;
  let where: string | null;
  try {
    where = target === undefined ? null : new URL(target, from).origin;
  } catch {
    where = null;
  }
  const to = where === null || where === 'null' ? '' : ` to ${where}`;
  return new DownloadProblem(
    'no_route',
    `${from.origin} answered HTTP ${status}, a redirect${to}, where the file was expected: the key is not sent on to another ` +
      `address, so the file is not downloaded`,
  );
}

export async function fetchFileBytes(
  address: string,
  options: { key: string; credential: CredentialPlacement; limit: number; route: NetworkRoute; signal?: AbortSignal },
): Promise<FetchedBytes> {
  const placed = placeCredential(options.credential, options.key);
  const url = new URL(placed.query === null ? address : withQueryCredential(address, placed.query));
  const headers: Record<string, string> = { accept: '*/*' };
  if (placed.header !== null) headers[placed.header.name] = placed.header.value;
  const deadline = AbortSignal.timeout(TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const dispatcher = dispatcherVia(url.origin, await chooseRoute(url.origin, options.route), TIMEOUTS);
  try {
    const res = await requestUrl(dispatcher, url, { method: 'GET', headers, signal });
    if (res.statusCode >= 300 && res.statusCode < 400) {
      await res.body.dump();
      throw redirected(res.statusCode, url, res.headers.location);
    }
    if (res.statusCode !== 200) {
      await res.body.dump();
      throw statusFailure(res.statusCode, url.origin);
    }
    const type = res.headers['content-type'];
    const mimetype = ((Array.isArray(type) ? type[0] : type) ?? '').split(';')[0]!.trim().toLowerCase() || null;
    if (mimetype !== null && NOT_A_FILE.test(mimetype)) {
      await res.body.dump();
      throw new DownloadProblem(
        'not_a_file',
        `${url.origin} answered ${mimetype} where the file's bytes were expected (an error page, not the file)`,
      );
    }
    const length = Number(res.headers['content-length']);
    if (Number.isFinite(length) && length > options.limit) {
      await res.body.dump();
      throw tooLarge(length, options.limit);
    }
    return { mimetype, bytes: await readBytesCapped(res.body, options.limit, () => tooLarge(null, options.limit)) };
  } catch (err) {
    if (err instanceof CrmError || err instanceof DownloadProblem) throw err;
    if (deadline.aborted && options.signal?.aborted !== true)
      throw new CrmError('timeout', `${url.origin} did not give the whole file within ${TIMEOUT_MS / 1000} s`);
    throw networkError(err, {
      origin: url.origin,
      aborted: options.signal?.aborted ?? false,
      timeouts: { connectMs: TIMEOUTS.connectTimeoutMs, headersMs: TIMEOUTS.headersTimeoutMs, bodyMs: TIMEOUTS.bodyTimeoutMs },
    });
  } finally {
    void dispatcher.destroy().catch(() => undefined);
  }
}
