// The Templates screen's state: the active profile's templates with their states (listed from the
// service, or as last kept with the reason), and the create, edit and delete actions. A change another
// process or a webhook made arrives as template-lifecycle:changed and is read from the kept
// states; while a template waits for review the service is asked again every few seconds.
import { create } from 'zustand';
import type { ErrorInfo, ManagedTemplate, TemplateDraft, TemplateOverview } from '../../lib/api';
import { invoke } from '../../lib/api';

/** how often a pending review is asked about while the screen shows */
export const REVIEW_POLL_MS = 2000;

interface TemplatesState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  overview: TemplateOverview | null;
  error: ErrorInfo | null;
  submitting: boolean;
  submitError: ErrorInfo | null;
  /** the last thing done, for the status line ("Submitted …") */
  done: string | null;
  /** the listed template the form edits; null: the form makes a new one */
  editing: ManagedTemplate | null;
  startEditing(template: ManagedTemplate): void;
  stopEditing(): void;
  load(): Promise<void>;
  reloadKept(): Promise<void>;
  submit(draft: TemplateDraft): Promise<boolean>;
  remove(name: string): Promise<void>;
}

export const useTemplatesStore = create<TemplatesState>((set, get) => ({
  status: 'idle',
  overview: null,
  error: null,
  submitting: false,
  submitError: null,
  done: null,
  editing: null,

  startEditing(template) {
    set({ editing: template, submitError: null });
  },

  stopEditing() {
    set({ editing: null, submitError: null });
  },

  async load() {
    if (get().overview === null) set({ status: 'loading' });
    const r = await invoke('template-lifecycle:overview', {});
    if (r.ok) set({ status: 'ready', overview: r.value, error: null });
    else set({ status: get().overview === null ? 'error' : 'ready', error: r.error });
  },

  async reloadKept() {
    const overview = get().overview;
    if (overview === null) return;
    const r = await invoke('template-lifecycle:kept', {});
    if (r.ok) set({ overview: { ...overview, templates: r.value } });
  },

  async submit(draft) {
    set({ submitting: true, submitError: null, done: null });
    const editing = get().editing;
    const r =
      editing === null ? await invoke('template-lifecycle:create', { draft }) : await invoke('template-lifecycle:update', { draft });
    const which = `${draft.name} (${draft.language})`;
    if (!r.ok) {
      set({ submitting: false, submitError: r.error });
      return false;
    }
    // an edit goes back to review: the listing read next shows it PENDING
    const done = r.value === null ? `Submitted an edit of ${which}: back in review` : `Submitted ${which}: ${r.value.status}`;
    set({ submitting: false, done, editing: null });
    await get().load();
    return true;
  },

  async remove(name) {
    const r = await invoke('template-lifecycle:delete', { name });
    set(r.ok ? { done: `Deleted ${name}`, error: null } : { error: r.error });
    if (r.ok) await get().load();
  },
}));

/** one empty list: a new [] on every read would be a new snapshot each time (an endless render) */
const NONE: ManagedTemplate[] = [];
export const selectTemplates = (s: TemplatesState): ManagedTemplate[] => s.overview?.templates ?? NONE;
export const selectReviewing = (s: TemplatesState): boolean => (s.overview?.templates ?? []).some((t) => t.status === 'PENDING');
