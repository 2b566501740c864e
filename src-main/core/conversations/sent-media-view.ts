// How this app's own sends show in a conversation when more than the record's line is known: a
// template as its text with the parameters filled in, a sent photo or voice note from the copy
// kept in the data folder (a picture, a player), another kept file as a chip. Pure.
import type { ConversationItem } from '../../shared/conversation';
import type { SentExtra } from '../store/tables/sent-extras-table';
import { isPreviewType } from './media-fetch';

export function withSentExtras(items: ConversationItem[], extras: ReadonlyMap<string, SentExtra>): ConversationItem[] {
  if (extras.size === 0) return items;
  return items.map((item) => {
    const extra = item.direction === 'out' ? extras.get(item.key) : undefined;
    if (extra === undefined) return item;
    const shown = { ...item };
    if (extra.renderedText !== null) shown.text = extra.renderedText;
    // the window asks main for the bytes by the service's message id, as for a received file
    if (extra.filePath !== null && item.messageId !== null) {
      const mimetype = extra.fileMimetype;
      shown.media = {
        mimetype,
        fileName: item.fileName,
        show: isPreviewType(mimetype) ? 'preview' : 'file',
        download: { state: 'stored', reason: null, bytes: extra.fileSize },
      };
    }
    return shown;
  });
}
