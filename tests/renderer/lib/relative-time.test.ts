// The Outbox's times: their distance from now, in words that stay short, and null past a month
// (the screen shows the date then); the title carries the exact time.
import { describe, expect, it } from 'vitest';
import { formatExactTime, formatRelative } from '../../../src-renderer/lib/relative-time';

const NOW = Date.parse('2024-05-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('formatRelative', () => {
  it('says "just now" under a minute, then whole minutes, hours and days', () => {
    expect(formatRelative(ago(0), NOW)).toBe('just now');
    expect(formatRelative(ago(59_000), NOW)).toBe('just now');
    expect(formatRelative(ago(60_000), NOW)).toBe('1 min ago');
    expect(formatRelative(ago(2 * 60_000 + 59_000), NOW)).toBe('2 min ago');
    expect(formatRelative(ago(59 * 60_000), NOW)).toBe('59 min ago');
    expect(formatRelative(ago(3_600_000), NOW)).toBe('1 h ago');
    expect(formatRelative(ago(23 * 3_600_000), NOW)).toBe('23 h ago');
    expect(formatRelative(ago(24 * 3_600_000), NOW)).toBe('1 day ago');
    expect(formatRelative(ago(3 * 24 * 3_600_000), NOW)).toBe('3 days ago');
  });

  it('words a moment still to come (the next try) the other way', () => {
    expect(formatRelative(ago(-20_000), NOW)).toBe('in under a minute');
    expect(formatRelative(ago(-5 * 60_000), NOW)).toBe('in 5 min');
  });

  it('moves on as now moves on (the screen renews it)', () => {
    const iso = ago(30_000);
    expect(formatRelative(iso, NOW)).toBe('just now');
    expect(formatRelative(iso, NOW + 90_000)).toBe('2 min ago');
  });

  it('gives up past a month, and on what is not a time', () => {
    expect(formatRelative(ago(31 * 24 * 3_600_000), NOW)).toBeNull();
    expect(formatRelative('not a time', NOW)).toBeNull();
  });
});

describe('formatExactTime', () => {
  it('keeps the seconds, and gives back what is not a time as it is', () => {
    expect(formatExactTime('2024-05-10T12:00:07.000Z')).toMatch(/07/);
    expect(formatExactTime('soon')).toBe('soon');
  });
});
