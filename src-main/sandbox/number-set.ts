// A set of phone numbers held as doubles in one Float64Array (open addressing, linear probing):
// seeding a million contacts checks each new number against every earlier one, and a Set of a
// million strings cost hundreds of megabytes and most of the start-up. Seeded numbers are 8..15
// digits with no leading zero, so a double holds each exactly and equal numbers are equal
// strings. 0 marks an empty slot (no number is 0).
export class NumberSet {
  private readonly slots: Float64Array;
  private readonly mask: number;

  constructor(capacity: number) {
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.slots = new Float64Array(size);
    this.mask = size - 1;
  }

  /** Adds `value` (a positive integer below 2^53); false when it was already there. */
  add(value: number): boolean {
    let slot = hash(value) & this.mask;
    for (;;) {
      const held = this.slots[slot]!;
      if (held === 0) {
        this.slots[slot] = value;
        return true;
      }
      if (held === value) return false;
      slot = (slot + 1) & this.mask;
    }
  }
}

function hash(value: number): number {
  const low = value % 4294967296;
  const high = (value - low) / 4294967296;
  return Math.imul((low ^ Math.imul(high, 0x27d4eb2d)) >>> 0, 0x9e3779b1) >>> 0;
}
