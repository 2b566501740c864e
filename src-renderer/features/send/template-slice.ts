// The Template panel's own part of the send store: its edits (template-draft.ts), the service's
// approved templates to pick from, and opening the panel for a number (the conversation's "needs
// a template"). Outside the 24-hour window WhatsApp takes only an approved template; its draft
// goes through send:submit like every send (same Idempotency-Key rules, request log, outbox when
// the service cannot be reached), so the panel's preview, Send and results are the others'.
import { invoke } from '../../lib/api';
import { afterChange, withoutStaleRefusal } from './field-lifecycle';
import type { DataOf, SendSlice, TemplateSlice } from './send-state';
import { stillChosen, withAddedParam, withChosen, withField, withoutParam, withParam } from './template-draft';
import type { TemplateDraftState } from './send-types';

export function initialTemplateState(): DataOf<TemplateSlice> {
  return { catalogue: { status: 'idle' }, chosen: null };
}

export const createTemplateSlice: SendSlice<TemplateSlice> = (set, get) => {
  const edit = (change: (draft: TemplateDraftState) => TemplateDraftState) => {
    const template = change(get().template);
    set((s) => afterChange(s, 'template'));
    set((s) => ({ template, chosen: stillChosen(s.chosen, template), send: withoutStaleRefusal(s.send, 'template') }));
    get().schedulePreview('template');
  };
  return {
    ...initialTemplateState(),
    setTemplate: (patch) => edit((d) => withField(d, patch)),
    setTemplateParam: (index, text) => edit((d) => withParam(d, index, text)),
    addTemplateParam: () => edit(withAddedParam),
    removeTemplateParam: (index) => edit((d) => withoutParam(d, index)),
    chooseTemplate: (template) => {
      set((s) => afterChange(s, 'template'));
      set((s) => ({ template: withChosen(s.template, template), chosen: template, send: withoutStaleRefusal(s.send, 'template') }));
      get().schedulePreview('template');
    },

    async loadTemplates() {
      const status = get().catalogue.status;
      if (status === 'loading' || status === 'ready') return;
      const profileId = get().profileId;
      set({ catalogue: { status: 'loading' } });
      const r = await invoke('templates:list', {});
      // another profile's list is not this one's
      if (get().profileId !== profileId) return;
      set({ catalogue: r.ok ? { status: 'ready', list: r.value } : { status: 'failed', error: r.error } });
    },

    openTemplateFor: (number, name) => {
      if (get().recipient.number !== number) get().pickRecipient(number, name);
      get().setTab('template');
    },
  };
};
