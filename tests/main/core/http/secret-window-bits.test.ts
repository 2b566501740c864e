// The bit set that lets a scan skip positions: every window of the key is in it, so a run of
// the key at any offset of a long text still reaches the exact comparison and is scrubbed.
import { describe, expect, it } from 'vitest';
import { scrubSecret } from '../../../../src-main/core/http/scrub/redact';
import { BASE, HASH_BITS_MASK, LEAK_RUN, secretWindows } from '../../../../src-main/core/http/scrub/secret-windows';

const KEY = 'crm_sk_Zq8vTw3LmN0pXr5YbK2cJd7F';

function hashOf(window: string): number {
  let hash = 0;
  for (let j = 0; j < LEAK_RUN; j += 1) hash = (Math.imul(hash, BASE) + window.charCodeAt(j)) | 0;
  return hash;
}

describe('secret windows bit set', () => {
  it('holds the hash of every window of the key', () => {
    const windows = secretWindows(KEY);
    const lower = KEY.toLowerCase();
    for (let i = 0; i + LEAK_RUN <= lower.length; i += 1) {
      const hash = hashOf(lower.slice(i, i + LEAK_RUN));
      expect(windows.hashBits[(hash & HASH_BITS_MASK) >>> 5]! & (1 << (hash & 31))).not.toBe(0);
    }
  });

  it('scrubs every run of the key, any case, at any offset of a long text', () => {
    const filler = 'a'.repeat(5000);
    for (let start = 0; start + LEAK_RUN <= KEY.length; start += 3) {
      const run = KEY.slice(start, start + LEAK_RUN + (start % 5));
      for (const spelled of [run, run.toUpperCase()]) {
        const out = scrubSecret(`${filler}${spelled}${filler}`, KEY);
        expect(out).toBe(`${filler}***${filler}`);
      }
    }
  });
});
