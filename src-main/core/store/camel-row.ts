// A row as SQLite hands it over (snake_case columns) read as the camelCase object the code uses:
// `file_path` is `filePath`. For rows whose every selected column is the property of the same
// name; a column that is converted or renamed is written after the spread (a later key keeps
// the earlier key's place, so the object reads in column order either way).

type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

export type CamelRow<Row> = { [Column in keyof Row & string as CamelCase<Column>]: Row[Column] };

/** each column's name once per process: rows are read by the hundred, their columns are few */
const camelNames = new Map<string, string>();

function camelName(column: string): string {
  let name = camelNames.get(column);
  if (name === undefined) {
    name = column.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
    camelNames.set(column, name);
  }
  return name;
}

export function camelRow<Row extends object>(row: Row): CamelRow<Row> {
  const read: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) read[camelName(column)] = value;
  return read as CamelRow<Row>;
}
