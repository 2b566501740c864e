// The conversation list: a virtual listbox over every conversation of the profile (100,000 scroll
// like ten: only the rows on screen are in the document, the pages they need are asked of main).
// Arrows, Page Up/Down, Home and End move; Enter (or a click) opens the conversation beside it.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useScrollWindow } from '../contacts/use-scroll-window';
import { useNow } from '../../ui/use-now';
import { describeError } from '../../lib/api';
import { InboxRowContent } from './inbox-row';
import { useMarkFirstRowPainted } from './first-paint-marks';
import { INBOX_PAGE, rowAt, selectRowCount, useInboxStore } from './inbox-store';

/** the listbox's element id: the filter moves focus here */
export const INBOX_LISTBOX_ID = 'inbox-listbox';
/** two lines per conversation: who and when, then the newest line and its marks */
const ROW_REM = 3.75;
/** fetches wait for the scroll position to rest this long: a fast fling does not load every page it passes */
const FETCH_SETTLE_MS = 60;

function useRowHeight(): number {
  const [px] = useState(() => {
    const base = parseFloat(getComputedStyle(document.documentElement).fontSize);
    return Math.round((Number.isFinite(base) && base > 0 ? base : 16) * ROW_REM);
  });
  return px;
}

export function InboxList() {
  const count = useInboxStore(selectRowCount);
  const pages = useInboxStore((s) => s.pages);
  const activeIndex = useInboxStore((s) => s.activeIndex);
  const openNumber = useInboxStore((s) => s.openNumber);
  const generation = useInboxStore((s) => s.generation);
  const setActiveIndex = useInboxStore((s) => s.setActiveIndex);
  const ensureRange = useInboxStore((s) => s.ensureRange);
  const open = useInboxStore((s) => s.open);
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowHeight = useRowHeight();
  const now = useNow(15_000);
  const idPrefix = useId();
  const rowId = (i: number) => `${idPrefix}-row-${i}`;
  const view = useScrollWindow(scrollRef, count, rowHeight, 4);
  const items = view.rows;
  useMarkFirstRowPainted(items.filter((it) => rowAt(pages, it.index).kind === 'row').length);

  // another filter or profile: its rows start at the top
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [generation]);
  const firstIndex = items[0]?.index ?? 0;
  const lastIndex = items[items.length - 1]?.index ?? -1;
  useEffect(() => {
    if (lastIndex < 0) return;
    const t = setTimeout(() => ensureRange(firstIndex - INBOX_PAGE / 2, lastIndex + INBOX_PAGE / 2), FETCH_SETTLE_MS);
    return () => clearTimeout(t);
  }, [firstIndex, lastIndex, count, ensureRange]);

  const moveTo = (index: number) => {
    if (count === 0) return;
    const next = Math.min(count - 1, Math.max(0, index));
    setActiveIndex(next);
    view.revealIndex(next);
  };
  const openAt = (index: number) => {
    const row = rowAt(pages, index);
    if (row.kind === 'row') void open(row.row.number);
  };
  const visibleRows = Math.max(1, Math.floor((view.viewport || rowHeight * 10) / rowHeight) - 1);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const cur = activeIndex ?? -1;
    let handled = true;
    if (e.key === 'ArrowDown') moveTo(cur + 1);
    else if (e.key === 'ArrowUp') moveTo(cur < 0 ? 0 : cur - 1);
    else if (e.key === 'PageDown') moveTo(cur + visibleRows);
    else if (e.key === 'PageUp') moveTo(cur - visibleRows);
    else if (e.key === 'Home') moveTo(0);
    else if (e.key === 'End') moveTo(count - 1);
    else if (e.key === 'Enter' || e.key === ' ') {
      if (activeIndex !== null) openAt(activeIndex);
    } else handled = false;
    if (handled) e.preventDefault();
  };
  const onFocus = () => {
    if (activeIndex === null && count > 0) setActiveIndex(firstIndex);
  };
  const activeRendered = activeIndex !== null && items.some((it) => it.index === activeIndex);

  return (
    <div className="contact-scroll inbox-scroll" ref={scrollRef} data-testid="inbox-scroll">
      <div
        role="listbox"
        id={INBOX_LISTBOX_ID}
        aria-label="Conversations, newest first"
        tabIndex={0}
        className="contact-listbox"
        aria-activedescendant={activeRendered && activeIndex !== null ? rowId(activeIndex) : undefined}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        style={{ height: `${view.space.domPx}px` }}
        data-testid="inbox-list"
      >
        {items.map((it) => {
          const row = rowAt(pages, it.index);
          const isActive = it.index === activeIndex;
          const isOpen = row.kind === 'row' && row.row.number === openNumber;
          const unread = row.kind === 'row' && row.row.unread > 0;
          return (
            <div
              key={it.index}
              id={rowId(it.index)}
              role="option"
              aria-selected={isOpen}
              aria-disabled={row.kind !== 'row' ? true : undefined}
              aria-setsize={count}
              aria-posinset={it.index + 1}
              className={`inbox-row${isActive ? ' is-active' : ''}${isOpen ? ' is-chosen' : ''}${unread ? ' is-unread' : ''} row-${row.kind}`}
              style={{ height: `${rowHeight}px`, transform: `translateY(${it.top}px)` }}
              data-testid={row.kind === 'row' ? 'inbox-row' : `inbox-row-${row.kind}`}
              data-number={row.kind === 'row' ? row.row.number : undefined}
              data-index={it.index}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                setActiveIndex(it.index);
                (scrollRef.current?.firstElementChild as HTMLElement | null)?.focus({ preventScroll: true });
                openAt(it.index);
              }}
            >
              {row.kind === 'row' && <InboxRowContent row={row.row} now={now} />}
              {row.kind === 'loading' && <span className="muted">Loading…</span>}
              {row.kind === 'error' && <span className="muted">Not loaded: {describeError(row.error)}</span>}
            </div>
          );
        })}
      </div>
    </div>
  );
}
