// "Open in the send panel": a logged send's fields, as main kept them from the operation (not
// read back from the body, whose shape the profile's API description decides), poured into the
// Send panel of its kind. A file cannot travel with the log: the panel asks for it again.
import type { LoggedSend, MediaType, RequestLogDetail } from '../../lib/api';
import type { SendKind } from '../send/send-types';

export interface SendPanelPatch {
  tab: SendKind;
  number: string;
  text?: string;
  media?: { mediatype: MediaType; mode: 'file' | 'url'; url: string; urlType: string; caption: string };
  audio?: { mode: 'file' | 'url'; url: string; urlType: string };
  /** the file the send carried, which has to be chosen again */
  fileToChoose: string | null;
}

export function isMessageSend(detail: Pick<RequestLogDetail, 'endpoint' | 'method'>): boolean {
  return (
    detail.method === 'POST' &&
    (detail.endpoint === 'messages.text' || detail.endpoint === 'messages.media' || detail.endpoint === 'messages.audio')
  );
}

/** The panel fields to set for a logged send; null when the log no longer has them. Pure. */
export function sendPanelPatch(sent: LoggedSend | null): SendPanelPatch | null {
  if (sent === null) return null;
  switch (sent.kind) {
    case 'text':
      return { tab: 'text', number: sent.number, text: sent.text, fileToChoose: null };
    case 'media':
      return {
        tab: 'media',
        number: sent.number,
        media: {
          mediatype: sent.mediatype,
          mode: sent.url === null ? 'file' : 'url',
          url: sent.url ?? '',
          urlType: sent.url === null ? '' : (sent.mimetype ?? ''),
          caption: sent.caption ?? '',
        },
        fileToChoose: sent.url === null ? sent.fileName : null,
      };
    case 'audio':
      return {
        tab: 'audio',
        number: sent.number,
        audio: { mode: sent.url === null ? 'file' : 'url', url: sent.url ?? '', urlType: sent.url === null ? '' : (sent.mimetype ?? '') },
        fileToChoose: sent.url === null ? sent.fileName : null,
      };
  }
}
