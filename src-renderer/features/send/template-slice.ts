// The conversation's "Send a template" form: outside the 24-hour window WhatsApp takes only an
// approved template, so the panel offers one. Its draft goes through send:submit like every send
// (same Idempotency-Key rules, request log, outbox when the service cannot be reached).
import { create } from 'zustand';
import type { ErrorInfo } from '../../lib/api';
import { invoke } from '../../lib/api';
import { newRequestId } from '../../lib/ids';
import type { ApprovedTemplate, TemplateList } from '../../../src-main/shared/approved-template';
import { TEMPLATE_LIMITS, templateProblems, type TemplateProblem } from '../../../src-main/shared/template-rules';

/** the approved templates the service lists, asked once per form; typed when it lists none */
export type TemplateCatalogueState = { status: 'idle' | 'loading' } | { status: 'ready'; list: TemplateList } | { status: 'failed'; error: ErrorInfo };

type TemplateSendState = { phase: 'idle' } | { phase: 'sending' } | { phase: 'done'; words: string } | { phase: 'failed'; error: ErrorInfo };

interface TemplateStore {
  name: string;
  language: string;
  params: string[];
  state: TemplateSendState;
  /** the form's own problems, shown once a send was tried (main checks the same rules again) */
  problems: TemplateProblem[];
  setName: (name: string) => void;
  setLanguage: (language: string) => void;
  setParam: (index: number, text: string) => void;
  addParam: () => void;
  removeParam: (index: number) => void;
  /** resolves true when the service took it (or the outbox kept it) */
  send: (number: string) => Promise<boolean>;
  reset: () => void;
  catalogue: TemplateCatalogueState;
  /** the template the person picked from the service's list: its body, to help with parameters */
  chosen: ApprovedTemplate | null;
  loadCatalogue: () => Promise<void>;
  /** fills the name, the language and one empty parameter per {{n}} from a listed template */
  choose: (template: ApprovedTemplate) => void;
}

const EMPTY = { name: '', language: 'en_US', params: [] as string[], state: { phase: 'idle' } as TemplateSendState, problems: [] as TemplateProblem[], chosen: null };

export const useTemplateStore = create<TemplateStore>()((set, get) => {
  /** an edit clears the last outcome, unless a send is under way */
  const edited = (change: Partial<TemplateStore>) => set({ ...change, problems: [], ...(get().state.phase === 'sending' ? {} : { state: { phase: 'idle' } }) });
  return {
    ...EMPTY,
    setName: (name) => edited({ name: name.trim(), chosen: get().chosen?.name === name.trim() ? get().chosen : null }),
    setLanguage: (language) => edited({ language: language.trim() }),
    setParam: (index, text) => edited({ params: get().params.map((p, i) => (i === index ? text : p)) }),
    addParam: () => {
      if (get().params.length < TEMPLATE_LIMITS.params) edited({ params: [...get().params, ''] });
    },
    removeParam: (index) => edited({ params: get().params.filter((_, i) => i !== index) }),
    reset: () => set({ ...EMPTY }),
    catalogue: { status: 'idle' },
    chosen: null,
    async loadCatalogue() {
      if (get().catalogue.status === 'loading') return;
      set({ catalogue: { status: 'loading' } });
      const r = await invoke('templates:list', {});
      set({ catalogue: r.ok ? { status: 'ready', list: r.value } : { status: 'failed', error: r.error } });
    },
    choose: (template) =>
      edited({
        name: template.name,
        language: template.language,
        chosen: template,
        params: template.params === null ? get().params : Array.from({ length: Math.min(template.params, TEMPLATE_LIMITS.params) }, (_, i) => get().params[i] ?? ''),
      }),

    async send(number) {
      const { name, language, params, state } = get();
      if (state.phase === 'sending') return false;
      const problems = templateProblems({ name, language, params });
      if (problems.length > 0) {
        set({ problems });
        return false;
      }
      set({ state: { phase: 'sending' }, problems: [] });
      const r = await invoke('send:submit', { draft: { kind: 'template', number, name, language, params }, requestId: newRequestId() });
      if (!r.ok) {
        set({ state: { phase: 'failed', error: r.error } });
        return false;
      }
      set({ state: { phase: 'done', words: r.value.status === 'queued' ? 'Template in the outbox: it is sent when the service is back.' : 'Template accepted by the service.' } });
      return true;
    },
  };
});
