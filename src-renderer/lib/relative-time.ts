// "2 min ago" / "in 3 min": how long ago (or until) a moment is, for lists a person keeps open all
// day, where a clock time says less than its distance from now. Pure: the caller passes now.
import { TO_THE_MINUTE } from './format';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The distance from `nowMs` to `iso` in words; null when `iso` is not a time (the caller shows
 * it as it is). Past a month the distance says little: the caller shows the date instead.
 */
export function formatRelative(iso: string, nowMs: number): string | null {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  const diff = nowMs - at;
  const future = diff < 0;
  const span = Math.abs(diff);
  if (span >= 30 * DAY) return null;
  if (span < MINUTE) return future ? 'in under a minute' : 'just now';
  let words: string;
  if (span < HOUR) words = `${Math.floor(span / MINUTE)} min`;
  else if (span < DAY) words = `${Math.floor(span / HOUR)} h`;
  else {
    const days = Math.floor(span / DAY);
    words = days === 1 ? '1 day' : `${days} days`;
  }
  return future ? `in ${words}` : `${words} ago`;
}

/** The exact local time, to the second, for a relative time's title. */
export function formatExactTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(undefined, { ...TO_THE_MINUTE, second: '2-digit' });
}
