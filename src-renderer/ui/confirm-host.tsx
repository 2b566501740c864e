import { useRef } from 'react';
import { Dialog } from './dialog';
import { selectConfirm, useConfirmStore } from './confirm-store';

/**
 * Renders the pending confirmation (one at a time). Enter activates the focused button, which is
 * Cancel for a destructive action (a revoke is never one stray Enter away) and the confirm
 * button otherwise.
 */
export function ConfirmHost() {
  const current = useConfirmStore(selectConfirm);
  const answer = useConfirmStore((s) => s.answer);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  if (!current) return null;
  return (
    <Dialog
      key={current.id}
      title={current.title}
      onCancel={() => answer(false)}
      initialFocusRef={current.danger ? cancelRef : confirmRef}
      role="alertdialog"
      testId="confirm-dialog"
    >
      <p className="dialog-message">{current.message}</p>
      <div className="dialog-actions">
        <button type="button" className="btn" ref={cancelRef} onClick={() => answer(false)}>
          {current.cancelLabel ?? 'Cancel'}
        </button>
        <button
          type="button"
          ref={confirmRef}
          className={current.danger ? 'btn btn-danger' : 'btn btn-primary'}
          onClick={() => answer(true)}
          data-testid="confirm-accept"
        >
          {current.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
