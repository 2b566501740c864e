import type { RefObject } from 'react';
import type { DescribedOperation } from '../../../lib/api';
import { requestConfirm } from '../../../ui/confirm-store';
import { ErrorMessage } from '../../../ui/messages';
import { canSave, useApiStore, type OperationDraft } from './api-store';

/** Save the read description, or go back to API.md (asked first). */
export function OperationActions({
  operation,
  label,
  draft,
  custom,
  headingRef,
}: {
  operation: DescribedOperation;
  label: string;
  draft: OperationDraft;
  custom: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const save = useApiStore((s) => s.save);
  const reset = useApiStore((s) => s.reset);
  const state = draft.save;

  const onReset = async () => {
    const ok = await requestConfirm({
      title: `Reset “${label}” to the default?`,
      message: `${label} goes back to what API.md describes, for this profile. The description saved for it is removed; what you pasted stays in the box.`,
      confirmLabel: 'Reset',
      danger: true,
    });
    // the Reset button goes away with the profile's own description: focus stays in the editor
    if (ok && (await reset(operation))) headingRef.current?.focus();
  };

  return (
    <div className="api-actions">
      <div className="button-row">
        <button type="button" className="btn btn-primary" onClick={() => void save(operation)} disabled={!canSave(draft)} data-testid="api-save">
          Save
        </button>
        {custom && (
          <button type="button" className="btn" onClick={() => void onReset()} disabled={state.status === 'saving' || state.status === 'resetting'} data-testid="api-reset">
            Reset to default
          </button>
        )}
      </div>
      <div role="status" aria-live="polite" className="api-save-status" data-testid="api-save-status">
        {state.status === 'saving' && 'Saving…'}
        {state.status === 'resetting' && 'Resetting…'}
        {state.status === 'saved' && `Saved: ${label} now follows this description.`}
        {state.status === 'reset' && `${label} follows API.md again.`}
      </div>
      {state.status === 'error' && <ErrorMessage error={state.error} prefix={state.action === 'save' ? 'Not saved' : 'Not reset'} testId="api-save-error" />}
    </div>
  );
}
