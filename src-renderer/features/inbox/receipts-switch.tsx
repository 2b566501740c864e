// The switch for read receipts: whether opening a conversation tells the service it was read
// (the contact sees blue ticks on WhatsApp). The setting lives in the data folder (every window
// and `crm settings read-receipts` share it), so the box shows what main says it is.
import { useEffect, useId, useState } from 'react';
import type { ErrorInfo } from '../../lib/api';
import { invoke } from '../../lib/api';
import { ErrorMessage } from '../../ui/messages';

export function ReceiptsSwitch() {
  const [on, setOn] = useState<boolean | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const id = useId();
  useEffect(() => {
    let live = true;
    void invoke('inbox:read-receipts', {}).then((r) => {
      if (!live) return;
      if (r.ok) setOn(r.value.on);
      else setError(r.error);
    });
    return () => {
      live = false;
    };
  }, []);
  const change = async (next: boolean) => {
    const r = await invoke('inbox:set-read-receipts', { on: next });
    if (r.ok) {
      setOn(r.value.on);
      setError(null);
    } else setError(r.error);
  };
  return (
    <div className="inbox-settings">
      <input id={id} type="checkbox" checked={on ?? false} disabled={on === null} onChange={(e) => void change(e.target.checked)} data-testid="inbox-read-receipts" />
      <label htmlFor={id}>Tell the contact their messages were read when you open the conversation (where the service has read receipts)</label>
      {error && <ErrorMessage error={error} prefix="The setting could not be changed" />}
    </div>
  );
}
