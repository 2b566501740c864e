// "Send a template" in the conversation panel, shown while the contact is outside the 24-hour
// window: the approved template's name, the language of its translation and its body parameters
// ({{1}}, {{2}}... in order). Plain form controls, so Tab, Enter and the screen reader work as
// everywhere else; Enter in a field sends.
import { useEffect, useId } from 'react';
import { ErrorMessage, FieldProblems } from '../../ui/messages';
import { useTemplateStore } from './template-store';

export function TemplateForm({ number, onSent }: { number: string; onSent: () => void }) {
  const s = useTemplateStore();
  const id = useId();
  const reset = useTemplateStore((st) => st.reset);
  const loadCatalogue = useTemplateStore((st) => st.loadCatalogue);
  // another contact starts from an empty form
  useEffect(() => reset(), [reset, number]);
  // the service's approved templates, asked once the form is shown
  useEffect(() => void loadCatalogue(), [loadCatalogue]);
  const listed = s.catalogue.status === 'ready' ? s.catalogue.list.templates : [];
  const problemOf = (field: string) => s.problems.find((p) => p.field === field);
  const described = (field: string) => (problemOf(field) ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-problem` } : {});
  const problemText = (field: string) => {
    const p = problemOf(field);
    return <FieldProblems id={`${id}-${field}-problem`} problems={p ? [`${p.label} ${p.message}`] : []} />;
  };
  return (
    <form
      className="conversation-template"
      aria-labelledby={`${id}-title`}
      data-testid="conversation-template"
      onSubmit={(e) => {
        e.preventDefault();
        void s.send(number).then((sent) => sent && onSent());
      }}
    >
      <h3 id={`${id}-title`}>Send a template</h3>
      <p className="hint">An approved template is what WhatsApp delivers outside the 24-hour window.</p>
      {listed.length > 0 && (
        <>
          <label htmlFor={`${id}-approved`}>Approved template</label>
          <select
            id={`${id}-approved`}
            value={s.chosen === null ? '' : `${s.chosen.name}|${s.chosen.language}`}
            onChange={(e) => {
              const picked = listed.find((t) => `${t.name}|${t.language}` === e.target.value);
              if (picked) s.choose(picked);
            }}
          >
            <option value="">Choose one the service approved…</option>
            {listed.map((t) => (
              <option key={`${t.name}|${t.language}`} value={`${t.name}|${t.language}`}>
                {`${t.name} (${t.language})`}
              </option>
            ))}
          </select>
          {s.chosen?.body != null && <p className="hint template-body">{`Its text: ${s.chosen.body}`}</p>}
        </>
      )}
      {s.catalogue.status === 'ready' && s.catalogue.list.reason !== null && <p className="hint">{s.catalogue.list.reason}</p>}
      {s.catalogue.status === 'failed' && <p className="hint">{`The service's templates could not be listed (${s.catalogue.error.message}): type the name and language.`}</p>}
      <label htmlFor={`${id}-name`}>Template name</label>
      <input id={`${id}-name`} value={s.name} onChange={(e) => s.setName(e.target.value)} placeholder="order_update" autoComplete="off" spellCheck={false} {...described('name')} />
      {problemText('name')}
      <label htmlFor={`${id}-language`}>Language</label>
      <input id={`${id}-language`} value={s.language} onChange={(e) => s.setLanguage(e.target.value)} placeholder="en_US" autoComplete="off" spellCheck={false} {...described('language')} />
      {problemText('language')}
      <fieldset className="template-params">
        <legend>Parameters, in order</legend>
        {s.params.length === 0 && <p className="hint">None: add one for each {'{{n}}'} in the template's text.</p>}
        {s.params.map((param, i) => (
          <div key={i} className="template-param">
            <label htmlFor={`${id}-param-${i}`}>{`Parameter {{${i + 1}}}`}</label>
            <input id={`${id}-param-${i}`} value={param} onChange={(e) => s.setParam(i, e.target.value)} {...described(`params.${i}`)} />
            <button type="button" className="btn" onClick={() => s.removeParam(i)} aria-label={`Remove parameter {{${i + 1}}}`}>
              Remove
            </button>
            {problemText(`params.${i}`)}
          </div>
        ))}
        {problemText('params')}
        <button type="button" className="btn" onClick={s.addParam}>
          Add parameter
        </button>
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={s.state.phase === 'sending'}>
        {s.state.phase === 'sending' ? 'Sending…' : 'Send template'}
      </button>
      <div aria-live="polite">
        {s.state.phase === 'done' && (
          <p className="msg msg-success" data-testid="conversation-template-result">
            {s.state.words}
          </p>
        )}
      </div>
      {s.state.phase === 'failed' && <ErrorMessage error={s.state.error} prefix="Template not sent" />}
    </form>
  );
}
