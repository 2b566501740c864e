// A virtual list's window bound to the store that holds its rows: the row count, the fields every
// list window reads (LIST_WINDOW_FIELDS) and the ones this list reads besides, in one subscription.
// The contacts and the conversations open their lists this way; each keeps its rows' look and what
// choosing one does.
import type { StoreApi, UseBoundStore } from 'zustand';
import { usePicked } from '../../app/use-picked';
import { LIST_WINDOW_FIELDS, useListWindow, useRowHeight, type ListWindow } from './use-list-window';

/** what a store must hold to back a list window */
interface ListWindowState {
  pages: unknown;
  activeIndex: number | null;
  generation: number;
  setActiveIndex(index: number): void;
  ensureRange(from: number, to: number): void;
}

type WindowField = (typeof LIST_WINDOW_FIELDS)[number];

export interface StoreListShape<State extends ListWindowState, Extra extends keyof State> {
  rowCount(state: State): number;
  /** one row's height, in rem of the root font (the window's zoom and font setting) */
  rowRem: number;
  /** rows asked for around the visible ones */
  prefetchRows: number;
  /** the store's fields the list reads besides its window's */
  extraFields: readonly Extra[];
  /** Enter or Space on the active row */
  choose(picked: Pick<State, WindowField | Extra>, index: number): void;
}

export interface StoreListWindow<State extends ListWindowState, Extra extends keyof State> {
  picked: Pick<State, WindowField | Extra>;
  rowHeight: number;
  /** the window, with the active row, spread onto the VirtualListbox */
  list: ListWindow & { activeIndex: number | null };
}

export function useStoreListWindow<State extends ListWindowState, Extra extends keyof State>(
  useStore: UseBoundStore<StoreApi<State>>,
  shape: StoreListShape<State, Extra>,
): StoreListWindow<State, Extra> {
  const count = useStore(shape.rowCount);
  const picked = usePicked<State, WindowField | Extra>(useStore, ...LIST_WINDOW_FIELDS, ...shape.extraFields);
  const rowHeight = useRowHeight(shape.rowRem);
  const list = useListWindow({
    count,
    rowHeight,
    generation: picked.generation,
    activeIndex: picked.activeIndex,
    setActiveIndex: picked.setActiveIndex,
    ensureRange: picked.ensureRange,
    prefetchRows: shape.prefetchRows,
    onChoose: (index) => shape.choose(picked, index),
  });
  return { picked, rowHeight, list: { ...list, activeIndex: picked.activeIndex } };
}
