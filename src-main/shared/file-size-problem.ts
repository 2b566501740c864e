// The sentence that says a file is over its limit: main's staging and request builder and the
// window's check of a dropped file all say it the same way.
import type { FilePurpose } from './file-purpose';
import { formatBytes } from './format';
import { LIMITS, byteLimitFor, type SendLimits } from './limits';

/** What the limit of each purpose is stated for ("images are limited to 5 MB"). */
const LIMITED_NOUN: Readonly<Record<FilePurpose, string>> = {
  image: 'images',
  video: 'videos',
  document: 'documents',
  sticker: 'stickers',
  audio: 'voice notes',
};

/**
 * "photo.png is 6.2 MB; images are limited to 5 MB". When rounding would show the size equal to
 * the limit, both are given in exact bytes, so the sentence never reads "5 MB is over 5 MB".
 */
export function tooLargeMessage(name: string, size: number, purpose: FilePurpose, limits: SendLimits = LIMITS): string {
  const limit = byteLimitFor(purpose, limits);
  const shown = formatBytes(size);
  const limitShown = formatBytes(limit);
  const sizeText = shown === limitShown ? `${size} bytes` : shown;
  const limitText = shown === limitShown ? `${limitShown} (${limit} bytes)` : limitShown;
  return `${name} is ${sizeText}; ${LIMITED_NOUN[purpose]} are limited to ${limitText}`;
}

/** null when a file of `size` bytes may be sent for `purpose`, else the sentence that says why not. */
export function fileSizeProblem(name: string, size: number, purpose: FilePurpose, limits: SendLimits = LIMITS): string | null {
  return size > byteLimitFor(purpose, limits) ? tooLargeMessage(name, size, purpose, limits) : null;
}
