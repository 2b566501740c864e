import type { ReactNode } from 'react';

/** A form's primary button, alone on its row; `busy` while the form's request is out. */
export function SubmitRow({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <div className="button-row">
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {children}
      </button>
    </div>
  );
}
