// Decimal digits of a whole number written straight into a byte buffer: building the search
// texts of a million contacts this way makes no string per number. Phone numbers pass 2^31, and
// `%` on such doubles is slow, so a number is split once into two parts small enough for int32
// arithmetic.

const POWERS = Array.from({ length: 16 }, (_, i) => 10 ** i);
const LOW_DIGITS = 8;
const LOW = 10 ** LOW_DIGITS;

/** digits of a whole number below 10^15 */
export function digitCount(value: number): number {
  let count = 1;
  while (count < POWERS.length && value >= POWERS[count]!) count += 1;
  return count;
}

/** writes `count` digits of `value` (an int32), zero-padded, ending at `end` */
function writeInt(out: Buffer, end: number, value: number, count: number): void {
  let rest = value;
  for (let i = end - 1; i >= end - count; i -= 1) {
    const next = (rest / 10) | 0;
    out[i] = 48 + rest - next * 10;
    rest = next;
  }
}

/** writes the decimal digits of `value` (a whole number below 10^15) at `at`; returns the offset after them */
export function writeDigits(out: Buffer, at: number, value: number): number {
  const count = digitCount(value);
  const end = at + count;
  if (count <= LOW_DIGITS) {
    writeInt(out, end, value, count);
  } else {
    const low = value % LOW;
    writeInt(out, end, low, LOW_DIGITS);
    writeInt(out, end - LOW_DIGITS, (value - low) / LOW, count - LOW_DIGITS);
  }
  return end;
}
