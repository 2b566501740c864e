// The panels' fields: the recipient, the drafts, the visible panel, and which fields the person
// changed, left or tried to send (their problems show from then on, field-lifecycle.ts). Every
// change asks for a fresh preview, so a shown problem follows what is typed.
import { perKind } from './draft';
import { afterBlur, afterChange, freshArea, shownNow, withoutFailures, withoutStaleRefusal } from './field-lifecycle';
import type { DataOf, DraftSlice, SendSlice } from './send-state';
import { emptyTemplateDraft } from './template-draft';

export function initialDraftState(): DataOf<DraftSlice> {
  return {
    tab: 'text',
    recipient: { number: '', name: null },
    text: { text: '' },
    media: { mediatype: 'image', mode: 'file', file: null, url: '', urlType: '', caption: '' },
    audio: { mode: 'file', file: null, url: '', urlType: '', recordingUrl: null },
    template: emptyTemplateDraft(),
    touched: {},
    edited: {},
    attempted: perKind(() => false),
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
    set((s) => afterChange(s, 'number'));
    // "Not sent" and its field details were about the number before
    set((s) => ({ recipient: { number, name: null }, send: withoutFailures(s.send) }));
    get().schedulePreview(get().tab);
  },

  pickRecipient: (number, name) => {
    // a contact's number is whole: its problems show at once
    set((s) => shownNow(s, 'number'));
    set((s) => ({ recipient: { number, name }, send: withoutFailures(s.send) }));
    get().schedulePreview(get().tab);
  },

  setText: (text) => {
    set((s) => afterChange(s, 'text'));
    set((s) => ({ text: { text }, send: withoutStaleRefusal(s.send, 'text') }));
    get().schedulePreview('text');
  },

  setMedia: (patch) => {
    // the source switched between file and URL: what was shown or tried was about the other source
    if (patch.mode !== undefined && patch.mode !== get().media.mode) set((s) => freshArea(s, 'media', 'media-source'));
    if (patch.caption !== undefined) set((s) => afterChange(s, 'caption'));
    if (patch.url !== undefined) set((s) => afterChange(s, 'media-source'));
    set((s) => ({ media: { ...s.media, ...patch }, send: withoutStaleRefusal(s.send, 'media') }));
    get().schedulePreview('media');
  },

  setAudio: (patch) => {
    if (patch.mode !== undefined && patch.mode !== get().audio.mode) set((s) => freshArea(s, 'audio', 'audio-source'));
    if (patch.url !== undefined) set((s) => afterChange(s, 'audio-source'));
    set((s) => ({ audio: { ...s.audio, ...patch }, send: withoutStaleRefusal(s.send, 'audio') }));
    get().schedulePreview('audio');
  },
});
