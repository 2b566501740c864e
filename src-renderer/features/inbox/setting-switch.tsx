// A checkbox for a setting every process on the data folder shares (the settings table): the box
// shows what main says the setting is, and a change is what main answers it became.
import { useEffect, useId, useState } from 'react';
import type { ErrorInfo } from '../../lib/api';
import { invoke } from '../../lib/api';
import { ErrorMessage } from '../../ui/messages';

export interface SettingChannels {
  read: 'inbox:reply-notices' | 'inbox:read-receipts';
  write: 'inbox:set-reply-notices' | 'inbox:set-read-receipts';
}

export function SettingSwitch({ channels, label, testId }: { channels: SettingChannels; label: string; testId: string }) {
  const [on, setOn] = useState<boolean | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const id = useId();
  useEffect(() => {
    let live = true;
    void invoke(channels.read, {}).then((r) => {
      if (!live) return;
      if (r.ok) setOn(r.value.on);
      else setError(r.error);
    });
    return () => {
      live = false;
    };
  }, [channels.read]);
  const change = async (next: boolean) => {
    const r = await invoke(channels.write, { on: next });
    if (r.ok) {
      setOn(r.value.on);
      setError(null);
    } else setError(r.error);
  };
  return (
    <div className="inbox-settings">
      <input
        id={id}
        type="checkbox"
        checked={on ?? false}
        disabled={on === null}
        onChange={(e) => void change(e.target.checked)}
        data-testid={testId}
      />
      <label htmlFor={id}>{label}</label>
      {error && <ErrorMessage error={error} prefix="The setting could not be changed" />}
    </div>
  );
}
