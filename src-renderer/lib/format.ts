// Small, pure formatting helpers shared by the screens. Sizes are formatted by
// src-main/shared/format.ts, the same function main words its problems with.
import { trimmedOneDecimal } from '../../src-main/shared/format';
import { keyLabel } from '../../src-main/shared/key-label';

/**
 * 100000 → "100,000", the en-US grouping, written out: the first Intl formatter a page makes
 * loads ICU data, which cost the cold load about 17 ms before the first contact row (npm run bench).
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const [whole = '', fraction] = Math.abs(n).toString().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${n < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${trimmedOneDecimal(ms / 1000)} s`;
}

/** m:ss for a recording's elapsed time. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${s.toString().padStart(2, '0')}`;
}

/** a four-digit year, and a 24-hour time that cannot break before an AM/PM */
export const TO_THE_MINUTE: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(undefined, TO_THE_MINUTE);
}

/** 14:03:07: a 24-hour clock time that cannot wrap before an AM/PM (the request log's rows). */
export function formatClockTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
}

/** a saved key by its last four, in the words the key lists use (shared/key-label.ts) */
export function fingerprintLabel(fingerprint: string): string {
  return keyLabel({ lastFour: fingerprint });
}
