// What a file is sent as. One list for the open dialog's filters, the staging limits, the IPC
// schemas of files:pick and files:stage, and the window's drop zones.

/**
 * What a file is sent as, which decides the limit it is held to (docs/API.md, Messages); also what
 * a file's bytes are found to be good for when it is staged.
 */
export const FILE_PURPOSES = ['image', 'video', 'document', 'sticker', 'audio'] as const;

export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** What main's open dialog is asked for: a file to send, or an API document to import from (read, never staged). */
export type DialogPurpose = FilePurpose | 'api-document';

/**
 * What Send Media carries: docs/API.md's `mediatype` (image, document) and the kinds WhatsApp APIs
 * add (video, sticker: offered where the profile's description can say so, media-kinds.ts);
 * audio is an operation of its own, Send Audio.
 */
export const MEDIA_TYPES = ['image', 'video', 'document', 'sticker'] as const satisfies readonly FilePurpose[];

export type MediaType = (typeof MEDIA_TYPES)[number];
