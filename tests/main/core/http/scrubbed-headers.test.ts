// A 2xx answer's headers are read as one text before any copy is made: the answer must be what
// scrubbing every name and value gives, whichever way the key is spelled or split.
import { describe, expect, it } from 'vitest';
import { scrubJson } from '../../../../src-main/core/http/scrub/redact';
import { scrubHeaders } from '../../../../src-main/core/http/scrub/scrubbed-headers';

const key = 'sk_live_AbCdEf0123456789xyz';

describe('scrubHeaders', () => {
  it.each([
    ['an echoed credential', { date: 'Thu, 26 Nov 2026 10:00:00 GMT', 'x-echo': `Bearer ${key}` }],
    ['part of the key', { 'x-part': key.slice(0, 9) }],
    ['the key lower-cased', { 'x-lower': key.toLowerCase() }],
    ['JSON escapes', { 'x-enc': '\\u0073\\u006b_live_AbC' }],
    ['percent escapes', { 'x-pct': '%73%6b_live_AbCd' }],
    ['the key in a name', { [key.slice(3, 12)]: 'v' }],
    ['the key split over two headers', { a: key.slice(0, 4), b: key.slice(4, 12) }],
  ])('%s: the same as scrubbing each name and value', (_name, headers) => {
    expect(scrubHeaders(headers, key)).toEqual(scrubJson(headers, key));
    expect(JSON.stringify(scrubHeaders(headers, key))).not.toContain(key.slice(4, 12));
  });

  it('gives clean headers back as they are', () => {
    const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-ratelimit-remaining': '999' };
    expect(scrubHeaders(headers, key)).toBe(headers);
  });
});
