// The inspector's row ids: UUIDs in version 7's layout, so ids made later sort later (a new row's
// index entry goes at the end of the index) and two made in the same millisecond still differ.
import { describe, expect, it } from 'vitest';
import { timeOrderedId } from '../../../../src-main/core/events/webhooks/time-ordered-id';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('time-ordered ids', () => {
  it('are version 7 UUIDs whose first 48 bits are the milliseconds', () => {
    const id = timeOrderedId(Date.UTC(2026, 10, 30, 1, 2, 3, 456));
    expect(id).toMatch(UUID_V7);
    expect(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(Date.UTC(2026, 10, 30, 1, 2, 3, 456));
  });

  it('sort in the order of their times, and differ within one millisecond', () => {
    const times = [0, 1, 255, 256, 1_700_000_000_000, 1_700_000_000_001, 2 ** 48 - 1];
    const ids = times.map((ms) => timeOrderedId(ms));
    expect([...ids].sort()).toEqual(ids);
    ids.forEach((id) => expect(id).toMatch(UUID_V7));
    const same = Array.from({ length: 1000 }, () => timeOrderedId(1_700_000_000_000));
    expect(new Set(same).size).toBe(1000);
  });
});
