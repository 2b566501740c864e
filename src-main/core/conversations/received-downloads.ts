// The received files by media id as a conversation sees them: new ones are handed to the
// downloader, stored ones are read from the data folder (never the network) for the window.
import type { ReceivedEvent } from '../events/event-finder';
import type { ReceivedFiles } from '../media/received-files';
import type { MediaPreview } from '../../shared/conversation';
import type { DownloadRow, MediaDownloadsTable } from '../store/media-downloads-table';
import type { InboundMedia } from './inbound-media';
import { isPreviewType, MEDIA_PREVIEW_LIMIT } from './media-fetch';
import { downloadLine, type ReceivedDownloads } from './received-media-view';

export class StoredDownloads implements ReceivedDownloads {
  constructor(
    private readonly table: MediaDownloadsTable,
    private readonly files: ReceivedFiles,
    /** absent: this process only reads what others downloaded */
    private readonly downloader?: Pick<InboundMedia, 'noteReceived'>,
  ) {}

  noteReceived(profileId: string, events: readonly ReceivedEvent[]): void {
    this.downloader?.noteReceived(profileId, events);
  }

  of(profileId: string, messageIds: readonly string[]): Map<string, DownloadRow> {
    return this.table.of(profileId, messageIds);
  }

  async storedPreview(profileId: string, messageId: string): Promise<MediaPreview | null> {
    const row = this.table.one(profileId, messageId);
    if (row === null || row.state !== 'stored' || row.path === null || !isPreviewType(row.mimetype) || (row.size ?? 0) > MEDIA_PREVIEW_LIMIT) return null;
    const bytes = await this.files.read(row.path);
    const mimetype = row.mimetype!.split(';')[0]!.trim();
    return { dataUrl: `data:${mimetype};base64,${bytes.toString('base64')}`, mimetype, bytes: bytes.length };
  }

  storedPath(profileId: string, messageId: string): string | null {
    const row = this.table.one(profileId, messageId);
    return row !== null && row.state === 'stored' && row.path !== null && this.files.owns(row.path) ? row.path : null;
  }

  stateLine(profileId: string, messageId: string): string | null {
    const row = this.table.one(profileId, messageId);
    return row === null ? null : downloadLine(row);
  }
}
