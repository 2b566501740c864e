// The mapping table's choices as the `fixes` of api:import-curl. Main guesses every row's role
// from the cURL alone; only the rows the person changed go back, so undoing a change gives
// main's own guess again (and a role taken from one row returns to the row it was guessed for).
import type { MappingRow, Role, RoleFixes } from '../../../lib/api';

/** A row's identity in the table: where it is and its field (a query name or a body path). */
export function rowKey(row: Pick<MappingRow, 'location' | 'field'>): string {
  return `${row.location}:${row.field}`;
}

function fieldOf(key: string): string {
  return key.slice(key.indexOf(':') + 1);
}

/**
 * The person's choices (row key -> role, null = keep as given) as RoleFixes:
 * `{ number: ['chatId'], constant: ['type'] }`.
 */
export function fixesFrom(choices: Readonly<Record<string, Role | null>>): RoleFixes {
  const fixes: RoleFixes = {};
  for (const [key, role] of Object.entries(choices)) {
    const name = role ?? 'constant';
    (fixes[name] ??= []).push(fieldOf(key));
  }
  return fixes;
}

/** The choices after the person picks `role` for a row: a pick equal to main's guess is no change. */
export function withChoice(
  choices: Readonly<Record<string, Role | null>>,
  guesses: Readonly<Record<string, Role | null>>,
  key: string,
  role: Role | null,
): Record<string, Role | null> {
  const next = { ...choices };
  if ((guesses[key] ?? null) === role) delete next[key];
  else next[key] = role;
  return next;
}

/** Each row's guessed role, by row key (from a proposal read without fixes). */
export function guessesOf(rows: readonly MappingRow[]): Record<string, Role | null> {
  return Object.fromEntries(rows.map((r) => [rowKey(r), r.role]));
}
