import type { RefObject } from 'react';
import type { DescribedOperation } from '../../../lib/api';
import { requestConfirm } from '../../../ui/confirm-store';
import { ErrorMessage } from '../../../ui/messages';
import { canSave, useApiStore, type OperationDraft } from './api-store';
import { usePicked } from '../../../app/use-picked';

/** Listings a service may lack; a send operation it lacks is simply not used. */
const MAY_BE_ABSENT: ReadonlySet<DescribedOperation> = new Set(['contacts.list', 'messages.list']);

/** Save the read description, or go back to docs/API.md (asked first), or say the service lacks it. */
export function OperationActions({
  operation,
  label,
  draft,
  custom,
  absent,
  headingRef,
}: {
  operation: DescribedOperation;
  label: string;
  draft: OperationDraft;
  custom: boolean;
  absent: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { save, reset, markAbsent } = usePicked(useApiStore, 'save', 'reset', 'markAbsent');
  const state = draft.save;
  const busy = state.status === 'saving' || state.status === 'resetting';

  const onReset = async () => {
    const ok = await requestConfirm({
      title: `Reset “${label}” to the default?`,
      message:
        `${label} goes back to the app’s own API (the one the built-in sandbox speaks), for this profile. The description ` +
        `saved for it is removed; what you pasted stays in the box.`,
      confirmLabel: 'Reset',
      danger: true,
    });
    // the Reset button goes away with the profile's own description: focus stays in the editor
    if (ok && (await reset(operation))) headingRef.current?.focus();
  };

  return (
    <div className="api-actions">
      <div className="button-row">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void save(operation)}
          disabled={!canSave(draft)}
          data-testid="api-save"
        >
          Save
        </button>
        {custom && (
          <button
            type="button"
            className="btn"
            onClick={() => void onReset()}
            disabled={state.status === 'saving' || state.status === 'resetting'}
            data-testid="api-reset"
          >
            Reset to default
          </button>
        )}
        {MAY_BE_ABSENT.has(operation) && (
          <button
            type="button"
            className="btn"
            onClick={() => void markAbsent(operation, !absent)}
            disabled={busy}
            data-testid="api-absent"
          >
            {absent ? `The service offers ${label}` : `The service has no ${label}`}
          </button>
        )}
      </div>
      <div role="status" aria-live="polite" className="api-save-status" data-testid="api-save-status">
        {state.status === 'saving' && 'Saving…'}
        {state.status === 'resetting' && 'Resetting…'}
        {state.status === 'saved' && `Saved: ${label} now follows this description.`}
        {state.status === 'reset' && `${label} follows the app’s own API again.`}
        {state.status === 'absent' && `Noted: this service has no ${label}; it is never asked for.`}
        {state.status === 'offered' && `${label} follows the app’s own API again; read the service's cURL to describe it.`}
      </div>
      {state.status === 'error' && (
        <ErrorMessage error={state.error} prefix={state.action === 'save' ? 'Not saved' : 'Not reset'} testId="api-save-error" />
      )}
    </div>
  );
}
