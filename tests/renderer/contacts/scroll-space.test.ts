import { describe, expect, it } from 'vitest';
import {
  contentOffset,
  domScrollTop,
  isScaled,
  MAX_SCROLL_PX,
  offsetToReveal,
  scrollSpace,
  windowRows,
} from '../../../src-renderer/features/contacts/scroll-space';

const ROW = 36;
const VIEW = 600;

describe('scrollSpace', () => {
  it('is the full list while it fits, and capped past the maximum', () => {
    expect(scrollSpace(100_000, ROW)).toEqual({ contentPx: 3_600_000, domPx: 3_600_000 });
    expect(isScaled(scrollSpace(100_000, ROW))).toBe(false);
    const million = scrollSpace(1_000_000, ROW);
    expect(million).toEqual({ contentPx: 36_000_000, domPx: MAX_SCROLL_PX });
    expect(isScaled(million)).toBe(true);
  });
});

describe('contentOffset and domScrollTop', () => {
  it('are the identity when the list is not scaled', () => {
    const space = scrollSpace(1000, ROW);
    expect(contentOffset(1234, VIEW, space)).toBe(1234);
    expect(domScrollTop(1234, VIEW, space)).toBe(1234);
  });

  it('map both ends exactly in a scaled list: the bottom shows the last row', () => {
    const space = scrollSpace(1_000_000, ROW);
    expect(contentOffset(0, VIEW, space)).toBe(0);
    expect(contentOffset(space.domPx - VIEW, VIEW, space)).toBe(space.contentPx - VIEW);
    // past the end (a browser's overscroll) is still the end
    expect(contentOffset(space.domPx + 50, VIEW, space)).toBe(space.contentPx - VIEW);
    expect(domScrollTop(space.contentPx - VIEW, VIEW, space)).toBe(space.domPx - VIEW);
  });

  it('are proportional in between, and each other’s inverse', () => {
    const space = scrollSpace(1_000_000, ROW);
    const half = (space.domPx - VIEW) / 2;
    expect(contentOffset(half, VIEW, space)).toBeCloseTo((space.contentPx - VIEW) / 2, 3);
    for (const offset of [1, 777_777, 20_000_000, 35_000_000]) {
      expect(contentOffset(domScrollTop(offset, VIEW, space), VIEW, space)).toBeCloseTo(offset, 3);
    }
  });
});

describe('windowRows', () => {
  it('renders the rows on screen plus the overscan, and no more, at any list length', () => {
    for (const count of [1000, 1_000_000, 10_000_000]) {
      const space = scrollSpace(count, ROW);
      const scrollTop = Math.floor((space.domPx - VIEW) / 3);
      const offset = contentOffset(scrollTop, VIEW, space);
      const rows = windowRows({ count, rowHeight: ROW, offset, scrollTop, viewport: VIEW, overscan: 4 });
      expect(rows.length).toBeLessThanOrEqual(Math.ceil(VIEW / ROW) + 1 + 8);
      // the first row on screen is the one at the content offset, drawn at the viewport's top
      const first = rows.find((r) => r.index === Math.floor(offset / ROW));
      expect(first).toBeDefined();
      expect(first!.top).toBeLessThanOrEqual(scrollTop);
      expect(first!.top + ROW).toBeGreaterThan(scrollTop);
    }
  });

  it('ends with the last row, flush with the bottom, when scrolled to the end of a scaled list', () => {
    const count = 1_000_000;
    const space = scrollSpace(count, ROW);
    const scrollTop = space.domPx - VIEW;
    const offset = contentOffset(scrollTop, VIEW, space);
    const rows = windowRows({ count, rowHeight: ROW, offset, scrollTop, viewport: VIEW, overscan: 4 });
    const last = rows[rows.length - 1]!;
    expect(last.index).toBe(count - 1);
    expect(last.top + ROW).toBe(space.domPx);
  });

  it('is empty for an empty list', () => {
    expect(windowRows({ count: 0, rowHeight: ROW, offset: 0, scrollTop: 0, viewport: VIEW, overscan: 4 })).toEqual([]);
  });
});

describe('offsetToReveal', () => {
  it('moves only as far as needed to show the whole row', () => {
    expect(offsetToReveal(10, ROW, 0, VIEW)).toBe(0); // already on screen
    expect(offsetToReveal(20, ROW, 0, VIEW)).toBe(21 * ROW - VIEW); // below: to the bottom edge
    expect(offsetToReveal(5, ROW, 10 * ROW, VIEW)).toBe(5 * ROW); // above: to the top edge
    expect(offsetToReveal(999_999, ROW, 0, VIEW)).toBe(36_000_000 - VIEW); // End
  });
});
