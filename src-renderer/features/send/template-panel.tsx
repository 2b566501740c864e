// Send Template: an approved template for the recipient, which WhatsApp delivers outside the
// 24-hour window. The template is picked from the service's list when it has one, or typed (its
// name and the language of its translation); its body parameters ({{1}}, {{2}}... in order)
// follow. The anatomy of the other panels: the number, the fields with their problems (the rules
// of template-rules.ts, as main checks them), the endpoint and cURL preview, Ctrl+Enter to send.
import { useEffect, useId } from 'react';
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

function useProblems(fields: string[]): string[] {
  return useSendStore(useShallow((s) => problemsFor(s, 'template', fields, 'template')));
}

export function TemplatePanel() {
  const onSendShortcut = useSendShortcut('template');
  const draft = useSendStore(selectTemplateDraft);
  const catalogue = useSendStore((s) => s.catalogue);
  const chosen = useSendStore((s) => s.chosen);
  const profileId = useSendStore((s) => s.profileId);
  const takesLanguage = useTemplateTakesLanguage(profileId);
  const { setTemplate, chooseTemplate, addTemplateParam, loadTemplates, touch } = useSendStore(
    useShallow((s) => ({
      setTemplate: s.setTemplate,
      chooseTemplate: s.chooseTemplate,
      addTemplateParam: s.addTemplateParam,
      loadTemplates: s.loadTemplates,
      touch: s.touch,
    })),
  );
  // the service's approved templates, asked once the panel shows (again under another profile)
  useEffect(() => void loadTemplates(), [loadTemplates, profileId]);
  const nameProblems = useProblems(TEMPLATE_NAME_FIELDS);
  const languageProblems = useProblems(TEMPLATE_LANGUAGE_FIELDS);
  const paramsProblems = useProblems(TEMPLATE_PARAMS_FIELDS);
  const id = useId();
  const listed = catalogue.status === 'ready' ? catalogue.list.templates : [];
  const leave = () => touch('template');
  const described = (field: string, problems: string[]) => ({
    'aria-invalid': problems.length > 0,
    ...(problems.length > 0 ? { 'aria-describedby': `${id}-${field}-problems` } : {}),
  });
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
        <div className="field">
          <label htmlFor={`${id}-name`}>Template name</label>
          <input
            id={`${id}-name`}
            value={draft.name}
            onChange={(e) => setTemplate({ name: e.target.value })}
            onBlur={leave}
            placeholder="order_update"
            autoComplete="off"
            spellCheck={false}
            data-testid="template-name"
            {...described('name', nameProblems)}
            {...AFTER_SEND_MARK}
          />
          <FieldProblems id={`${id}-name-problems`} problems={nameProblems} />
        </div>
        {takesLanguage ? (
          <div className="field">
            <label htmlFor={`${id}-language`}>Language</label>
            <input
              id={`${id}-language`}
              value={draft.language}
              onChange={(e) => setTemplate({ language: e.target.value })}
              onBlur={leave}
              placeholder="en_US"
              autoComplete="off"
              spellCheck={false}
              {...described('language', languageProblems)}
            />
            <FieldProblems id={`${id}-language-problems`} problems={languageProblems} />
          </div>
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

function TemplateParam({ index, value, onLeave }: { index: number; value: string; onLeave: () => void }) {
  const setTemplateParam = useSendStore((s) => s.setTemplateParam);
  const removeTemplateParam = useSendStore((s) => s.removeTemplateParam);
  const problems = useProblems(templateParamFields(index));
  const id = useId();
  const label = `Parameter {{${index + 1}}}`;
  return (
    <div className="template-param">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(e) => setTemplateParam(index, e.target.value)}
        onBlur={onLeave}
        aria-invalid={problems.length > 0}
        {...(problems.length > 0 ? { 'aria-describedby': `${id}-problems` } : {})}
      />
      <button type="button" className="btn" onClick={() => removeTemplateParam(index)} aria-label={`Remove parameter {{${index + 1}}}`}>
        Remove
      </button>
      <FieldProblems id={`${id}-problems`} problems={problems} />
    </div>
  );
}
