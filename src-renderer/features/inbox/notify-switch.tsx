// The switch for desktop notifications of replies; `crm settings reply-notices` is the same setting.
import { SettingSwitch } from './setting-switch';

const CHANNELS = { read: 'inbox:reply-notices', write: 'inbox:set-reply-notices' } as const;

export function NotifySwitch() {
  return (
    <SettingSwitch
      channels={CHANNELS}
      label="Show a desktop notification when a contact writes while the window is in the background"
      testId="inbox-reply-notices"
    />
  );
}
