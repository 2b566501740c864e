// Plain-text rendering for people: aligned columns, one line per error, terminal-safe strings.
import type { ErrorInfo } from '../core/model';
import { visibleJson, visibleText } from './terminal-safe';

/**
 * One value inside a line: tabs and newlines become spaces, other control and bidi characters
 * show as escapes (a server-provided name cannot move the cursor, clear the screen or reorder
 * the line). The writer escapes them in everything anyway; this keeps a value on its line and
 * table columns aligned, since escapes are plain ASCII.
 */
export function clean(value: string): string {
  return visibleText(value.replace(/[\t\n]/g, ' '));
}

/** One line: runs of white space (newlines included) become one space. */
export function oneLine(value: string): string {
  return clean(value).replace(/\s+/g, ' ').trim();
}

export function table(headers: string[], rows: string[][]): string {
  const cells = rows.map((row) => row.map((cell) => oneLine(cell)));
  const widths = headers.map((header, i) => Math.max(header.length, ...cells.map((row) => [...(row[i] ?? '')].length)));
  const render = (row: string[]): string =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell + ' '.repeat(Math.max(0, (widths[i] ?? 0) - [...cell].length))))
      .join('  ')
      .trimEnd();
  return [render(headers), ...cells.map(render)].join('\n');
}

/** `crm: <reason>` body: "401 unauthorized: API key missing, invalid or revoked (number: ...)". */
export function errorLine(error: {
  code: string;
  message: string;
  status?: number;
  details?: { field: string; message: string }[];
}): string {
  let line = error.status !== undefined ? `${error.status} ${error.code}: ${error.message}` : error.message;
  const details = (error.details ?? []).filter((d) => !line.includes(d.message));
  if (details.length > 0) line += ` (${details.map((d) => `${d.field}: ${d.message}`).join('; ')})`;
  return oneLine(line);
}

/**
 * One value as one line of JSON (--follow --json prints one per change), terminal-safe as every
 * --json output is: the C1 and bidi controls JSON.stringify leaves raw are written as escapes.
 */
export function jsonLine(value: unknown): string {
  return visibleJson(JSON.stringify(value));
}

export function jsonError(error: ErrorInfo | { code: 'usage'; message: string }): string {
  return `${jsonLine({ error })}\n`;
}

export function dash(value: string | null | undefined): string {
  return value === null || value === undefined || value === '' ? '-' : value;
}

/** "2024-05-01 12:03" in local time, or "-" */
export function shortTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '-';
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
