// How old and how close to its end a saved key is, in the words the Keys screen and `crm keys
// list` both show: "expired", "expires in 3 days", "unused for 60 days". Pure: the time is handed
// in. Staleness follows the CIS guidance of reviewing credentials unused for 45 days or more.
import type { SavedKey } from './model';

const DAY_MS = 24 * 60 * 60 * 1000;
/** a key not used for this many days (or never, since it was added) is called unused */
export const STALE_AFTER_DAYS = 45;
/** the expiries offered at creation, in days */
export const EXPIRY_CHOICES = [7, 30, 90] as const;

type Dates = Pick<SavedKey, 'state' | 'addedAt' | 'lastUsedAt' | 'expiresAt'>;

/** true once the key's expiry has passed (a key without one never expires here) */
export function isExpired(key: Pick<SavedKey, 'expiresAt'>, now: Date): boolean {
  if (!key.expiresAt) return false;
  const at = Date.parse(key.expiresAt);
  return Number.isFinite(at) && at <= now.getTime();
}

function days(n: number): string {
  return `${n} day${n === 1 ? '' : 's'}`;
}

/** "expired", "expires in 3 days"; null without an expiry or for a revoked key */
export function expiryLabel(key: Dates, now: Date): string | null {
  if (key.state !== 'active' || !key.expiresAt) return null;
  const at = Date.parse(key.expiresAt);
  if (!Number.isFinite(at)) return null;
  if (at <= now.getTime()) return 'expired';
  // counted up: a key made "for 30 days" a moment ago still has 30 to go, not 29
  return `expires in ${days(Math.ceil((at - now.getTime()) / DAY_MS))}`;
}

/** "unused for 60 days" when an active key's last use (or its adding, if never used) is 45+ days ago */
export function stalenessLabel(key: Dates, now: Date): string | null {
  if (key.state !== 'active') return null;
  const since = Date.parse(key.lastUsedAt ?? key.addedAt);
  if (!Number.isFinite(since)) return null;
  const idle = Math.floor((now.getTime() - since) / DAY_MS);
  return idle >= STALE_AFTER_DAYS ? `unused for ${days(idle)}` : null;
}

/** the words both lists show after a key's state: expiry first, as it is the harder stop */
export function lifecycleLabels(key: Dates, now: Date): string[] {
  return [expiryLabel(key, now), stalenessLabel(key, now)].filter((l): l is string => l !== null);
}

/**
 * An expiry as a person gives it: "30d" (days from now) or "2027-01-31" (the last day the key is
 * used: it expires at the end of that day, UTC). The ISO time, or a sentence saying what is wrong.
 */
export function parseExpiry(input: string, now: Date): { ok: true; at: string } | { ok: false; problem: string } {
  const text = input.trim();
  const byDays = /^(\d{1,4})d$/i.exec(text);
  if (byDays) {
    const n = Number(byDays[1]);
    if (n < 1) return { ok: false, problem: 'An expiry is at least 1 day away.' };
    return { ok: true, at: new Date(now.getTime() + n * DAY_MS).toISOString() };
  }
  const byDate = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (byDate) {
    const end = Date.UTC(Number(byDate[1]), Number(byDate[2]) - 1, Number(byDate[3]) + 1);
    const check = new Date(Date.UTC(Number(byDate[1]), Number(byDate[2]) - 1, Number(byDate[3])));
    if (check.toISOString().slice(0, 10) !== text) return { ok: false, problem: `${text} is not a date.` };
    if (end <= now.getTime()) return { ok: false, problem: `${text} has already passed: choose a later day.` };
    return { ok: true, at: new Date(end).toISOString() };
  }
  return { ok: false, problem: 'An expiry is a number of days (7d, 30d, 90d) or a date (2027-01-31).' };
}

/**
 * Which saved keys a list shows by default: the live ones, and a revoked one only while its
 * server revocation is unfinished (pending or failed, or synced while the service is still being
 * checked to refuse it): it may still need the person. A revoked key whose revocation is done is
 * history: `--revoked` / the Revoked filter shows it.
 */
export function listedByDefault(key: Pick<SavedKey, 'state'> & { sync?: { state: string; proof?: { state: string } } | null }): boolean {
  if (key.state !== 'revoked') return true;
  const sync = key.sync;
  if (sync?.state === 'pending' || sync?.state === 'failed') return true;
  return sync?.state === 'synced' && (sync.proof?.state === 'checking' || sync.proof?.state === 'accepted');
}
