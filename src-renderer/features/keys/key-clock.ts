// A revoked key's times in its row and the Roll dialog: "14:02" today (the checks and a short
// grace fall there), else the day too, since "retires at 14:02" a week away would mislead.
import { formatTime } from '../../lib/format';

export function keyClock(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  if (d.toDateString() !== now.toDateString()) return formatTime(iso);
  return d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}
