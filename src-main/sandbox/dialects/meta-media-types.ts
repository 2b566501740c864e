// The file types Meta's media upload takes, the kind of message each may be sent as, and the
// size limit of each kind (Meta's: image 5 MB, sticker 500 KB, audio and video 16 MB, document
// 100 MB; here in MiB/KiB as docs/API.md counts). audio/amr is left out: docs/API.md's store has no AMR.
import { LIMITS } from '../message-validation';

export type MetaMediaKind = 'image' | 'video' | 'audio' | 'document' | 'sticker';

const KiB = 1024;
const MiB = 1024 * KiB;

export const KIND_LIMITS: Readonly<Record<MetaMediaKind, number>> = {
  image: LIMITS.image,
  sticker: 500 * KiB,
  audio: LIMITS.audio,
  video: 16 * MiB,
  document: LIMITS.document,
};

export const UPLOAD_TYPES: Readonly<Record<string, MetaMediaKind>> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'sticker',
  'audio/aac': 'audio',
  'audio/mp4': 'audio',
  'audio/mpeg': 'audio',
  'audio/ogg': 'audio',
  'audio/opus': 'audio',
  'video/mp4': 'video',
  'video/3gpp': 'video',
  'text/plain': 'document',
  'application/pdf': 'document',
  'application/msword': 'document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'document',
  'application/vnd.ms-excel': 'document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'document',
  'application/vnd.ms-powerpoint': 'document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'document',
};

/** Whether an upload of `mimetype` may be sent as a message of `kind`: a document may carry any file. */
export function fitsKind(mimetype: string, kind: MetaMediaKind): boolean {
  return kind === 'document' || UPLOAD_TYPES[mimetype] === kind;
}

export function formatSize(bytes: number): string {
  return bytes >= MiB ? `${bytes / MiB} MiB` : `${bytes / KiB} KiB`;
}
