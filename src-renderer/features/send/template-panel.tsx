// Send Template: an approved template for the recipient, which WhatsApp delivers outside the
// 24-hour window. The template is picked from the service's list when it has one, or typed (its
// name and the language of its translation); its body parameters ({{1}}, {{2}}... in order)
// follow. The anatomy of the other panels: the number, the fields with their problems (the rules
// of template-rules.ts, as main checks them), the endpoint and cURL preview, Ctrl+Enter to send.
import { useEffect, useId, type InputHTMLAttributes } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { FieldProblems } from '../../ui/messages';
import { problemsFor, TEMPLATE_LANGUAGE_FIELDS, TEMPLATE_NAME_FIELDS, TEMPLATE_PARAMS_FIELDS, templateParamFields } from './fields';
import { NumberField } from './number-field';
import { RequestPreviewPanel } from './request-preview';
import { SendControls, useSendShortcut } from './send-controls';
import { AFTER_SEND_MARK } from './send-focus';
import { selectTemplateDraft, useSendStore } from './send-store';
import { useTemplateTakesLanguage } from './template-language-need';
import { TemplateSendCheck } from './template-send-check';
import { usePicked } from '../../app/use-picked';

function useProblems(fields: string[]): string[] {
  return useSendStore(useShallow((s) => problemsFor(s, 'template', fields, 'template')));
}

export function TemplatePanel() {
  const onSendShortcut = useSendShortcut('template');
  const draft = useSendStore(selectTemplateDraft);
  const { catalogue, chosen, profileId } = usePicked(useSendStore, 'catalogue', 'chosen', 'profileId');
  const takesLanguage = useTemplateTakesLanguage(profileId);
  const { chooseTemplate, addTemplateParam, loadTemplates, touch } = usePicked(
    useSendStore,
    'chooseTemplate',
    'addTemplateParam',
    'loadTemplates',
    'touch',
  );
  // the service's approved templates, asked once the panel shows (again under another profile)
  useEffect(() => void loadTemplates(), [loadTemplates, profileId]);
  const paramsProblems = useProblems(TEMPLATE_PARAMS_FIELDS);
  const id = useId();
  const listed = catalogue.status === 'ready' ? catalogue.list.templates : [];
  const leave = () => touch('template');
  return (
    // the shortcut is heard on the whole panel: focus may be in the request preview beside the form
    <div className="send-panel" onKeyDown={onSendShortcut}>
      <div className="send-form">
        <NumberField kind="template" />
        <p className="hint">An approved template is what WhatsApp delivers outside the 24-hour window.</p>
        {listed.length > 0 && (
          <div className="field">
            <label htmlFor={`${id}-approved`}>Approved template</label>
            <select
              id={`${id}-approved`}
              value={chosen === null ? '' : `${chosen.name}|${chosen.language}`}
              onChange={(e) => {
                const picked = listed.find((t) => `${t.name}|${t.language}` === e.target.value);
                if (picked) chooseTemplate(picked);
              }}
              data-testid="template-picker"
            >
              <option value="">Choose one the service approved…</option>
              {listed.map((t) => (
                <option key={`${t.name}|${t.language}`} value={`${t.name}|${t.language}`}>
                  {`${t.name} (${t.language})`}
                </option>
              ))}
            </select>
            {chosen?.body != null && <p className="hint template-body">{`Its text: ${chosen.body}`}</p>}
          </div>
        )}
        {catalogue.status === 'ready' && catalogue.list.reason !== null && <p className="hint">{catalogue.list.reason}</p>}
        {catalogue.status === 'failed' && (
          <p className="hint">{`The service's templates could not be listed (${catalogue.error.message}): type the name and language.`}</p>
        )}
        <DraftTextField
          part="name"
          label="Template name"
          placeholder="order_update"
          problemFields={TEMPLATE_NAME_FIELDS}
          onLeave={leave}
          marks={{ 'data-testid': 'template-name', ...AFTER_SEND_MARK }}
        />
        {takesLanguage ? (
          <DraftTextField part="language" label="Language" placeholder="en_US" problemFields={TEMPLATE_LANGUAGE_FIELDS} onLeave={leave} />
        ) : (
          <p className="hint" data-testid="template-no-language">
            This service&apos;s Send Template has no language field: its templates carry their own (Twilio names one by its Content SID,
            HX…), so none is asked.
          </p>
        )}
        <TemplateSendCheck name={draft.name} language={draft.language} />
        <fieldset className="template-params">
          <legend>Parameters, in order</legend>
          {draft.params.length === 0 && <p className="hint">None: add one for each {'{{n}}'} in the template's text.</p>}
          {draft.params.map((param, i) => (
            <TemplateParam key={i} index={i} value={param} onLeave={leave} />
          ))}
          <FieldProblems id={`${id}-params-problems`} problems={paramsProblems} />
          <button type="button" className="btn" onClick={addTemplateParam}>
            Add parameter
          </button>
        </fieldset>
        <SendControls kind="template" />
      </div>
      <RequestPreviewPanel kind="template" />
    </div>
  );
}

/** the template's typed name or language: its field and the problems main's rules find in it */
function DraftTextField({
  part,
  label,
  placeholder,
  problemFields,
  onLeave,
  marks = {},
}: {
  part: 'name' | 'language';
  label: string;
  placeholder: string;
  problemFields: string[];
  onLeave: () => void;
  /** test id and focus marks the field carries */
  marks?: Record<string, string>;
}) {
  const value = useSendStore((s) => s.template[part]);
  const setTemplate = useSendStore((s) => s.setTemplate);
  const problems = useProblems(problemFields);
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <ProblemInput
        id={id}
        problems={problems}
        value={value}
        onChange={(e) => setTemplate({ [part]: e.target.value })}
        onBlur={onLeave}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        {...marks}
      />
      <FieldProblems id={`${id}-problems`} problems={problems} />
    </div>
  );
}

function TemplateParam({ index, value, onLeave }: { index: number; value: string; onLeave: () => void }) {
  const setTemplateParam = useSendStore((s) => s.setTemplateParam);
  const removeTemplateParam = useSendStore((s) => s.removeTemplateParam);
  const problems = useProblems(templateParamFields(index));
  const id = useId();
  const label = `Parameter {{${index + 1}}}`;
  return (
    <div className="template-param">
      <label htmlFor={id}>{label}</label>
      <ProblemInput id={id} problems={problems} value={value} onChange={(e) => setTemplateParam(index, e.target.value)} onBlur={onLeave} />
      <button type="button" className="btn" onClick={() => removeTemplateParam(index)} aria-label={`Remove parameter {{${index + 1}}}`}>
        Remove
      </button>
      <FieldProblems id={`${id}-problems`} problems={problems} />
    </div>
  );
}

/** an input marked invalid and described by its problems (FieldProblems at `${id}-problems`) while it has some */
function ProblemInput({ id, problems, ...input }: InputHTMLAttributes<HTMLInputElement> & { id: string; problems: string[] }) {
  return (
    <input
      id={id}
      {...input}
      aria-invalid={problems.length > 0}
      {...(problems.length > 0 ? { 'aria-describedby': `${id}-problems` } : {})}
    />
  );
}
