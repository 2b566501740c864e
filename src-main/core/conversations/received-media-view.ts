// How a received file downloaded by its media id shows in a conversation: being downloaded, kept
// (an image or audio main hands to the window, any other file main opens with the OS), or not
// to be had, with the reason. Pure, apart from the port that reads the downloads.
import type { ReceivedEvent } from '../events/event-finder';
import type { ConversationItem, ItemMedia, MediaPreview } from '../../shared/conversation';
import type { ReceivedRow } from '../store/tables/conversation-tables';
import type { DownloadRow } from '../store/tables/media-downloads-table';
import { isPreviewType } from './media-fetch';

/** the received files named by media id, as the conversation reads and receives them */
export interface ReceivedDownloads {
  noteReceived(profileId: string, events: readonly ReceivedEvent[]): void;
  of(profileId: string, messageIds: readonly string[]): Map<string, DownloadRow>;
  /** a stored image's or audio's bytes as a data URL, or null when it is not stored */
  storedPreview(profileId: string, messageId: string): Promise<MediaPreview | null>;
  storedPath(profileId: string, messageId: string): string | null;
  /** a sentence saying where the download stands, or null when there is none */
  stateLine(profileId: string, messageId: string): string | null;
  /** a failed download is tried again from the start; false when there is none */
  retry(profileId: string, messageId: string): boolean;
  /** the download as it stands, or null when the message has none */
  one(profileId: string, messageId: string): DownloadRow | null;
  /** the profile's downloads that failed because the key was not sent to `origin` start over; answers their message ids */
  retryRefused(profileId: string, origin: string): string[];
}

export function downloadsOf(
  downloads: ReceivedDownloads | undefined,
  profileId: string,
  received: readonly ReceivedRow[],
): Map<string, DownloadRow> {
  if (downloads === undefined) return new Map();
  return downloads.of(
    profileId,
    received.filter((r) => r.media !== null).map((r) => r.messageId),
  );
}

export function downloadLine(row: DownloadRow): string {
  if (row.state === 'stored') return 'The file is kept in the data folder.';
  if (row.state === 'pending')
    return row.reason === null ? 'The file is being downloaded.' : `The file is being downloaded (the last try failed: ${row.reason}).`;
  return `The file could not be downloaded: ${row.reason ?? 'no reason was given'}`;
}

function mediaWith(media: ItemMedia, row: DownloadRow): ItemMedia {
  const mimetype = row.mimetype ?? media.mimetype;
  const download = {
    state: row.state,
    reason: row.state === 'stored' ? null : row.reason,
    bytes: row.size,
    refusedOrigin: row.state === 'failed' ? row.refusedOrigin : null,
  };
  if (row.state === 'stored') return { ...media, mimetype, show: isPreviewType(mimetype) ? 'preview' : 'file', download };
  return { ...media, mimetype, show: row.state === 'pending' ? 'pending' : 'none', download };
}

/** the received items whose file has a download, shown as far as it got */
export function receivedWithDownload(items: ConversationItem[], downloads: ReadonlyMap<string, DownloadRow>): ConversationItem[] {
  if (downloads.size === 0) return items;
  return items.map((item) => {
    const row = item.direction === 'in' && item.messageId !== null ? downloads.get(item.messageId) : undefined;
    return row === undefined || item.media === null ? item : { ...item, media: mediaWith(item.media, row) };
  });
}
