// The conversation list: a virtual listbox over every conversation of the profile (100,000 scroll
// like ten: only the rows on screen are in the document, the pages they need are asked of main).
// Arrows, Page Up/Down, Home and End move; Enter (or a click) opens the conversation beside it.
import { useStoreListWindow } from '../contacts/use-store-list-window';
import { VirtualListbox } from '../contacts/virtual-listbox';
import { useNow } from '../../ui/use-now';
import { describeError } from '../../lib/api';
import { InboxRowContent } from './inbox-row';
import { useMarkFirstRowPainted } from './first-paint-marks';
import { INBOX_PAGE, rowAt, selectRowCount, useInboxStore, type PageState } from './inbox-store';

/** the listbox's element id: the filter moves focus here */
export const INBOX_LISTBOX_ID = 'inbox-listbox';
/** two lines per conversation: who and when, then the newest line and its marks */
const ROW_REM = 3.75;

export function InboxList() {
  const { picked, list } = useStoreListWindow(useInboxStore, {
    rowCount: selectRowCount,
    rowRem: ROW_REM,
    prefetchRows: INBOX_PAGE / 2,
    extraFields: ['openNumber', 'open'],
    choose: ({ pages, open }, index) => openAt(pages, open, index),
  });
  const { pages, openNumber, open } = picked;
  const now = useNow(15_000);
  const { view } = list;
  const items = view.rows;
  useMarkFirstRowPainted(items.filter((it) => rowAt(pages, it.index).kind === 'row').length);

  return (
    <VirtualListbox
      {...list}
      rowAt={(index) => rowAt(pages, index)}
      itemKind="row"
      optionOf={(row, index) => ({
        isChosen: row.kind === 'row' && row.row.number === openNumber,
        extraClass: row.kind === 'row' && row.row.unread > 0 ? ' is-unread' : '',
        ...(row.kind === 'row' ? { number: row.row.number } : {}),
        onClick: () => openAt(pages, open, index),
        content: (
          <>
            {row.kind === 'row' && <InboxRowContent row={row.row} now={now} />}
            {row.kind === 'loading' && <span className="muted">Loading…</span>}
            {row.kind === 'error' && <span className="muted">Not loaded: {describeError(row.error)}</span>}
          </>
        ),
      })}
      scrollClassName="contact-scroll inbox-scroll"
      id={INBOX_LISTBOX_ID}
      label="Conversations, newest first"
      testName="inbox"
      rowName="inbox-row"
    />
  );
}

/** Enter, Space or a click on row `index`: its conversation opens beside the list */
function openAt(pages: Record<number, PageState>, open: (number: string) => Promise<unknown>, index: number): void {
  const row = rowAt(pages, index);
  if (row.kind === 'row') void open(row.row.number);
}
