import { describe, expect, it } from 'vitest';
import { checkPhone, normalizePhone, searchTerm, toApiNumber } from '../../../src-main/core/phone';
import { casesOf } from '../helpers/cases';

describe('phone numbers', () => {
  it.each([
    ['+55 (11) 99999-0000', '5511999990000'],
    ['5511999990000', '5511999990000'],
    ['  +55 11 99999 0000  ', '5511999990000'],
    ['0055 11 99999-0000', '5511999990000'],
    ['+1 (415) 555.0100', '14155550100'],
    ['+44\t20 7946 0958', '442079460958'],
    ['+49/30/1234567', '49301234567'],
    ['+55\u00a011\u202f99999\u20110000', '5511999990000'],
    ['12345678', '12345678'],
    ['123456789012345', '123456789012345'],
  ])('accepts %j as %s', (input, expected) => {
    expect(checkPhone(input)).toEqual({ ok: true, number: expected });
    expect(toApiNumber(input)).toBe(expected);
  });

  it.each([
    ['', 'is empty: type the number with its country code, e.g. +55 11 99999 0000'],
    ['   ', 'is empty: type the number with its country code, e.g. +55 11 99999 0000'],
    ['+55 11 CALL-NOW', 'has letters: only digits, spaces, "+", "-", ".", "(" and ")" are allowed'],
    ['5511abc99990000', 'has letters: only digits, spaces, "+", "-", ".", "(" and ")" are allowed'],
    ['55+11999990000', 'has a "+" that is not at the start'],
    ['++5511999990000', 'has a "+" that is not at the start'],
    ['5511#99990000', 'has characters that are not digits ("#")'],
    ['５５１１９９９９９００００', 'has characters that are not digits ("５")'],
    ['55119999\u00000000', 'has characters that are not digits (control character U+0000)'],
    ['+', 'has no digits'],
    ['011 99999 0000', 'starts with 0: begin with the country code (e.g. 55 for Brazil, 1 for the USA) instead of a trunk 0'],
    ['1234567', 'is too short: 7 digits, needs 8 to 15 with the country code'],
    ['+1', 'is too short: 1 digit, needs 8 to 15 with the country code'],
    ['1234567890123456', 'is too long: 16 digits, needs 8 to 15 with the country code'],
  ])('rejects %j', (input, message) => {
    const result = checkPhone(input);
    expect(result.ok).toBe(false);
    expect(result).toMatchObject({ ok: false, message });
    expect(toApiNumber(input)).toBeNull();
  });

  it('keeps the normalised text of an invalid number for display', () => {
    expect(normalizePhone('+55 (11) 9999')).toBe('55119999');
    expect(checkPhone('+55 11 CALL')).toMatchObject({ ok: false, number: '5511CALL' });
  });
});

describe('searchTerm: a number as people write it is searched by its digits', () => {
  casesOf('%j -> %j', searchTerm, [
    ['+55 11 9', '55119'],
    ['(11) 9', '119'],
    ['+91 81 74813-898', '918174813898'],
    ['0055 11', '005511'],
    ['Ana Lima', 'Ana Lima'],
    ['ana@example.com', 'ana@example.com'],
    ['12', '12'],
    ['  +1 (415) ', '1415'],
  ]);
});
