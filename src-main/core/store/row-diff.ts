// Writes a list of records back as rows, touching only what changed: a record whose row values
// differ is upserted, a record that is gone is deleted. Each record's place in the list is kept
// as a `position` column, so the order a person sees survives a round trip.

export interface RowWriter<R> {
  /** the record's id column */
  idOf(record: R): string;
  /** the row's values as bound parameters (position included), compared to decide what changed */
  rowOf(record: R, position: number): Record<string, string | number | null>;
  upsert(row: Record<string, string | number | null>): void;
  remove(id: string): void;
}

export function writeChangedRows<R>(before: readonly R[], after: readonly R[], writer: RowWriter<R>): void {
  const old = new Map<string, string>();
  before.forEach((record, position) => old.set(writer.idOf(record), JSON.stringify(writer.rowOf(record, position))));
  const kept = new Set<string>();
  after.forEach((record, position) => {
    const id = writer.idOf(record);
    kept.add(id);
    const row = writer.rowOf(record, position);
    if (old.get(id) !== JSON.stringify(row)) writer.upsert(row);
  });
  for (const id of old.keys()) if (!kept.has(id)) writer.remove(id);
}

/** JSON for a column that may be absent */
export function jsonColumn(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

/** the column's JSON, or `fallback` when it is empty or does not parse */
export function parseJsonColumn(text: string | null, fallback: unknown = null): unknown {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fallback;
  }
}
