// How a saved number reads on screen: "+55 11 91234 5678" instead of "5511912345678". Only for
// display: the API form (country code + national number, digits only) stays what is sent,
// searched and copied.
//
// The "min" build: it carries every country's formatting rules and enough of each number plan to
// tell a valid number. Measured on the built window: "min" is 120 KB (30 KB gzipped), "max"
// 193 KB (51 KB gzipped) for the kind of line and exact per-type plans a list does not show.
// The window loads it as a chunk of its own beside its first bundle, not in it
// (src-renderer/lib/phone-display-when-ready.ts).
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * `number` (the API form, with or without a leading "+") in the international format of its
 * country, or `number` exactly as given when it is not a valid number of any country, so an odd
 * number is never hidden or rewritten into something it is not.
 */
export function formatPhone(number: string): string {
  const digits = number.startsWith('+') ? number.slice(1) : number;
  if (!/^[1-9][0-9]{0,14}$/.test(digits)) return number;
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  return parsed?.isValid() ? parsed.formatInternational() : number;
}
