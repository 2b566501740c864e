// The switch for read receipts: whether opening a conversation tells the service it was read (the
// contact sees blue ticks on WhatsApp); `crm settings read-receipts` is the same setting.
import { SettingSwitch } from './setting-switch';

const CHANNELS = { read: 'inbox:read-receipts', write: 'inbox:set-read-receipts' } as const;

export function ReceiptsSwitch() {
  return (
    <SettingSwitch
      channels={CHANNELS}
      label="Tell the contact their messages were read when you open the conversation (where the service has read receipts)"
      testId="inbox-read-receipts"
    />
  );
}
