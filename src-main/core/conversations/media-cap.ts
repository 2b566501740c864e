// The size limits of received files, apart from the downloader (inbound-media.ts) so that what
// only shows or checks them (`crm settings`) loads no HTTP client with them.

/** the cap of all received files together when no setting says otherwise */
export const DEFAULT_MEDIA_CAP_BYTES = 500 * 1024 * 1024;
/** the media-cap setting's range, in whole megabytes */
export const MEDIA_CAP_RANGE_MB = { min: 1, max: 1_000_000 } as const;
/** one received file at most (Meta's largest document is 100 MB) */
export const MEDIA_FILE_LIMIT_BYTES = 100 * 1024 * 1024;
