// A revoked key's times: the clock alone when it falls today, the day too when it does not (an
// hour from 23:30 is tomorrow, and "retires at 00:30" would then read as half an hour ago).
import { describe, expect, it } from 'vitest';
import { keyClock } from '../../../src-renderer/features/keys/key-clock';

const at = (h: number, m: number, day = 29): Date => new Date(2026, 10, day, h, m);

describe('keyClock', () => {
  it('shows the time alone, on a 24-hour clock, for a moment later today', () => {
    expect(keyClock(at(14, 2).toISOString(), at(9, 0))).toMatch(/^14:02$/);
    expect(keyClock(at(0, 5).toISOString(), at(0, 1))).toMatch(/^00:05$/);
  });

  it('shows the day too once the moment is on another day, midnight included', () => {
    const tomorrow = keyClock(at(0, 30, 30).toISOString(), at(23, 30));
    expect(tomorrow).not.toMatch(/^\d{2}:\d{2}$/);
    expect(tomorrow).toContain('30');
  });

  it('gives back what is not a time as it came', () => {
    expect(keyClock('soon', at(9, 0))).toBe('soon');
  });
});
