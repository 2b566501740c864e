// The elements every virtual listbox of the window is made of (the contacts, the conversations):
// the scrolling box the list window measures, the listbox inside it, and one option per row on
// screen, marked active, chosen or unusable (a placeholder) alike. Each list says what its rows
// are and hold, and may put more after the listbox (the contacts' error rows, which a listbox
// may not hold).
import type { ReactNode } from 'react';
import type { ListWindow } from './use-list-window';

/** what one row on screen shows and does */
export interface ListboxOption {
  isChosen: boolean;
  /** classes beside the row's own: ' is-unread' */
  extraClass?: string;
  /** the row's data-number */
  number?: string;
  /** what a click does, after the row becomes the active one */
  onClick(): void;
  content: ReactNode;
}

/** the list window (spread from useListWindow) and what the list's rows are */
export interface VirtualListboxProps<Row extends { kind: string }> extends ListWindow {
  activeIndex: number | null;
  /** row `index`'s state: its kind is the row's class row-KIND (the test id of a row that is not an item ends in -KIND) */
  rowAt(index: number): Row;
  /** the kind of row that is an item, not a placeholder: only an item may be chosen */
  itemKind: Row['kind'];
  optionOf(row: Row, index: number): ListboxOption;
  scrollClassName: string;
  /** the listbox's element id (a field moves focus here) */
  id: string;
  label: string;
  /** the test ids NAME-scroll and NAME-list */
  testName: string;
  /** a row's class, and its test id when it is an item */
  rowName: string;
  children?: ReactNode;
}

export function VirtualListbox<Row extends { kind: string }>({
  scrollRef,
  listboxProps,
  rowProps,
  clickRow,
  view,
  activeIndex,
  rowAt,
  itemKind,
  optionOf,
  scrollClassName,
  id,
  label,
  testName,
  rowName,
  children,
}: VirtualListboxProps<Row>) {
  return (
    <div className={scrollClassName} ref={scrollRef} data-testid={`${testName}-scroll`}>
      <div role="listbox" id={id} aria-label={label} className="contact-listbox" {...listboxProps} data-testid={`${testName}-list`}>
        {view.rows.map((it) => {
          const row = rowAt(it.index);
          const isItem = row.kind === itemKind;
          const option = optionOf(row, it.index);
          const marks = `${it.index === activeIndex ? ' is-active' : ''}${option.isChosen ? ' is-chosen' : ''}${option.extraClass ?? ''}`;
          return (
            <div
              key={it.index}
              {...rowProps(it.index, it.top)}
              aria-selected={option.isChosen}
              aria-disabled={isItem ? undefined : true}
              className={`${rowName}${marks} row-${row.kind}`}
              data-testid={isItem ? rowName : `${rowName}-${row.kind}`}
              data-number={option.number}
              onClick={() => {
                clickRow(it.index);
                option.onClick();
              }}
            >
              {option.content}
            </div>
          );
        })}
      </div>
      {children}
    </div>
  );
}
