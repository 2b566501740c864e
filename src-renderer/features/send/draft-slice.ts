// The panels' fields: the recipient, the drafts, the visible panel, and which fields the person
// left or tried to send (their problems show from then on, field-lifecycle.ts). Every change asks
// for a fresh preview, so a shown problem follows what is typed.
import { perKind } from './draft';
import { afterBlur, afterEdit, withoutFailures } from './field-lifecycle';
import type { DataOf, DraftSlice, SendSlice, SendState } from './send-state';
import type { TouchArea } from './send-types';

export function initialDraftState(): DataOf<DraftSlice> {
  return {
    tab: 'text',
    recipient: { number: '', name: null },
    text: { text: '' },
    media: { mediatype: 'image', mode: 'file', file: null, url: '', urlType: '', caption: '' },
    audio: { mode: 'file', file: null, url: '', urlType: '', recordingUrl: null },
    template: { name: '', language: 'en_US', params: [] },
    touched: {},
    attempted: perKind(() => false),
  };
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

  touch: (area) => set((s) => afterBlur(s, area)),

  setNumber: (number) => {
    // "Not sent" and its field details were about the number before
    set((s) => ({ recipient: { number, name: null }, send: withoutFailures(s.send) }));
    get().schedulePreview(get().tab);
  },

  pickRecipient: (number, name) => {
    // a contact's number is whole: its problems show at once
    set((s) => ({ ...afterBlur(s, 'number'), recipient: { number, name }, send: withoutFailures(s.send) }));
    get().schedulePreview(get().tab);
  },

  setText: (text) => {
    set((s) => ({ text: { text }, send: afterEdit(s.send, 'text') }));
    get().schedulePreview('text');
  },

  setMedia: (patch) => {
    if (patch.mode !== undefined && patch.mode !== get().media.mode) set(freshSource('media', 'media-source'));
    set((s) => ({ media: { ...s.media, ...patch }, send: afterEdit(s.send, 'media') }));
    get().schedulePreview('media');
  },

  setAudio: (patch) => {
    if (patch.mode !== undefined && patch.mode !== get().audio.mode) set(freshSource('audio', 'audio-source'));
    set((s) => ({ audio: { ...s.audio, ...patch }, send: afterEdit(s.send, 'audio') }));
    get().schedulePreview('audio');
  },
});
