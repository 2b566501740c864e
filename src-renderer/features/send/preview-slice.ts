// main's preview of each panel's request (method, URL, cURL, problems), asked for a moment
// after the last change, and copying that cURL.
import { invoke } from '../../lib/api';
import { buildDraft, draftSignature, KINDS, perKind } from './draft';
import type { DataOf, PreviewSlice, SendSlice } from './send-state';
import type { CopyState, PreviewState, SendKind } from './send-types';

export const PREVIEW_DEBOUNCE_MS = 150;

const previewTimers: Partial<Record<SendKind, ReturnType<typeof setTimeout>>> = {};

/** Drops the previews still waiting for their debounce (reset). */
export function cancelScheduledPreviews(): void {
  for (const k of KINDS) {
    clearTimeout(previewTimers[k]);
    delete previewTimers[k];
  }
}

export function initialPreviewState(): DataOf<PreviewSlice> {
  return {
    preview: perKind<PreviewState>(() => ({ seq: 0, loading: false, preview: null, signature: null, error: null })),
    copy: perKind<CopyState>(() => ({ status: 'idle' })),
  };
}

export const createPreviewSlice: SendSlice<PreviewSlice> = (set, get) => ({
  ...initialPreviewState(),

  schedulePreview: (kind) => {
    clearTimeout(previewTimers[kind]);
    previewTimers[kind] = setTimeout(() => {
      delete previewTimers[kind];
      void get().runPreview(kind);
    }, PREVIEW_DEBOUNCE_MS);
  },

  runPreview: async (kind) => {
    const seq = get().preview[kind].seq + 1;
    set((s) => ({ preview: { ...s.preview, [kind]: { ...s.preview[kind], seq, loading: true } } }));
    const draft = buildDraft(get(), kind);
    const r = await invoke('send:preview', { draft });
    if (get().preview[kind].seq !== seq) return; // a newer preview is on its way
    set((s) => ({
      preview: {
        ...s.preview,
        [kind]: r.ok
          ? { seq, loading: false, preview: r.value, signature: draftSignature(draft), error: null }
          : { seq, loading: false, preview: s.preview[kind].preview, signature: s.preview[kind].signature, error: r.error },
      },
    }));
  },

  copyCurl: async (kind, withKey) => {
    set((s) => ({ copy: { ...s.copy, [kind]: { status: 'copying', withKey } } }));
    const r = await invoke('send:copy-curl', { draft: buildDraft(get(), kind), withKey });
    set((s) => ({
      copy: {
        ...s.copy,
        [kind]: r.ok ? { status: 'copied', withKey, clearsAfterMs: r.value.clearsAfterMs } : { status: 'error', error: r.error },
      },
    }));
  },
});
