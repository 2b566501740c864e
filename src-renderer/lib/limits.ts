import type { AppInfo } from './api';
import { formatBytes } from './format';

export type Limits = AppInfo['limits'];
export type FilePurpose = 'image' | 'document' | 'audio';

/** API.md's limits, used until `app:info` answers. */
export const DEFAULT_LIMITS: Limits = {
  imageBytes: 5 * 1024 * 1024,
  documentBytes: 100 * 1024 * 1024,
  audioBytes: 16 * 1024 * 1024,
  textChars: 4096,
  captionChars: 1024,
};

export function byteLimitFor(purpose: FilePurpose, limits: Limits): number {
  if (purpose === 'image') return limits.imageBytes;
  if (purpose === 'audio') return limits.audioBytes;
  return limits.documentBytes;
}

const NOUN: Record<FilePurpose, string> = { image: 'images', document: 'documents', audio: 'audio files' };

/** null when the file fits, else a sentence naming the limit ("photo.png is 6.2 MB; images are limited to 5 MB"). */
export function oversizeMessage(name: string, size: number, purpose: FilePurpose, limits: Limits): string | null {
  const limit = byteLimitFor(purpose, limits);
  if (size <= limit) return null;
  return `${name} is ${formatBytes(size)}; ${NOUN[purpose]} are limited to ${formatBytes(limit)}`;
}
