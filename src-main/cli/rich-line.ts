// What a terminal line says of a message's parts beyond its text: where a file's download stands
// (kept in the data folder, being downloaded, or why not), a shared place, shared contact cards.
import { formatBytes } from '../shared/format';
import type { ConversationItem } from '../shared/conversation';

/** the line's text when the message is a place or contact cards; null for any other */
export function sharedText(item: ConversationItem): string | null {
  if (item.location) {
    const { name, address, latitude, longitude } = item.location;
    return `location: ${[name, address].filter((part) => part !== null).join(', ') || 'a shared place'} (${latitude.toFixed(5)}, ${longitude.toFixed(5)})`;
  }
  if (item.sharedContacts && item.sharedContacts.length > 0) {
    return item.sharedContacts
      .map((card) => `contact: ${[card.name, card.company, ...card.phones, ...card.emails].filter((part) => part !== null).join(', ')}`)
      .join('; ');
  }
  return null;
}

/** after the text: how far the file's download got, when the service named it by id */
export function downloadNote(item: ConversationItem): string {
  const download = item.media?.download;
  if (!download) return '';
  if (download.state === 'stored') return `  (file kept${download.bytes === null ? '' : `, ${formatBytes(download.bytes)}`})`;
  if (download.state === 'pending') return '  (file downloading)';
  return `  (file not downloaded: ${download.reason ?? 'no reason given'})`;
}
