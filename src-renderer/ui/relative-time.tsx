import { formatTime } from '../lib/format';
import { formatExactTime, formatRelative } from '../lib/relative-time';
import { useNow } from './use-now';

/** every 15 s: "just now" turns into "1 min ago" within a quarter of a minute */
const RENEW_MS = 15_000;

/** A moment as its distance from now ("2 min ago"), renewed while shown; the exact local time on hover. */
export function RelativeTime({ iso, testId }: { iso: string; testId?: string }) {
  const now = useNow(RENEW_MS);
  return (
    <time dateTime={iso} title={formatExactTime(iso)} data-testid={testId}>
      {formatRelative(iso, now) ?? formatTime(iso)}
    </time>
  );
}
