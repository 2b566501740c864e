// What every virtual listbox of the window does alike (the contacts, the conversations): the rows
// on screen (use-scroll-window.ts), the pages around them asked once the scroll rests, the top
// again for new rows, the keyboard (arrows, Page Up/Down, Home, End; Enter or Space chooses) and
// the first row on screen made active when the list takes focus. Each list keeps its own rows,
// their look and what choosing one does.
import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import { useScrollWindow, type ScrollWindow } from './use-scroll-window';

/** fetches wait for the scroll position to rest this long: a fast fling does not load every page it passes */
const FETCH_SETTLE_MS = 60;
/** rows rendered beyond the viewport on each side */
const OVERSCAN_ROWS = 4;

/** one fixed row height in pixels, from the root font size (the window's zoom and font setting) */
export function useRowHeight(rowRem: number): number {
  const [px] = useState(() => {
    const base = parseFloat(getComputedStyle(document.documentElement).fontSize);
    return Math.round((Number.isFinite(base) && base > 0 ? base : 16) * rowRem);
  });
  return px;
}

/** what each list reads of its own store for its window: the loaded pages, the active row and what moves them */
export const LIST_WINDOW_FIELDS = ['pages', 'activeIndex', 'generation', 'setActiveIndex', 'ensureRange'] as const;

export interface ListWindowOptions {
  count: number;
  rowHeight: number;
  /** changes when the rows are new (another search, filter or profile): the list starts at the top */
  generation: number;
  activeIndex: number | null;
  setActiveIndex(index: number): void;
  /** asks for the pages holding rows `from` to `to` (either may be out of range) */
  ensureRange(from: number, to: number): void;
  /** rows asked for around the visible ones, so slow scrolling rarely meets a placeholder */
  prefetchRows: number;
  /** Enter or Space on the active row */
  onChoose(index: number): void;
}

export interface ListWindow {
  scrollRef: React.RefObject<HTMLDivElement | null>;
  view: ScrollWindow;
  /** the listbox element's focus, keyboard and height attributes, spread onto it */
  listboxProps: ListboxProps;
  /** row `index`'s place, size and option attributes, spread onto it at `top` px */
  rowProps(index: number, top: number): RowProps;
  /** a click on row `index`: it becomes the active row and the listbox keeps the focus */
  clickRow(index: number): void;
}

export interface ListboxProps {
  tabIndex: number;
  'aria-activedescendant': string | undefined;
  onKeyDown(e: KeyboardEvent<HTMLElement>): void;
  onFocus(): void;
  style: CSSProperties;
}

export interface RowProps {
  id: string;
  role: 'option';
  'aria-setsize': number;
  'aria-posinset': number;
  style: CSSProperties;
  'data-index': number;
  onMouseDown(e: MouseEvent): void;
}

export function useListWindow(o: ListWindowOptions): ListWindow {
  const { count, rowHeight, generation, activeIndex, setActiveIndex, ensureRange, prefetchRows, onChoose } = o;
  const scrollRef = useRef<HTMLDivElement>(null);
  const idPrefix = useId();
  const rowId = (index: number) => `${idPrefix}-row-${index}`;
  // rows have one fixed height, so the window is plain arithmetic; past a browser's height cap
  // (1,000,000 rows) its scroll space is scaled, see scroll-space.ts
  const view = useScrollWindow(scrollRef, count, rowHeight, OVERSCAN_ROWS);
  const items = view.rows;

  // new rows start at the top: the old offset means nothing in them
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [generation]);
  const firstIndex = items[0]?.index ?? 0;
  const lastIndex = items[items.length - 1]?.index ?? -1;
  useEffect(() => {
    if (lastIndex < 0) return;
    const t = setTimeout(() => ensureRange(firstIndex - prefetchRows, lastIndex + prefetchRows), FETCH_SETTLE_MS);
    return () => clearTimeout(t);
  }, [firstIndex, lastIndex, count, ensureRange, prefetchRows]);

  const moveTo = (index: number) => {
    if (count === 0) return;
    const next = Math.min(count - 1, Math.max(0, index));
    setActiveIndex(next);
    view.revealIndex(next);
  };
  const visibleRows = Math.max(1, Math.floor((view.viewport || rowHeight * 10) / rowHeight) - 1);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const cur = activeIndex ?? -1;
    let handled = true;
    if (e.key === 'ArrowDown') moveTo(cur + 1);
    else if (e.key === 'ArrowUp') moveTo(cur < 0 ? 0 : cur - 1);
    else if (e.key === 'PageDown') moveTo(cur + visibleRows);
    else if (e.key === 'PageUp') moveTo(cur - visibleRows);
    else if (e.key === 'Home') moveTo(0);
    else if (e.key === 'End') moveTo(count - 1);
    else if (e.key === 'Enter' || e.key === ' ') {
      if (activeIndex !== null) onChoose(activeIndex);
    } else handled = false;
    if (handled) e.preventDefault();
  };
  const onFocus = () => {
    if (activeIndex === null && count > 0) setActiveIndex(firstIndex);
  };
  const activeRendered = activeIndex !== null && items.some((it) => it.index === activeIndex);
  // the active row's id while it is rendered
  const activeDescendant = activeRendered && activeIndex !== null ? rowId(activeIndex) : undefined;
  return {
    scrollRef,
    view,
    listboxProps: {
      tabIndex: 0,
      'aria-activedescendant': activeDescendant,
      onKeyDown,
      onFocus,
      style: { height: `${view.space.domPx}px` },
    },
    rowProps: (index, top) => ({
      id: rowId(index),
      role: 'option',
      'aria-setsize': count,
      'aria-posinset': index + 1,
      style: { height: `${rowHeight}px`, transform: `translateY(${top}px)` },
      'data-index': index,
      // a click must not take the focus from the listbox (the row is not focusable)
      onMouseDown: (e) => e.preventDefault(),
    }),
    clickRow: (index) => {
      setActiveIndex(index);
      (scrollRef.current?.firstElementChild as HTMLElement | null)?.focus({ preventScroll: true });
    },
  };
}
