// Size and length limits of the CRM API (API.md, Messages). One place, so the builder, the
// file staging and the renderer's hints (AppInfo.limits) agree.

export const MIB = 1024 * 1024;

export const LIMITS = {
  /** decoded bytes of an image sent as media */
  imageBytes: 5 * MIB,
  /** decoded bytes of a document sent as media */
  documentBytes: 100 * MIB,
  /** decoded bytes of a voice note */
  audioBytes: 16 * MIB,
  /** text length in Unicode code points (an emoji counts once), as the sandbox counts */
  textChars: 4096,
  /** caption length in Unicode code points */
  captionChars: 1024,
  /** key name length in Unicode code points */
  keyNameChars: 100,
  /** contacts/messages per_page range */
  perPageMax: 500,
} as const;

/** Length in Unicode code points: `[...text].length`, so an emoji or a CJK character counts once. */
export function charCount(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

/** "6.2 MB" with 1 MB = 1 MiB, the unit the limits are stated in. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < MIB) return `${trimNumber(bytes / 1024)} KB`;
  if (bytes < 1024 * MIB) return `${trimNumber(bytes / MIB)} MB`;
  return `${trimNumber(bytes / (1024 * MIB))} GB`;
}

function trimNumber(value: number): string {
  const fixed = value.toFixed(1);
  return fixed.endsWith('.0') ? fixed.slice(0, -2) : fixed;
}

/** "photo.png is 6.2 MB; images are limited to 5 MB", exact bytes when rounding would hide the excess. */
export function tooLargeMessage(name: string, size: number, limit: number, what: string): string {
  const shown = formatBytes(size);
  const limitShown = formatBytes(limit);
  const sizeText = shown === limitShown ? `${size} bytes` : shown;
  const limitText = shown === limitShown ? `${limitShown} (${limit} bytes)` : limitShown;
  return `${name} is ${sizeText}; ${what} are limited to ${limitText}`;
}
