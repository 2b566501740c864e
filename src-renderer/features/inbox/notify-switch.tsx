// The switch for desktop notifications of replies: the setting lives in the data folder (every
// window and `crm settings reply-notices` share it), so the box shows what main says it is.
import { useEffect, useId, useState } from 'react';
import type { ErrorInfo } from '../../lib/api';
import { invoke } from '../../lib/api';
import { ErrorMessage } from '../../ui/messages';

export function NotifySwitch() {
  const [on, setOn] = useState<boolean | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const id = useId();
  useEffect(() => {
    let live = true;
    void invoke('inbox:reply-notices', {}).then((r) => {
      if (!live) return;
      if (r.ok) setOn(r.value.on);
      else setError(r.error);
    });
    return () => {
      live = false;
    };
  }, []);
  const change = async (next: boolean) => {
    const r = await invoke('inbox:set-reply-notices', { on: next });
    if (r.ok) {
      setOn(r.value.on);
      setError(null);
    } else setError(r.error);
  };
  return (
    <div className="inbox-settings">
      <input id={id} type="checkbox" checked={on ?? false} disabled={on === null} onChange={(e) => void change(e.target.checked)} data-testid="inbox-reply-notices" />
      <label htmlFor={id}>Show a desktop notification when a contact writes while the window is in the background</label>
      {error && <ErrorMessage error={error} prefix="The setting could not be changed" />}
    </div>
  );
}
