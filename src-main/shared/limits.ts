// Size and length limits of the CRM API (docs/API.md, Messages), and how a length is counted. One
// place, so the request builder, file staging and the window's hints and checks agree.
import type { FilePurpose } from './file-purpose';

export const MIB = 1024 * 1024;

export const LIMITS = {
  /** decoded bytes of an image sent as media */
  imageBytes: 5 * MIB,
  /** decoded bytes of a document sent as media */
  documentBytes: 100 * MIB,
  /** decoded bytes of a video (WhatsApp's limit; docs/API.md has no video) */
  videoBytes: 16 * MIB,
  /** decoded bytes of a sticker (WhatsApp's limit for an animated WebP) */
  stickerBytes: 500 * 1024,
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

/**
 * The limits the window checks a draft and a dropped file against (AppInfo.limits). Numbers,
 * not LIMITS' literals: main reports them at run time and the window trusts that answer.
 */
export interface SendLimits {
  imageBytes: number;
  documentBytes: number;
  videoBytes: number;
  stickerBytes: number;
  audioBytes: number;
  textChars: number;
  captionChars: number;
}

/** The decoded bytes a file sent for `purpose` may have. */
export function byteLimitFor(purpose: FilePurpose, limits: SendLimits = LIMITS): number {
  switch (purpose) {
    case 'image':
      return limits.imageBytes;
    case 'audio':
      return limits.audioBytes;
    case 'document':
      return limits.documentBytes;
    case 'video':
      return limits.videoBytes;
    case 'sticker':
      return limits.stickerBytes;
  }
}

/** Length in Unicode code points: `[...text].length`, so an emoji or a CJK character counts once. */
export function charCount(text: string): number {
  // without surrogates every UTF-16 unit is one code point: no need to step through the text
  if (!/[\ud800-\udfff]/.test(text)) return text.length;
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}
