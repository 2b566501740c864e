// A call's signal follows the caller's (or a key's revocation) while the call lasts, and no
// longer: the listener is gone once the call ends, so a long-lived signal collects none.
import { describe, expect, it } from 'vitest';
import { followAbort } from '../../../../src-main/core/http/follow-abort';

describe('followAbort', () => {
  it("aborts the follower with the outer signal's reason", () => {
    const outer = new AbortController();
    const follower = new AbortController();
    followAbort(outer.signal, follower);
    expect(follower.signal.aborted).toBe(false);
    const reason = new Error('cancelled by the person');
    outer.abort(reason);
    expect(follower.signal.aborted).toBe(true);
    expect(follower.signal.reason).toBe(reason);
  });

  it('aborts at once when the outer signal already has', () => {
    const outer = new AbortController();
    outer.abort('gone');
    const follower = new AbortController();
    followAbort(outer.signal, follower);
    expect(follower.signal.reason).toBe('gone');
  });

  it('stops following when the call ends', () => {
    const outer = new AbortController();
    const follower = new AbortController();
    const stop = followAbort(outer.signal, follower);
    stop();
    outer.abort();
    expect(follower.signal.aborted).toBe(false);
  });

  it('follows nothing without an outer signal', () => {
    const follower = new AbortController();
    followAbort(undefined, follower)();
    expect(follower.signal.aborted).toBe(false);
  });
});
