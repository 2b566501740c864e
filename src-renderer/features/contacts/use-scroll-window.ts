import { useLayoutEffect, useState, type RefObject } from 'react';
import {
  contentOffset,
  domScrollTop,
  isScaled,
  offsetToReveal,
  scrollSpace,
  windowRows,
  type ScrollSpace,
  type WindowRow,
} from './scroll-space';

interface Position {
  scrollTop: number;
  viewport: number;
  /**
   * the content offset the last programmatic scroll asked for, while the element still sits
   * where it put it: in a scaled list one DOM px is several content px, and reading the offset
   * back from the rounded scrollTop could leave the row just revealed a few px cut off
   */
  pinned: { scrollTop: number; offset: number } | null;
}

export interface ScrollWindow {
  space: ScrollSpace;
  /** the full-list offset at the top of the viewport */
  offset: number;
  /** the element's visible height, 0 until measured */
  viewport: number;
  rows: WindowRow[];
  /** scrolls (instantly) so that row `index` is fully on screen, moving as little as possible */
  revealIndex: (index: number) => void;
}

/**
 * A fixed-row-height window over `count` rows in the element `scrollRef` points at: which rows
 * to render and where, in a scroll space scaled down when the list is taller than a browser
 * can lay out (see scroll-space.ts).
 */
export function useScrollWindow(
  scrollRef: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
  overscan: number,
): ScrollWindow {
  const [pos, setPos] = useState<Position>({ scrollTop: 0, viewport: 0, pinned: null });

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const read = () =>
      setPos((p) => {
        const scrollTop = el.scrollTop;
        const viewport = el.clientHeight;
        const pinned = p.pinned && p.pinned.scrollTop === scrollTop ? p.pinned : null;
        return p.scrollTop === scrollTop && p.viewport === viewport && p.pinned === pinned ? p : { scrollTop, viewport, pinned };
      });
    el.addEventListener('scroll', read, { passive: true });
    // Its first notification comes before the first paint, but the state it sets is rendered a
    // task later: the first frames can show the overscan rows alone. Reading here in the commit
    // mends that at the price of a second render before the first frame, which measured slower
    // (docs/performance.md, "The window's first rows painted before React").
    const resize = new ResizeObserver(read);
    resize.observe(el);
    return () => {
      el.removeEventListener('scroll', read);
      resize.disconnect();
    };
  }, [scrollRef]);

  const space = scrollSpace(count, rowHeight);
  const offset = isScaled(space) && pos.pinned ? pos.pinned.offset : contentOffset(pos.scrollTop, pos.viewport, space);
  const rows = windowRows({ count, rowHeight, offset, scrollTop: pos.scrollTop, viewport: pos.viewport, overscan });

  const revealIndex = (index: number) => {
    const el = scrollRef.current;
    if (!el) return;
    const viewport = el.clientHeight;
    const target = offsetToReveal(index, rowHeight, offset, viewport);
    if (target === offset) return;
    el.scrollTop = domScrollTop(target, viewport, space);
    const scrollTop = el.scrollTop;
    setPos({ scrollTop, viewport, pinned: { scrollTop, offset: Math.min(target, Math.max(0, space.contentPx - viewport)) } });
  };

  return { space, offset, viewport: pos.viewport, rows, revealIndex };
}
