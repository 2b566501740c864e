// After a received file's download fails: what is tried again (with a growing wait, at least what
// the service asked), and what ends it with the reason the window shows.
import { describe, expect, it } from 'vitest';
import { afterFailure, DownloadProblem } from '../../../../src-main/core/conversations/download-plan';
import { CrmError } from '../../../../src-main/core/errors';

const DELAYS = [1_000, 5_000];

describe('after a failed download', () => {
  it.each([
    ['a 5xx', new CrmError('server_error', 'failed (HTTP 503)')],
    ['a reset', new CrmError('network', 'the connection was reset')],
    ['a timeout', new CrmError('timeout', 'no answer')],
    ['a locked keychain', new CrmError('keychain_unavailable', 'locked')],
    ['a garbled transfer', new DownloadProblem('checksum', 'the bytes do not match')],
  ])('%s is tried again after the next wait', (_name, err) => {
    expect(afterFailure(err, 1, DELAYS)).toEqual({ kind: 'retry', delayMs: 1_000, reason: err.message });
    expect(afterFailure(err, 2, DELAYS)).toMatchObject({ kind: 'retry', delayMs: 5_000 });
    expect(afterFailure(err, 3, DELAYS)).toEqual({ kind: 'failed', reason: `${err.message} (gave up after 3 tries)` });
  });

  it("waits at least as long as the service's Retry-After", () => {
    expect(afterFailure(new CrmError('rate_limited', 'slow down', { retryAfterMs: 30_000 }), 1, DELAYS)).toMatchObject({
      kind: 'retry',
      delayMs: 30_000,
    });
  });

  it.each([
    ['a refused key', new CrmError('unauthorized', 'HTTP 401'), /^The service refused the key \(HTTP 401\); the file is not tried again$/],
    ['a file the service no longer has', new CrmError('not_found', 'no such file (HTTP 404)'), /^no such file/],
    ['an error page', new DownloadProblem('not_a_file', 'answered text/html'), /^answered text\/html$/],
    ['a file too large', new DownloadProblem('too_large', 'larger than 100 MB'), /^larger than/],
    ['no Download media operation', new DownloadProblem('no_route', 'no route'), /^no route$/],
  ])('%s ends the download at once, with its reason', (_name, err, reason) => {
    const next = afterFailure(err, 1, DELAYS);
    expect(next.kind).toBe('failed');
    expect(next.reason).toMatch(reason);
  });

  it('an unexpected error ends it without its own message (it may hold anything)', () => {
    expect(afterFailure(new Error('EACCES /secret/path'), 1, DELAYS)).toEqual({
      kind: 'failed',
      reason: 'The download failed for a reason the app log gives',
    });
  });
});
