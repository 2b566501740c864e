// The panels' fields: the recipient, the three drafts, the visible panel, and which fields the
// person touched (their problems show from then on). Every change asks for a fresh preview.
import { perKind } from './draft';
import type { DataOf, DraftSlice, SendSlice, SendState } from './send-state';
import type { TouchArea } from './send-types';

export function initialDraftState(): DataOf<DraftSlice> {
  return {
    tab: 'text',
    recipient: { number: '', name: null },
    text: { text: '' },
    media: { mediatype: 'image', mode: 'file', file: null, url: '', urlType: '', caption: '' },
    audio: { mode: 'file', file: null, url: '', urlType: '', recordingUrl: null },
    touched: {},
    attempted: perKind(() => false),
  };
}

/** Marks an area touched; gives back the same state when it already is, so nothing re-renders. */
export function touching(area: TouchArea): (s: SendState) => SendState | Pick<SendState, 'touched'> {
  return (s) => (s.touched[area] ? s : { touched: { ...s.touched, [area]: true } });
}

/**
 * The source switched between file and URL: what was touched or tried was about the other
 * source, so the new field starts without problems (an empty URL is not an error until typed in
 * or sent).
 */
function freshSource(kind: 'media' | 'audio', area: TouchArea): (s: SendState) => Pick<SendState, 'touched' | 'attempted'> {
  return (s) => {
    const touched = { ...s.touched };
    delete touched[area];
    return { touched, attempted: { ...s.attempted, [kind]: false } };
  };
}

export const createDraftSlice: SendSlice<DraftSlice> = (set, get) => ({
  ...initialDraftState(),

  setTab: (tab) => {
    set({ tab });
    get().schedulePreview(tab);
  },

  setNumber: (number) => {
    set(touching('number'));
    set({ recipient: { number, name: null } });
    get().schedulePreview(get().tab);
  },

  pickRecipient: (number, name) => {
    set(touching('number'));
    set({ recipient: { number, name } });
    get().schedulePreview(get().tab);
  },

  setText: (text) => {
    set(touching('text'));
    set({ text: { text } });
    get().schedulePreview('text');
  },

  setMedia: (patch) => {
    if (patch.mode !== undefined && patch.mode !== get().media.mode) set(freshSource('media', 'media-source'));
    if (patch.caption !== undefined) set(touching('caption'));
    if (patch.url !== undefined) set(touching('media-source'));
    set((s) => ({ media: { ...s.media, ...patch } }));
    get().schedulePreview('media');
  },

  setAudio: (patch) => {
    if (patch.mode !== undefined && patch.mode !== get().audio.mode) set(freshSource('audio', 'audio-source'));
    if (patch.url !== undefined) set(touching('audio-source'));
    set((s) => ({ audio: { ...s.audio, ...patch } }));
    get().schedulePreview('audio');
  },
});
