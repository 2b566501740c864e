// Numbers on screen: the international format of the number's country, and any number the
// metadata does not know shown exactly as saved.
import { describe, expect, it } from 'vitest';
import { formatPhone } from '../../../src-main/shared/phone-display';
import { casesOf } from '../helpers/cases';

describe('formatPhone', () => {
  casesOf("formats %s in its country's international form", formatPhone, [
    ['5511912345678', '+55 11 91234 5678'], // Brazil, São Paulo mobile
    ['14155552671', '+1 415 555 2671'], // USA
    ['442079460958', '+44 20 7946 0958'], // UK, London
    ['491701234567', '+49 170 1234567'], // Germany mobile
    ['819012345678', '+81 90 1234 5678'], // Japan mobile
    ['919876543210', '+91 98765 43210'], // India mobile
  ]);

  it('accepts the saved form with a leading "+" as well', () => {
    expect(formatPhone('+5511912345678')).toBe('+55 11 91234 5678');
  });

  it.each([
    ['an unknown country code', '999123456789'],
    ['too few digits for the country', '5511123'],
    ['letters', '55abc12345678'],
    ['a trunk 0 instead of a country code', '011912345678'],
    ['an empty text', ''],
  ])('shows a number with %s exactly as given', (_why, saved) => {
    expect(formatPhone(saved)).toBe(saved);
  });
});
