import { describe, expect, it } from 'vitest';
import { holdsKey, keysIn, ownPart, stringsIn } from '../../../../src-main/core/keys/leak-finder';

const KEY = 'crm_sk_Q7w2Rt9ZpL4mX8vN3bK6yH1cJ5dF0a1b';
const SIBLING = 'crm_sk_Hh3Jk9LmN2bV5cX8zA1sD4fG7qW0e9r8';
const keys = [
  { id: 'k1', value: KEY },
  { id: 'k2', value: SIBLING },
];

describe('leak finder', () => {
  it('finds a key written plainly, in another case, or only in part (8 characters or more)', () => {
    expect(keysIn(`here is my key: ${KEY} thanks`, keys)).toEqual(['k1']);
    expect(keysIn(KEY.toUpperCase(), keys)).toEqual(['k1']);
    expect(keysIn(`the end of it ${KEY.slice(-10)}`, keys)).toEqual(['k1']);
    expect(keysIn('nothing secret here at all', keys)).toEqual([]);
  });

  it('finds the key in its HTTP Basic and base64 wire forms', () => {
    const basic = Buffer.from(`account:${KEY}`).toString('base64');
    expect(keysIn(`Authorization: Basic ${basic}`, keys)).toEqual(['k1']);
    expect(keysIn(Buffer.from(KEY).toString('base64url'), keys)).toEqual(['k1']);
  });

  it('finds the key JSON-escaped and percent-escaped', () => {
    const escaped = [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    expect(keysIn(`{"echo":"${escaped}"}`, keys)).toEqual(['k1']);
    expect(keysIn(`token=${encodeURIComponent(KEY).replace(/Q7w2/, '%51%37w2')}`, keys)).toEqual(['k1']);
  });

  it('finds a key split across lines', () => {
    expect(keysIn(`first half ${KEY.slice(0, 20)}\nsecond half ${KEY.slice(20)}`, keys)).toEqual(['k1']);
  });

  it('does not name a key for another key of the same prefix, saved or not', () => {
    expect(keysIn(`the other one: ${SIBLING}`, keys)).toEqual(['k2']);
    expect(holdsKey('crm_sk_ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ', KEY)).toBe(false);
    expect(holdsKey('keys start with crm_sk_ here', KEY)).toBe(false);
    expect(ownPart(KEY)).toBe(KEY.slice('crm_sk_'.length));
  });

  it('keeps the whole value of a key with no conventional prefix', () => {
    expect(ownPart('abcdefgh12')).toBe('abcdefgh12');
    expect(ownPart('ab_cdefgh')).toBe('ab_cdefgh');
  });

  it('gathers every string of an operation input', () => {
    expect(stringsIn({ number: '+1', text: 'hi', params: ['a', { b: 'c' }], n: 3 })).toEqual(['+1', 'hi', 'a', 'c']);
  });

  it('a Basic pair SID:secret is found by its secret: the account id alone, as every answer repeats it, is no leak', () => {
    const sid = 'AC0a1b2c3d4e5f60718293a4b5c6d7e8f9';
    const pair = `${sid}:${KEY}`;
    expect(ownPart(pair)).toBe(KEY.slice('crm_sk_'.length));
    expect(holdsKey(`{"account_sid":"${sid}","status":"queued"}`, pair)).toBe(false);
    expect(holdsKey(`echo ${KEY.slice(10, 30)}`, pair)).toBe(true);
    expect(holdsKey(`Authorization: Basic ${Buffer.from(pair).toString('base64')}`, pair)).toBe(true);
    // a secret too short to find alone: the whole pair is looked for
    expect(ownPart('user:short')).toBe('user:short');
  });
});
