// Create a template, or edit a listed one (the same form, prefilled; its name and language pick it):
// name, language, category, body with {{1}}… and a sample value for each, an optional header and
// footer, and buttons (one per line: quick:Text, url:Text=https://…, phone:Text=+number). Main
// checks WhatsApp's limits and names every problem before anything is sent.
import { useEffect, useId, useRef, useState } from 'react';
import type { TemplateButton, TemplateCategory, TemplateDraft } from '../../lib/api';
import { ErrorMessage } from '../../ui/messages';
import { EMPTY_TEMPLATE_FIELDS, fieldsForEdit, TEMPLATE_CATEGORY_CHOICES, type TemplateFormFields } from './template-form-fields';
import { useTemplatesStore } from './templates-store';
import { usePicked } from '../../app/use-picked';
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

const lines = (text: string): string[] => text.split('\n').filter((line) => line.trim() !== '');
const optional = (text: string): string | null => (text.trim() === '' ? null : text);

export function TemplateForm() {
  const id = useId();
  const { submit, submitting, submitError, editing, stopEditing } = usePicked(
    useTemplatesStore,
    'submit',
    'submitting',
    'submitError',
    'editing',
    'stopEditing',
  );
  // the screen gives the form a new key for each edit, so it opens with that template's content
  const [fields, setFields] = useState<TemplateFormFields>(() => (editing === null ? EMPTY_TEMPLATE_FIELDS : fieldsForEdit(editing)));
  const set = (patch: Partial<TemplateFormFields>) => setFields((f) => ({ ...f, ...patch }));
  const title = useRef<HTMLHeadingElement>(null);
  const editingNow = editing !== null;
  // Edit on a row: the form comes into view with the focus on its title, where the edit is named
  useEffect(() => {
    if (!editingNow) return;
    title.current?.scrollIntoView?.({ block: 'nearest' });
    title.current?.focus();
  }, [editingNow]);
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
  const field = (key: 'name' | 'language' | 'header' | 'footer', label: string, placeholder: string, picks = false) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        value={fields[key]}
        onChange={(e) => set({ [key]: e.target.value })}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        // an edit's name and language say which template it is: they are not changed by it
        readOnly={picks && editing !== null}
      />
    </div>
  );
  return (
    <form
      className="card template-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit(draft()).then((ok) => ok && setFields(EMPTY_TEMPLATE_FIELDS));
      }}
    >
      <h2 id={`${id}-title`} ref={title} tabIndex={-1}>
        {editing === null ? 'New template' : `Edit ${editing.name} (${editing.language})`}
      </h2>
      {editing !== null && (
        <p className="hint">The edit replaces the whole template and sends it back to review: give its header, footer and buttons again.</p>
      )}
      {field('name', 'Name', 'order_update', true)}
      {field('language', 'Language', 'en_US', true)}
      <div className="field">
        <label htmlFor={`${id}-category`}>Category</label>
        <select id={`${id}-category`} value={fields.category} onChange={(e) => set({ category: e.target.value as TemplateCategory })}>
          {TEMPLATE_CATEGORY_CHOICES.map((c) => (
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
      <div className="button-row">
        <button type="submit" className="btn btn-primary" disabled={submitting}>
          {editing === null ? 'Submit for review' : 'Submit edit for review'}
        </button>
        {editing !== null && (
          <button type="button" className="btn" onClick={stopEditing}>
            Cancel edit
          </button>
        )}
      </div>
    </form>
  );
}
