// A SELECT list that names each snake_case column by the camelCase property the code reads
// (`file_path AS filePath`): SQLite then hands over rows already shaped as the records, so a
// table converts only the columns whose values change (a flag, a number, JSON), with no copy of
// every field per row. Built once per table, when its module loads.

/** "record_id, kept_at" -> "record_id AS recordId, kept_at AS keptAt"; `from` prefixes each column ("e" -> "e.record_id") */
export function camelSelect(columns: string, from?: string): string {
  return columns
    .split(',')
    .map((column) => column.trim())
    .map((column) => {
      const property = column.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
      const source = from === undefined ? column : `${from}.${column}`;
      return property === column && from === undefined ? column : `${source} AS ${property}`;
    })
    .join(', ');
}
