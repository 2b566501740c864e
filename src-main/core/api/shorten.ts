/**
 * A value cut for a message or a table cell: at most 60 characters kept as they are, longer
 * ones cut to their first 57 and `ellipsis`, so a 200 KB argument still reads as one line.
 */
export function shorten(text: string, ellipsis: string): string {
  return text.length <= 60 ? text : `${text.slice(0, 57)}${ellipsis}`;
}
