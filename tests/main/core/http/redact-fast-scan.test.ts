// The literal scan skips ahead over stretches no window of the key can span; checked here against
// a plain reference (every 8-character window compared, case-folded) on thousands of texts built
// from pieces of the key, its case changes and JSON punctuation, at every length and offset.
import { describe, expect, it } from 'vitest';
import { scrubSecret } from '../../../../src-main/core/http/scrub/redact';

const RUN = 8;

function reference(text: string, secret: string): string {
  const windows = new Set<string>();
  const lower = secret.toLowerCase();
  for (let i = 0; i + RUN <= lower.length; i += 1) windows.add(lower.slice(i, i + RUN));
  const hit = new Array<boolean>(text.length).fill(false);
  for (let i = 0; i + RUN <= text.length; i += 1) if (windows.has(text.slice(i, i + RUN).toLowerCase())) hit.fill(true, i, i + RUN);
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    if (!hit[i]) out += text[i];
    else if (i === 0 || !hit[i - 1]) out += '***';
  }
  return out;
}

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('the literal scan with skip-ahead', () => {
  it('cuts exactly the runs a plain window-by-window comparison finds', () => {
    const secret = 'crm_sk_live_AbCdEfGhIjKlMnOp0123';
    const next = random(42);
    const pieces = ['"', ':', ',', ' ', '{', '}', '[', ']', '.', '-', '@', 'x', 'Z', '9', '_'];
    for (let round = 0; round < 3000; round += 1) {
      let text = '';
      const parts = 1 + Math.floor(next() * 12);
      for (let p = 0; p < parts; p += 1) {
        if (next() < 0.4) {
          const from = Math.floor(next() * secret.length);
          const length = 1 + Math.floor(next() * 14);
          let piece = secret.slice(from, from + length);
          if (next() < 0.3) piece = next() < 0.5 ? piece.toUpperCase() : piece.toLowerCase();
          text += piece;
        } else {
          const count = 1 + Math.floor(next() * 10);
          for (let c = 0; c < count; c += 1) text += pieces[Math.floor(next() * pieces.length)]!;
        }
      }
      expect(scrubSecret(text, secret), JSON.stringify(text)).toBe(reference(text, secret));
    }
  });

  it('finds a run at the very start, at the very end, and one that fills the whole text', () => {
    const secret = 'crm_sk_live_AbCdEfGhIjKlMnOp0123';
    expect(scrubSecret('AbCdEfGh, then', secret)).toBe('***, then');
    expect(scrubSecret('then: IjKlMnOp', secret)).toBe('then: ***');
    expect(scrubSecret('live_AbC', secret)).toBe('***');
    expect(scrubSecret('live_Ab', secret)).toBe('live_Ab');
  });
});
