// The contact list's scroll geometry as pure functions. Chromium will not lay out an element much
// taller than 33.5 million px: 1,000,000 rows at a few dozen px each would be cut off there, and
// the last contacts could never be scrolled to. Past MAX_SCROLL_PX the list's scroll space is
// scaled down: the scroll position maps proportionally to an offset in the full list (the
// "content"), so the top shows row 0 and the bottom shows the last row, and rows are placed
// relative to what is on screen rather than at their full-list position.

/** Well under Chromium's cap, so borders, zoom and rounding never reach it. */
export const MAX_SCROLL_PX = 15_000_000;

export interface ScrollSpace {
  /** the full list's height: rows × row height */
  contentPx: number;
  /** the scrollable element's height: contentPx, or MAX_SCROLL_PX when the list is taller */
  domPx: number;
}

export interface WindowRow {
  index: number;
  /** the row's top inside the listbox element (DOM px) */
  top: number;
  /** the row's top in the full list (content px) */
  start: number;
}

export function scrollSpace(count: number, rowHeight: number, maxPx: number = MAX_SCROLL_PX): ScrollSpace {
  const contentPx = Math.max(0, count) * rowHeight;
  return { contentPx, domPx: Math.min(contentPx, maxPx) };
}

export function isScaled(space: ScrollSpace): boolean {
  return space.domPx < space.contentPx;
}

/** The full-list offset shown at DOM scroll position `scrollTop`, with `viewport` px on screen. */
export function contentOffset(scrollTop: number, viewport: number, space: ScrollSpace): number {
  if (!isScaled(space)) return scrollTop;
  const domMax = space.domPx - viewport;
  const contentMax = space.contentPx - viewport;
  if (domMax <= 0) return 0;
  const top = Math.min(domMax, Math.max(0, scrollTop));
  // proportional, so both ends meet exactly: the bottom of the scroll space is the last row
  return top === domMax ? contentMax : top * (contentMax / domMax);
}

/** The DOM scroll position that shows the full-list offset `offset` (contentOffset's inverse). */
export function domScrollTop(offset: number, viewport: number, space: ScrollSpace): number {
  if (!isScaled(space)) return offset;
  const domMax = space.domPx - viewport;
  const contentMax = space.contentPx - viewport;
  if (domMax <= 0 || contentMax <= 0) return 0;
  const o = Math.min(contentMax, Math.max(0, offset));
  return o === contentMax ? domMax : o * (domMax / contentMax);
}

/**
 * The rows to render at content offset `offset`: those on screen plus `overscan` either side,
 * never more, however long the list. `scrollTop` places them inside the (scaled) listbox.
 */
export function windowRows(args: {
  count: number;
  rowHeight: number;
  offset: number;
  scrollTop: number;
  viewport: number;
  overscan: number;
}): WindowRow[] {
  const { count, rowHeight, offset, scrollTop, viewport, overscan } = args;
  if (count <= 0 || rowHeight <= 0) return [];
  const firstVisible = Math.floor(Math.max(0, offset) / rowHeight);
  const lastVisible = Math.floor((Math.max(0, offset) + Math.max(viewport, 1) - 1) / rowHeight);
  const first = Math.max(0, firstVisible - overscan);
  const last = Math.min(count - 1, lastVisible + overscan);
  const rows: WindowRow[] = [];
  for (let index = first; index <= last; index++) {
    const start = index * rowHeight;
    rows.push({ index, start, top: start - offset + scrollTop });
  }
  return rows;
}

/**
 * The content offset that brings row `index` fully on screen, moving as little as possible
 * (the keyboard's "auto" alignment): unchanged when the row is already fully visible.
 */
export function offsetToReveal(index: number, rowHeight: number, offset: number, viewport: number): number {
  const start = index * rowHeight;
  const end = start + rowHeight;
  if (start < offset) return start;
  if (end > offset + viewport) return Math.max(0, end - viewport);
  return offset;
}
