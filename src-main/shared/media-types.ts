// The mimetypes the API takes per kind of media (docs/API.md, Messages): one list for the app's
// checks and the window's type choices.

/** The audio mimetypes Send Audio accepts. */
export const AUDIO_MIMETYPES = ['audio/ogg', 'audio/webm', 'audio/mpeg', 'audio/mp4', 'audio/aac', 'audio/wav'] as const;
export type AudioMimetype = (typeof AUDIO_MIMETYPES)[number];

/** Image mimetypes whose bytes the sniffer recognises. */
export const IMAGE_MIMETYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** Documents people send most, offered first when a URL does not say what it is. */
export const COMMON_DOCUMENT_MIMETYPES = [
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'video/mp4',
] as const;
