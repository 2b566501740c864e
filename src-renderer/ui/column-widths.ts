// The widths a person gave a table's columns, remembered per table in this window's own storage
// (the app's origin; nothing of it leaves the window): the log keeps its Path wide, Keys its Name.
// What is read back is checked, so a damaged or foreign value is ignored rather than applied.
import { useCallback, useState } from 'react';

export const MIN_COLUMN_PX = 48;
export const MAX_COLUMN_PX = 1600;
/** a column shown after the widths were set (the log's viewer closed) starts here */
export const NEW_COLUMN_PX = 128;

export type ColumnWidths = Readonly<Record<string, number>>;

const storageKey = (table: string): string => `crm-console.column-widths.${table}`;

export function clampWidth(px: number): number {
  return Math.round(Math.min(MAX_COLUMN_PX, Math.max(MIN_COLUMN_PX, px)));
}

export function readWidths(table: string): ColumnWidths {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(storageKey(table)) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const out: Record<string, number> = {};
    for (const [column, px] of Object.entries(parsed)) if (typeof px === 'number' && Number.isFinite(px)) out[column] = clampWidth(px);
    return out;
  } catch {
    // storage refused (or the value is not JSON): the table keeps its automatic widths
    return {};
  }
}

function writeWidths(table: string, widths: ColumnWidths): void {
  try {
    if (Object.keys(widths).length === 0) window.localStorage.removeItem(storageKey(table));
    else window.localStorage.setItem(storageKey(table), JSON.stringify(widths));
  } catch {
    // storage refused: the widths hold until the window closes
  }
}

/** a table's remembered widths, and setters that remember them */
export function useColumnWidths(table: string): { widths: ColumnWidths; setWidths: (next: ColumnWidths) => void; reset: () => void } {
  const [widths, set] = useState<ColumnWidths>(() => readWidths(table));
  const setWidths = useCallback(
    (next: ColumnWidths) => {
      set(next);
      writeWidths(table, next);
    },
    [table],
  );
  const reset = useCallback(() => setWidths({}), [setWidths]);
  return { widths, setWidths, reset };
}
