// The received files by media id as a conversation sees them: new ones are handed to the
// downloader, stored ones are read from the data folder (never the network) for the window.
import type { ReceivedEvent } from '../events/event-finder';
import type { ReceivedFiles } from '../media/received-files';
import type { MediaPreview } from '../../shared/conversation';
import type { DownloadRow, MediaDownloadsTable } from '../store/tables/media-downloads-table';
import type { SentExtrasTable } from '../store/tables/sent-extras-table';
import type { InboundMedia } from './inbound-media';
import { isPreviewType, MEDIA_PREVIEW_LIMIT } from './media-fetch';
import { downloadLine, type ReceivedDownloads } from './received-media-view';

export class StoredDownloads implements ReceivedDownloads {
  constructor(
    private readonly table: MediaDownloadsTable,
    private readonly files: ReceivedFiles,
    /** absent: this process only reads what others downloaded */
    private readonly downloader?: Pick<InboundMedia, 'noteReceived' | 'kick'>,
    /** copies of this app's own sent files, found by the message id the service gave the send */
    private readonly sent?: Pick<SentExtrasTable, 'byMessage'>,
  ) {}

  /** where the file of a message is kept: a received one's download, else a copy of a sent one */
  private kept(profileId: string, messageId: string): { path: string; mimetype: string | null; size: number | null } | null {
    const row = this.table.one(profileId, messageId);
    if (row !== null && row.state === 'stored' && row.path !== null) return { path: row.path, mimetype: row.mimetype, size: row.size };
    const sent = this.sent?.byMessage(profileId, messageId) ?? null;
    return sent !== null && sent.filePath !== null ? { path: sent.filePath, mimetype: sent.fileMimetype, size: sent.fileSize } : null;
  }

  noteReceived(profileId: string, events: readonly ReceivedEvent[]): void {
    this.downloader?.noteReceived(profileId, events);
  }

  of(profileId: string, messageIds: readonly string[]): Map<string, DownloadRow> {
    return this.table.of(profileId, messageIds);
  }

  async storedPreview(profileId: string, messageId: string): Promise<MediaPreview | null> {
    const row = this.kept(profileId, messageId);
    if (row === null || !isPreviewType(row.mimetype) || (row.size ?? 0) > MEDIA_PREVIEW_LIMIT) return null;
    const bytes = await this.files.read(row.path);
    const mimetype = row.mimetype!.split(';')[0]!.trim();
    return { dataUrl: `data:${mimetype};base64,${bytes.toString('base64')}`, mimetype, bytes: bytes.length };
  }

  storedPath(profileId: string, messageId: string): string | null {
    const row = this.kept(profileId, messageId);
    return row !== null && this.files.owns(row.path) ? row.path : null;
  }

  retry(profileId: string, messageId: string): boolean {
    const again = this.table.retry(profileId, messageId, new Date());
    if (again) this.downloader?.kick();
    return again;
  }

  one(profileId: string, messageId: string): DownloadRow | null {
    return this.table.one(profileId, messageId);
  }

  retryRefused(profileId: string, origin: string): string[] {
    const ids = this.table.retryRefused(profileId, origin, new Date());
    if (ids.length > 0) this.downloader?.kick();
    return ids;
  }

  stateLine(profileId: string, messageId: string): string | null {
    const row = this.table.one(profileId, messageId);
    return row === null ? null : downloadLine(row);
  }
}
