// A page of message history, from either place it can come from: the service's listing (each
// message joined with this app's record by message id, to say how the app sent it) or the
// record alone. Pure; every text is scrubbed before it is cut.
import { cutChars } from '../../shared/format';
import type { HistoryKind, HistoryMessage, MessageHistoryPage } from '../../shared/message-history';
import type { SentMessage } from '../model';
import type { MessagePage } from '../parse/message';
import type { SentRecord } from './sent-record';
import { RECORD_TEXT_CHARS } from './sent-record';

export interface HistoryQuery {
  profileId: string;
  /** digits only; null: every recipient */
  number: string | null;
  page: number;
  perPage: number;
}

type Scrub = (text: string) => string;

/** the query's page of this app's record (newest first) and how many records match in all */
export interface RecordSlice {
  records: readonly SentRecord[];
  total: number;
}

/** This app's record, newest first, for one profile and (optionally) one recipient. */
export function recordPage(slice: RecordSlice, query: HistoryQuery, fallbackReason: string, scrub: Scrub): MessageHistoryPage {
  const start = (query.page - 1) * query.perPage;
  return {
    items: slice.records.map((r) => fromRecord(r, scrub)),
    page: query.page,
    perPage: query.perPage,
    total: slice.total,
    hasMore: start + query.perPage < slice.total,
    source: 'record',
    number: query.number,
    fallbackReason,
  };
}

/** The service's page, each message with what the record knows of it (`records`: at least those of its ids, oldest first). */
export function servicePage(answer: MessagePage, records: readonly SentRecord[], query: HistoryQuery, scrub: Scrub): MessageHistoryPage {
  // the first record of a message id is how the app first sent it (a later replay adds nothing)
  const byId = new Map<string, SentRecord>();
  for (const r of records) if (r.profileId === query.profileId && r.messageId !== null && !byId.has(r.messageId)) byId.set(r.messageId, r);
  const seen = new Set<string>();
  const items = answer.items.map((m, index) => {
    const item = fromService(m, m.id === null ? undefined : byId.get(m.id), scrub);
    // keys stay unique even when a service lists one id twice or gives none
    const key = item.key === '' || seen.has(item.key) ? `${item.key}#${query.page}.${index}` : item.key;
    seen.add(key);
    return { ...item, key };
  });
  const { total, totalPages } = answer;
  const hasMore =
    totalPages !== null ? query.page < totalPages : total !== null ? query.page * query.perPage < total : items.length >= query.perPage;
  return { items, page: query.page, perPage: query.perPage, total, hasMore, source: 'service', number: query.number, fallbackReason: null };
}

function fromRecord(r: SentRecord, scrub: Scrub): HistoryMessage {
  // scrubbed again on the way out: a key saved since the send is cut from the record's text too
  const shown = (text: string | null, max: number): string | null => (text === null ? null : cutChars(scrub(text), max));
  return {
    key: r.id,
    id: r.messageId,
    kind: r.kind,
    number: r.number,
    text: shown(r.text, RECORD_TEXT_CHARS),
    fileName: shown(r.fileName, RECORD_TEXT_CHARS),
    status: r.status,
    at: r.at,
    origin: r.origin,
    source: 'record',
  };
}

function fromService(m: SentMessage, known: SentRecord | undefined, scrub: Scrub): HistoryMessage {
  const field = (...names: string[]): string | null => {
    for (const name of names) {
      const value = m.raw[name];
      if (typeof value === 'string' && value !== '') return cutChars(scrub(value), RECORD_TEXT_CHARS);
    }
    return null;
  };
  const text = m.type === 'text' ? field('text', 'message', 'body') : field('caption');
  return {
    key: m.id ?? '',
    id: m.id,
    kind: kindOf(m, known),
    number: m.number,
    text: text ?? known?.text ?? null,
    fileName: m.type === 'text' ? null : (field('fileName', 'file_name', 'filename') ?? known?.fileName ?? null),
    status: m.status,
    at: m.createdAt ?? known?.at ?? null,
    origin: known?.origin ?? null,
    source: 'service',
  };
}

function kindOf(m: SentMessage, known: SentRecord | undefined): HistoryKind {
  if (m.type === 'text' || m.type === 'audio' || m.type === 'template') return m.type;
  const { mediatype, mimetype } = m.raw;
  if (mediatype === 'image' || mediatype === 'document') return mediatype;
  if (typeof mimetype === 'string') return mimetype.startsWith('image/') ? 'image' : 'document';
  return known?.kind === 'image' ? 'image' : 'document';
}
