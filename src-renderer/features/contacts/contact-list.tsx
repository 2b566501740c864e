import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Contact } from '../../lib/api';
import { describeError } from '../../lib/api';
import { useSendStore } from '../send/send-store';
import {
  PER_PAGE,
  rowAt,
  selectActiveIndex,
  selectChosen,
  selectGeneration,
  selectPages,
  selectRowCount,
  useContactsStore,
  type RowState,
} from './contacts-store';
import { useScrollWindow } from './use-scroll-window';
import { usePhoneDisplay } from '../../lib/phone-display-when-ready';
import { useReportFirstRows } from './report-first-rows';

/** the list box's element id: the search field moves focus here with ArrowDown */
export const CONTACT_LISTBOX_ID = 'contacts-listbox';

/** Rows fetched around the visible ones, so slow scrolling rarely meets a placeholder. */
const PREFETCH_ROWS = PER_PAGE / 2;
/** Fetches wait for the scroll position to rest this long: a fast fling does not load every page it passes. */
const FETCH_SETTLE_MS = 60;
/** one line per contact: a dense list shows about 20 of them in the default window */
const ROW_REM = 2.25;

function useRowHeight(): number {
  const [px] = useState(() => {
    const base = parseFloat(getComputedStyle(document.documentElement).fontSize);
    return Math.round((Number.isFinite(base) && base > 0 ? base : 16) * ROW_REM);
  });
  return px;
}

/** Sets the send panels' recipient from a contact and marks it chosen. */
export function chooseContact(contact: Contact): void {
  useContactsStore.getState().choose(contact);
  useSendStore.getState().pickRecipient(contact.number, contact.name);
}

export function ContactList() {
  const count = useContactsStore(selectRowCount);
  const pages = useContactsStore(selectPages);
  const activeIndex = useContactsStore(selectActiveIndex);
  const chosen = useContactsStore(selectChosen);
  const setActiveIndex = useContactsStore((s) => s.setActiveIndex);
  const ensureRange = useContactsStore((s) => s.ensureRange);
  const retryPage = useContactsStore((s) => s.retryPage);
  const generation = useContactsStore(selectGeneration);
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowHeight = useRowHeight();
  const idPrefix = useId();
  const rowId = (i: number) => `${idPrefix}-row-${i}`;

  // Rows have one fixed height, so the window is plain arithmetic; past a browser's height cap
  // (1,000,000 contacts) its scroll space is scaled, see scroll-space.ts.
  const view = useScrollWindow(scrollRef, count, rowHeight, 4);
  const items = view.rows;

  // New rows (a new search, a reload) start at the top: the old offset means nothing in them.
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [generation]);
  const firstIndex = items[0]?.index ?? 0;
  const lastIndex = items[items.length - 1]?.index ?? -1;

  useEffect(() => {
    if (lastIndex < 0) return;
    const t = setTimeout(() => ensureRange(firstIndex - PREFETCH_ROWS, lastIndex + PREFETCH_ROWS), FETCH_SETTLE_MS);
    return () => clearTimeout(t);
  }, [firstIndex, lastIndex, count, ensureRange]);

  const moveTo = (index: number) => {
    if (count === 0) return;
    const next = Math.min(count - 1, Math.max(0, index));
    setActiveIndex(next);
    view.revealIndex(next);
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
      if (activeIndex == null) return;
      const row = rowAt(pages, activeIndex);
      if (row.kind === 'contact') chooseContact(row.contact);
      else if (row.kind === 'error') retryPage(row.page);
    } else handled = false;
    if (handled) e.preventDefault();
  };

  const onFocus = () => {
    if (activeIndex == null && count > 0) setActiveIndex(firstIndex);
  };

  const activeRendered = activeIndex != null && items.some((it) => it.index === activeIndex);
  useReportFirstRows(items.filter((it) => rowAt(pages, it.index).kind === 'contact').length);

  // One error row (with Retry) per failed page, at its first VISIBLE row (not an overscan row
  // above the viewport). It sits outside the listbox: a button may not live inside an option.
  const failed = new Map<number, { start: number; row: Extract<RowState, { kind: 'error' }> }>();
  for (const it of items) {
    if (it.start + rowHeight <= view.offset) continue;
    const row = rowAt(pages, it.index);
    if (row.kind === 'error' && !failed.has(row.page)) failed.set(row.page, { start: it.top, row });
  }

  return (
    <div className="contact-scroll" ref={scrollRef} data-testid="contacts-scroll">
      <div
        role="listbox"
        id={CONTACT_LISTBOX_ID}
        aria-label="Contacts"
        tabIndex={0}
        className="contact-listbox"
        aria-activedescendant={activeRendered && activeIndex != null ? rowId(activeIndex) : undefined}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        style={{ height: `${view.space.domPx}px` }}
        data-testid="contacts-list"
      >
        {items.map((it) => {
          const row = rowAt(pages, it.index);
          const isActive = it.index === activeIndex;
          const isChosen = row.kind === 'contact' && chosen?.id === row.contact.id;
          return (
            <div
              key={it.index}
              id={rowId(it.index)}
              role="option"
              aria-selected={isChosen}
              aria-disabled={row.kind !== 'contact' ? true : undefined}
              aria-setsize={count}
              aria-posinset={it.index + 1}
              className={`contact-row${isActive ? ' is-active' : ''}${isChosen ? ' is-chosen' : ''} row-${row.kind}`}
              style={{ height: `${rowHeight}px`, transform: `translateY(${it.top}px)` }}
              data-testid={row.kind === 'contact' ? 'contact-row' : `contact-row-${row.kind}`}
              data-index={it.index}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                setActiveIndex(it.index);
                (scrollRef.current?.firstElementChild as HTMLElement | null)?.focus({ preventScroll: true });
                if (row.kind === 'contact') chooseContact(row.contact);
              }}
            >
              <RowContent row={row} />
            </div>
          );
        })}
      </div>
      {[...failed.values()].map(({ start, row }) => (
        <div key={row.page} className="contact-row-error" style={{ transform: `translateY(${start}px)`, height: `${rowHeight}px` }} data-testid="contacts-row-error">
          <span>
            Rows {(row.page - 1) * PER_PAGE + 1}–{row.page * PER_PAGE} could not be loaded: {describeError(row.error)}
          </span>
          <button type="button" className="btn btn-small" onClick={() => retryPage(row.page)}>
            Retry
          </button>
        </div>
      ))}
    </div>
  );
}

function RowContent({ row }: { row: RowState }) {
  if (row.kind === 'loading') {
    return (
      <span className="row-placeholder">
        <span className="sr-only">Loading contact…</span>
        <span className="skeleton skeleton-name" />
        <span className="skeleton skeleton-number" />
      </span>
    );
  }
  if (row.kind === 'error') return <span className="muted">Not loaded</span>;
  const c = row.contact;
  return (
    <>
      <span className="contact-name">{c.name}</span>
      <ContactNumber number={c.number} />
      <span className="contact-email">{c.email ?? ''}</span>
    </>
  );
}

function ContactNumber({ number }: { number: string }) {
  return (
    <span className="contact-number mono" data-number={number}>
      {usePhoneDisplay(number)}
    </span>
  );
}
