// The expiry picked when a key is created, as the words main takes (`crm keys create --expires`
// takes the same): "30d", or a last day "2027-01-31". Checked here with the same rules main uses,
// so a wrong date is said beside the field before any key is made.
import { EXPIRY_CHOICES, parseExpiry } from '../../../src-main/shared/key-lifecycle';

export type ExpiryChoice = 'none' | `${(typeof EXPIRY_CHOICES)[number]}d` | 'date';

export const EXPIRY_OPTIONS: readonly { id: ExpiryChoice; label: string }[] = [
  { id: 'none', label: 'No expiry' },
  ...EXPIRY_CHOICES.map((n) => ({ id: `${n}d` as ExpiryChoice, label: `${n} days` })),
  { id: 'date', label: 'On a date…' },
];

/** what to send main: no expiry, the words, or the problem to show */
export function expiryInput(
  choice: ExpiryChoice,
  date: string,
  now: Date,
): { ok: true; expires: string | undefined } | { ok: false; problem: string } {
  if (choice === 'none') return { ok: true, expires: undefined };
  if (choice === 'date' && !date) return { ok: false, problem: 'Choose the last day the key is used, or another expiry.' };
  const words = choice === 'date' ? date : choice;
  const parsed = parseExpiry(words, now);
  return parsed.ok ? { ok: true, expires: words } : { ok: false, problem: parsed.problem };
}
