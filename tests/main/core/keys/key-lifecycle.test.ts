// The pure decisions of a key's life: the words for expiry and staleness, how an expiry is
// typed, which keys a list shows by default, and which record a stray keychain value goes back to.
import { describe, expect, it } from 'vitest';
import {
  expiryLabel,
  isExpired,
  lifecycleLabels,
  listedByDefault,
  parseExpiry,
  stalenessLabel,
} from '../../../../src-main/shared/key-lifecycle';
import { planRelinks } from '../../../../src-main/core/keys/keychain-repair-relink';
import type { SavedKey } from '../../../../src-main/core/model';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();
const ahead = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();

function key(id: string, over: Partial<SavedKey> = {}): SavedKey {
  return {
    id,
    name: id,
    profileId: 'p',
    fingerprint: 'cZn9',
    permissions: null,
    addedAt: ago(1),
    lastUsedAt: null,
    lastStatus: null,
    state: 'active',
    serverKeyId: null,
    revokedAt: null,
    ...over,
  };
}

describe('expiry and staleness words', () => {
  it('expired, expires in N days (counted up), nothing without an expiry or once revoked', () => {
    expect(expiryLabel(key('a', { expiresAt: ago(0.01) }), NOW)).toBe('expired');
    expect(expiryLabel(key('a', { expiresAt: ahead(2.5) }), NOW)).toBe('expires in 3 days');
    expect(expiryLabel(key('a', { expiresAt: ahead(0.2) }), NOW)).toBe('expires in 1 day');
    expect(expiryLabel(key('a'), NOW)).toBeNull();
    expect(expiryLabel(key('a', { expiresAt: ago(3), state: 'revoked' }), NOW)).toBeNull();
    expect(isExpired(key('a', { expiresAt: NOW.toISOString() }), NOW)).toBe(true);
    expect(isExpired(key('a', { expiresAt: ahead(1) }), NOW)).toBe(false);
  });

  it('unused for N days from 45 days without use (since it was added when never used)', () => {
    expect(stalenessLabel(key('a', { lastUsedAt: ago(44.9) }), NOW)).toBeNull();
    expect(stalenessLabel(key('a', { lastUsedAt: ago(45) }), NOW)).toBe('unused for 45 days');
    expect(stalenessLabel(key('a', { addedAt: ago(60) }), NOW)).toBe('unused for 60 days');
    expect(stalenessLabel(key('a', { addedAt: ago(90), lastUsedAt: ago(2) }), NOW)).toBeNull();
    expect(lifecycleLabels(key('a', { addedAt: ago(60), expiresAt: ahead(3) }), NOW)).toEqual(['expires in 3 days', 'unused for 60 days']);
  });

  it("an expiry is days from now or the last day (it ends at that day's end, UTC)", () => {
    expect(parseExpiry('30d', NOW)).toEqual({ ok: true, at: ahead(30) });
    expect(parseExpiry('2027-01-31', NOW)).toEqual({ ok: true, at: '2027-02-01T00:00:00.000Z' });
    expect(parseExpiry('2026-02-30', NOW)).toEqual({ ok: false, problem: '2026-02-30 is not a date.' });
    expect(parseExpiry('2026-01-31', NOW)).toEqual({ ok: false, problem: '2026-01-31 has already passed: choose a later day.' });
    expect(parseExpiry('0d', NOW).ok).toBe(false);
    expect(parseExpiry('soon', NOW).ok).toBe(false);
  });

  it('lists show live keys and revoked ones whose server revocation is unfinished', () => {
    expect(listedByDefault({ state: 'active', sync: null })).toBe(true);
    expect(listedByDefault({ state: 'revoked', sync: { state: 'pending' } })).toBe(true);
    expect(listedByDefault({ state: 'revoked', sync: { state: 'failed' } })).toBe(true);
    expect(listedByDefault({ state: 'revoked', sync: { state: 'synced' } })).toBe(false);
    expect(listedByDefault({ state: 'revoked', sync: { state: 'local_only' } })).toBe(false);
  });
});

describe('which record a stray keychain value goes back to', () => {
  it('the record with the same tag, even beside an untagged one with the same last 4', () => {
    const plan = planRelinks([{ id: 'v1', fingerprint: 'cZn9', tag: 'T1' }], [key('untagged'), key('tagged')], { tagged: 'T1' });
    expect(plan.get('v1')).toEqual({ kind: 'relink', keyId: 'tagged' });
  });

  it('a tagged record with another tag is another key, whatever its last 4', () => {
    const plan = planRelinks([{ id: 'v1', fingerprint: 'cZn9', tag: 'T2' }], [key('tagged')], { tagged: 'T1' });
    expect(plan.get('v1')).toEqual({ kind: 'none' });
  });

  it('an untagged record by its last 4 when it is the only one; two such records are not guessed between', () => {
    expect(planRelinks([{ id: 'v1', fingerprint: 'cZn9', tag: null }], [key('old')], {}).get('v1')).toEqual({
      kind: 'relink',
      keyId: 'old',
    });
    expect(planRelinks([{ id: 'v1', fingerprint: 'cZn9', tag: null }], [key('a'), key('b')], {}).get('v1')).toEqual({
      kind: 'ambiguous',
      keyIds: ['a', 'b'],
    });
    expect(planRelinks([{ id: 'v1', fingerprint: 'AAAA', tag: null }], [key('old')], {}).get('v1')).toEqual({ kind: 'none' });
  });

  it('one record takes one value', () => {
    const plan = planRelinks(
      [
        { id: 'v1', fingerprint: 'cZn9', tag: null },
        { id: 'v2', fingerprint: 'cZn9', tag: null },
      ],
      [key('old')],
      {},
    );
    expect(plan.get('v1')).toEqual({ kind: 'relink', keyId: 'old' });
    expect(plan.get('v2')).toEqual({ kind: 'none' });
  });
});
