// A send panel's or the conversation's draft (IPC shape) -> the core's send operation, without its Idempotency-Key
// (the send session puts in the draft's key). A file is referred to by the id main gave it when
// it was staged; its path never comes from the window.
import type { UnkeyedOp } from '../core/messages/send-session';
import type { DraftSource, SendDraft } from './contract';

export interface StagedFiles {
  resolve(fileId: string): string | Promise<string>;
}

export async function draftOperation(draft: SendDraft, files: StagedFiles): Promise<UnkeyedOp> {
  const source = async (s: DraftSource) =>
    s.kind === 'url' ? ({ kind: 'url', url: s.url } as const) : ({ kind: 'file', path: await files.resolve(s.fileId) } as const);
  switch (draft.kind) {
    case 'text':
      return { op: 'messages.text', input: { number: draft.number, text: draft.text } };
    case 'media':
      return {
        op: 'messages.media',
        input: {
          number: draft.number,
          mediatype: draft.mediatype,
          source: await source(draft.source),
          ...(draft.caption ? { caption: draft.caption } : {}),
          ...(draft.fileName ? { fileName: draft.fileName } : {}),
          ...(draft.mimetype ? { mimetype: draft.mimetype } : {}),
        },
      };
    case 'audio':
      return {
        op: 'messages.audio',
        input: { number: draft.number, source: await source(draft.source), ...(draft.mimetype ? { mimetype: draft.mimetype } : {}) },
      };
    case 'template':
      return {
        op: 'messages.template',
        input: { number: draft.number, name: draft.name, language: draft.language, params: [...draft.params] },
      };
  }
}
