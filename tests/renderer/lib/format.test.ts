// Counts are grouped the en-US way without Intl (whose first use costs the cold load ICU's set-up).
import { describe, expect, it } from 'vitest';
import { formatClockTime, formatCount } from '../../../src-renderer/lib/format';

describe('formatCount', () => {
  it.each([0, 7, 999, 1000, 100_000, 1_000_000, 1_234_567_890, -4321, 12.5, 1234.25])('%d reads as Intl en-US would write it', (n) => {
    expect(formatCount(n)).toBe(new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 }).format(n));
  });
});

describe('formatClockTime', () => {
  it('writes a 24-hour time with seconds, and gives back what is not a date', () => {
    expect(formatClockTime('2026-01-01T15:04:05')).toMatch(/^15:04:05$/);
    expect(formatClockTime('not a date')).toBe('not a date');
  });
});
