import { useId } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { charCount } from '../../../src-main/shared/limits';
import { useLimits } from '../../app/app-port';
import { formatCount } from '../../lib/format';
import { FieldProblems } from '../../ui/messages';
import { problemsFor, TEXT_FIELDS } from './fields';
import { NumberField } from './number-field';
import { RequestPreviewPanel } from './request-preview';
import { SendControls, useSendShortcut } from './send-controls';
import { AFTER_SEND_MARK } from './send-focus';
import { selectTextDraft, useSendStore } from './send-store';

export function TextPanel() {
  const onSendShortcut = useSendShortcut('text');
  const draft = useSendStore(selectTextDraft);
  const setText = useSendStore((s) => s.setText);
  const touch = useSendStore((s) => s.touch);
  const problems = useSendStore(useShallow((s) => problemsFor(s, 'text', TEXT_FIELDS, 'text')));
  const max = useLimits().textChars;
  const id = useId();
  const count = charCount(draft.text);
  const over = count > max;
  return (
    // the shortcut is heard on the whole panel: focus may be in the request preview beside the form
    <div className="send-panel" onKeyDown={onSendShortcut}>
      <div className="send-form">
        <NumberField kind="text" />
        <div className="field">
          <label htmlFor={id}>Message text</label>
          <textarea
            id={id}
            rows={6}
            value={draft.text}
            onChange={(e) => setText(e.target.value)}
            onBlur={() => touch('text')}
            aria-invalid={problems.length > 0 || over}
            aria-describedby={`${id}-count${problems.length ? ` ${id}-problems` : ''}`}
            data-testid="message-text"
            {...AFTER_SEND_MARK}
          />
          <p id={`${id}-count`} className={over ? 'counter counter-over' : 'counter'} data-testid="text-count">
            {formatCount(count)} / {formatCount(max)} characters{over ? ` (${formatCount(count - max)} too many)` : ''}
          </p>
          <FieldProblems id={`${id}-problems`} problems={problems} />
        </div>
        <SendControls kind="text" />
      </div>
      <RequestPreviewPanel kind="text" />
    </div>
  );
}
