import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ColumnResizer } from './column-resizer';
import { NEW_COLUMN_PX, clampWidth, useColumnWidths } from './column-widths';

interface DataTableProps {
  /** the table's accessible name */
  label: string;
  /** also names the table's remembered column widths */
  testId: string;
  /** the column headings, in order */
  columns: readonly string[];
  /** classes besides `table` */
  className?: string;
  /** a class for some columns' headings, by heading (the rows give their cells the same) */
  columnClasses?: Readonly<Record<string, string>>;
  /** the rows */
  children: ReactNode;
}

/**
 * A table of records that scrolls sideways on its own in a narrow window, not the whole screen.
 * Its columns size themselves until the person drags (or arrows) a heading's edge; from then on
 * every column has a set width, remembered for this table, and the table is as wide as they add
 * up to (scrolling sideways when that is wider than the screen).
 */
export function DataTable({ label, testId, columns, className, columnClasses, children }: DataTableProps) {
  const { widths, setWidths, reset } = useColumnWidths(testId);
  const heads = useRef(new Map<string, HTMLTableCellElement>());
  const [measured, setMeasured] = useState<Readonly<Record<string, number>>>({});
  const set = Object.keys(widths).length > 0;

  // the automatic widths, for the separators' values; measured again when the table's size changes
  useLayoutEffect(() => {
    const measure = (): void => {
      const next: Record<string, number> = {};
      for (const [column, th] of heads.current) next[column] = Math.round(th.getBoundingClientRect().width);
      setMeasured((prev) => (columns.every((c) => prev[c] === next[c]) ? prev : next));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    for (const th of heads.current.values()) observer.observe(th);
    return () => observer.disconnect();
  }, [columns, widths]);

  const widthOf = (column: string): number => widths[column] ?? measured[column] ?? NEW_COLUMN_PX;
  const start = (column: string): number => {
    if (!set) {
      // the first change: every column keeps the width it has now, not only the one resized
      const all: Record<string, number> = {};
      for (const c of columns) all[c] = clampWidth(heads.current.get(c)?.getBoundingClientRect().width ?? NEW_COLUMN_PX);
      setWidths(all);
      return all[column] ?? NEW_COLUMN_PX;
    }
    return widthOf(column);
  };
  const resize = (column: string, px: number): void => {
    const next: Record<string, number> = {};
    for (const c of columns) next[c] = widthOf(c);
    setWidths({ ...widths, ...next, [column]: clampWidth(px) });
  };

  const total = columns.reduce((sum, c) => sum + widthOf(c), 0);
  const classes = ['table', ...(className ? [className] : []), ...(set ? ['table-set-widths'] : [])].join(' ');
  return (
    <div className="table-scroll">
      <table className={classes} aria-label={label} data-testid={testId} style={set ? { width: `${total}px` } : undefined}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className={columnClasses?.[column] ? `${columnClasses[column]} resizable-column` : 'resizable-column'}
                style={set ? { width: `${widthOf(column)}px` } : undefined}
                ref={(th) => {
                  if (th) heads.current.set(column, th);
                  else heads.current.delete(column);
                }}
              >
                {column}
                <ColumnResizer
                  column={column}
                  width={widthOf(column)}
                  onStart={() => start(column)}
                  onResize={(px) => resize(column, px)}
                  onReset={reset}
                />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
