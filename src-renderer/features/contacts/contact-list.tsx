import type { Contact } from '../../lib/api';
import { describeError } from '../../lib/api';
import { useSendStore } from '../send/send-store';
import { PER_PAGE, rowAt, selectRowCount, useContactsStore, type RowState } from './contacts-store';
import { useStoreListWindow } from './use-store-list-window';
import { VirtualListbox } from './virtual-listbox';
import { usePhoneDisplay } from '../../lib/phone-display-when-ready';
import { useReportFirstRows } from './report-first-rows';

/** the list box's element id: the search field moves focus here with ArrowDown */
export const CONTACT_LISTBOX_ID = 'contacts-listbox';

/** Rows fetched around the visible ones, so slow scrolling rarely meets a placeholder. */
const PREFETCH_ROWS = PER_PAGE / 2;
/** one line per contact: a dense list shows about 20 of them in the default window */
const ROW_REM = 2.25;

/** Sets the send panels' recipient from a contact and marks it chosen. */
export function chooseContact(contact: Contact): void {
  useContactsStore.getState().choose(contact);
  useSendStore.getState().pickRecipient(contact.number, contact.name);
}

export function ContactList() {
  const { picked, rowHeight, list } = useStoreListWindow(useContactsStore, {
    rowCount: selectRowCount,
    rowRem: ROW_REM,
    prefetchRows: PREFETCH_ROWS,
    extraFields: ['chosen', 'retryPage'],
    choose: ({ pages, retryPage }, index) => {
      const row = rowAt(pages, index);
      if (row.kind === 'contact') chooseContact(row.contact);
      else if (row.kind === 'error') retryPage(row.page);
    },
  });
  const { pages, chosen, retryPage } = picked;
  const { view } = list;
  const items = view.rows;
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
    <VirtualListbox
      {...list}
      rowAt={(index) => rowAt(pages, index)}
      itemKind="contact"
      optionOf={(row) => ({
        isChosen: row.kind === 'contact' && chosen?.id === row.contact.id,
        onClick: () => {
          if (row.kind === 'contact') chooseContact(row.contact);
        },
        content: <RowContent row={row} />,
      })}
      scrollClassName="contact-scroll"
      id={CONTACT_LISTBOX_ID}
      label="Contacts"
      testName="contacts"
      rowName="contact-row"
    >
      {[...failed.values()].map(({ start, row }) => (
        <div
          key={row.page}
          className="contact-row-error"
          style={{ transform: `translateY(${start}px)`, height: `${rowHeight}px` }}
          data-testid="contacts-row-error"
        >
          <span>
            Rows {(row.page - 1) * PER_PAGE + 1}–{row.page * PER_PAGE} could not be loaded: {describeError(row.error)}
          </span>
          <button type="button" className="btn btn-small" onClick={() => retryPage(row.page)}>
            Retry
          </button>
        </div>
      ))}
    </VirtualListbox>
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
