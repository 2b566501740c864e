// Turning the sandbox's terse problem texts ("unknown or deleted API key") into the sentences
// the dialects' error bodies carry.
import type { FieldError } from '../errors';

/** First letter upper case, a full stop at the end. */
export function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** `to must be ...; text.body is required`: every field problem in one line. */
export function listProblems(details: readonly FieldError[]): string {
  return details.map((d) => `${d.field} ${d.message}`).join('; ');
}
