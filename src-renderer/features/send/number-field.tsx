import { useId } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { SCREEN_FOCUS_UNLESS_FILLED } from '../../ui/focus';
import { FieldProblems } from '../../ui/messages';
import { NUMBER_FIELDS, problemsFor } from './fields';
import { AFTER_SEND_MARK } from './send-focus';
import { selectRecipient, useSendStore, type SendKind } from './send-store';

/** The recipient, shared by the panels (Contacts fills it). `focusAfterSend`: focus comes back here after a send. */
export function NumberField({ kind, focusAfterSend = false }: { kind: SendKind; focusAfterSend?: boolean }) {
  const recipient = useSendStore(selectRecipient);
  const setNumber = useSendStore((s) => s.setNumber);
  const touch = useSendStore((s) => s.touch);
  const problems = useSendStore(useShallow((s) => problemsFor(s, kind, NUMBER_FIELDS, 'number')));
  const id = useId();
  const problemsId = `${id}-problems`;
  return (
    <div className="field">
      <label htmlFor={id}>Recipient number</label>
      <input
        id={id}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        value={recipient.number}
        placeholder="+55 11 99999-0000"
        onChange={(e) => setNumber(e.target.value)}
        onBlur={() => touch('number')}
        aria-invalid={problems.length > 0}
        aria-describedby={`${id}-hint${problems.length ? ` ${problemsId}` : ''}`}
        data-testid="recipient-number"
        {...SCREEN_FOCUS_UNLESS_FILLED}
        {...(focusAfterSend ? AFTER_SEND_MARK : {})}
      />
      <p id={`${id}-hint`} className="hint">
        {recipient.name ? `${recipient.name} (from Contacts). ` : ''}Country code and number, 8 to 15 digits.
      </p>
      <FieldProblems id={problemsId} problems={problems} />
    </div>
  );
}
