// How a listed message is worded, the same in the window and in `crm messages`. Pure.
import type { HistoryKind, HistorySource, MessageOrigin } from './message-history';

export const KIND_WORDS: Readonly<Record<HistoryKind, string>> = {
  text: 'Text',
  image: 'Image',
  video: 'Video',
  document: 'Document',
  sticker: 'Sticker',
  audio: 'Voice note',
  template: 'Template',
};

/** how this app sent a message; `null` (not in the app's record) has its own words */
const ORIGIN_WORDS: Readonly<Record<MessageOrigin, string>> = {
  sent: 'sent now',
  outbox: 'from the outbox',
  replayed: 'replayed',
};

const NOT_IN_RECORD = "not in this app's record";

export function originWords(origin: MessageOrigin | null): string {
  return origin === null ? NOT_IN_RECORD : ORIGIN_WORDS[origin];
}

export const SOURCE_WORDS: Readonly<Record<HistorySource, string>> = {
  service: 'the service',
  record: "this app's record",
};
