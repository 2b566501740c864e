import type { ReactNode } from 'react';

interface DataTableProps {
  /** the table's accessible name */
  label: string;
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

/** A table of records that scrolls sideways on its own in a narrow window, not the whole screen. */
export function DataTable({ label, testId, columns, className, columnClasses, children }: DataTableProps) {
  return (
    <div className="table-scroll">
      <table className={className ? `table ${className}` : 'table'} aria-label={label} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={columnClasses?.[column]}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
