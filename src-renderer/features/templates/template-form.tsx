// Create a template: name, language, category, body with {{1}}… and a sample value for each, an
// optional header and footer, and buttons (one per line: quick:Text, url:Text=https://…,
// phone:Text=+number). Main checks WhatsApp's limits and names every problem before anything is sent.
import { useId, useState } from 'react';
import type { TemplateButton, TemplateCategory, TemplateDraft } from '../../lib/api';
import { ErrorMessage } from '../../ui/messages';
import { useTemplatesStore } from './templates-store';

const CATEGORIES: TemplateCategory[] = ['UTILITY', 'MARKETING', 'AUTHENTICATION'];
const KINDS: Record<string, TemplateButton['kind']> = { quick: 'quick_reply', url: 'url', phone: 'phone' };

/** one line a button; a line that names no kind is a quick reply, so main says what is wrong with it */
export function buttonsOf(text: string): TemplateButton[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const colon = line.indexOf(':');
      const kind = KINDS[line.slice(0, colon)];
      if (colon < 0 || kind === undefined) return { kind: 'quick_reply', text: line, value: '' };
      const rest = line.slice(colon + 1);
      const equals = kind === 'quick_reply' ? -1 : rest.lastIndexOf('=');
      return equals < 0 ? { kind, text: rest, value: '' } : { kind, text: rest.slice(0, equals), value: rest.slice(equals + 1) };
    });
}

/** the form as it opens, and again after a submission went through */
const EMPTY = {
  name: '',
  language: 'en_US',
  category: 'UTILITY' as TemplateCategory,
  body: '',
  samples: '',
  header: '',
  footer: '',
  buttons: '',
};

const lines = (text: string): string[] => text.split('\n').filter((line) => line.trim() !== '');
const optional = (text: string): string | null => (text.trim() === '' ? null : text);

export function TemplateForm() {
  const id = useId();
  const submit = useTemplatesStore((s) => s.submit);
  const submitting = useTemplatesStore((s) => s.submitting);
  const submitError = useTemplatesStore((s) => s.submitError);
  const [fields, setFields] = useState(EMPTY);
  const set = (patch: Partial<typeof fields>) => setFields((f) => ({ ...f, ...patch }));
  const draft = (): TemplateDraft => ({
    name: fields.name.trim(),
    language: fields.language.trim(),
    category: fields.category,
    body: fields.body,
    samples: lines(fields.samples),
    header: optional(fields.header),
    footer: optional(fields.footer),
    buttons: buttonsOf(fields.buttons),
  });
  const field = (key: 'name' | 'language' | 'header' | 'footer', label: string, placeholder: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        value={fields[key]}
        onChange={(e) => set({ [key]: e.target.value })}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
      />
    </div>
  );
  return (
    <form
      className="card template-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit(draft()).then((ok) => ok && setFields(EMPTY));
      }}
    >
      <h2 id={`${id}-title`}>New template</h2>
      {field('name', 'Name', 'order_update')}
      {field('language', 'Language', 'en_US')}
      <div className="field">
        <label htmlFor={`${id}-category`}>Category</label>
        <select id={`${id}-category`} value={fields.category} onChange={(e) => set({ category: e.target.value as TemplateCategory })}>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-body`}>
          Body (at most 1024 characters, {'{{1}}'}, {'{{2}}'}… for parameters)
        </label>
        <textarea id={`${id}-body`} value={fields.body} onChange={(e) => set({ body: e.target.value })} rows={3} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-samples`}>Sample values, one per line ({'{{1}}'} first)</label>
        <textarea id={`${id}-samples`} value={fields.samples} onChange={(e) => set({ samples: e.target.value })} rows={2} />
      </div>
      {field('header', 'Header text (optional, at most 60)', '')}
      {field('footer', 'Footer (optional, at most 60)', '')}
      <div className="field">
        <label htmlFor={`${id}-buttons`}>Buttons, one per line (quick:Text, url:Text=https://…, phone:Text=+number)</label>
        <textarea
          id={`${id}-buttons`}
          value={fields.buttons}
          onChange={(e) => set({ buttons: e.target.value })}
          rows={2}
          spellCheck={false}
        />
      </div>
      {submitError && <ErrorMessage error={submitError} prefix="Not submitted" testId="template-submit-error" />}
      <button type="submit" className="btn btn-primary" disabled={submitting}>
        Submit for review
      </button>
    </form>
  );
}
