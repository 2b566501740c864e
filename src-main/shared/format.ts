// How sizes and cut texts read, in main's problems, the CLI and the window's hints alike.

const UNITS = ['KB', 'MB', 'GB'] as const;

/**
 * "6.2 MB", with 1 MB = 1 MiB (the unit the limits are stated in) and one decimal at most. A
 * value that rounds up to 1024 of a unit reads as 1 of the next ("1 MB", not "1024 KB").
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  let value = bytes / 1024;
  let unit = 0;
  while (unit < UNITS.length - 1 && Number(value.toFixed(1)) >= 1024) {
    value /= 1024;
    unit += 1;
  }
  return `${trimmedOneDecimal(value)} ${UNITS[unit]}`;
}

/** One decimal, without a trailing ".0": 6.2, 5, 0.4. */
export function trimmedOneDecimal(value: number): string {
  const fixed = value.toFixed(1);
  return fixed.endsWith('.0') ? fixed.slice(0, -2) : fixed;
}

/** `text` in at most `max` characters (code points: an emoji is never split), ending "…" when cut. */
export function cutChars(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}
