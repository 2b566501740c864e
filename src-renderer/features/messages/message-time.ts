// When a message was sent, as the Messages view shows it: the app's one date format (a four-digit
// year and a 24-hour time that cannot wrap before an AM/PM); a message without a time says so.
import { formatTime } from '../../lib/format';

export function formatSentAt(iso: string | null): string {
  return iso === null ? 'time unknown' : formatTime(iso);
}
