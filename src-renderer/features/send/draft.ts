// A panel's draft as main sees it, and when it is the one just sent: pure functions over the
// store's state.
import type { SendDraft } from '../../lib/api';
import type { DraftFields, SendKind } from './send-types';

export const KINDS: readonly SendKind[] = ['text', 'media', 'audio', 'template'];

export function perKind<T>(make: () => T): Record<SendKind, T> {
  return { text: make(), media: make(), audio: make(), template: make() };
}

/** What makes two drafts the same message: the exact SendDraft main would get, as text. */
export function draftSignature(draft: SendDraft): string {
  return JSON.stringify(draft);
}

/** The SendDraft main previews, copies and sends for one panel. */
export function buildDraft(s: DraftFields, kind: SendKind): SendDraft {
  const number = s.recipient.number;
  if (kind === 'text') return { kind: 'text', number, text: s.text.text };
  if (kind === 'template')
    return { kind: 'template', number, name: s.template.name, language: s.template.language, params: [...s.template.params] };
  if (kind === 'media') {
    const m = s.media;
    const useFile = m.mode === 'file' && m.file;
    return {
      kind: 'media',
      number,
      mediatype: m.mediatype,
      source: useFile && m.file ? { kind: 'file', fileId: m.file.fileId } : { kind: 'url', url: m.url.trim() },
      ...(m.caption ? { caption: m.caption } : {}),
      ...(useFile && m.file ? { fileName: m.file.name } : {}),
      ...(!useFile && m.urlType ? { mimetype: m.urlType } : {}),
    };
  }
  const a = s.audio;
  const audioFile = a.mode === 'file' && a.file;
  return {
    kind: 'audio',
    number,
    source: audioFile && a.file ? { kind: 'file', fileId: a.file.fileId } : { kind: 'url', url: a.url.trim() },
    ...(!audioFile && a.urlType ? { mimetype: a.urlType } : {}),
  };
}

/** true while the panel holds exactly the draft it just sent: Send is held, "Send again" offered */
export function needsAgain(s: DraftFields & { sentDraft: Record<SendKind, string | null> }, kind: SendKind): boolean {
  const sent = s.sentDraft[kind];
  return sent !== null && sent === draftSignature(buildDraft(s, kind));
}
