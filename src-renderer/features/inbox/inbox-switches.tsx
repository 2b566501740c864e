// The inbox's two switches, each a setting every process shares: desktop notifications of replies
// (`crm settings reply-notices`), and read receipts (`crm settings read-receipts`): whether opening
// a conversation tells the service it was read (the contact sees blue ticks on WhatsApp).
import { SettingSwitch, type SettingChannels } from './setting-switch';

interface InboxSetting {
  channels: SettingChannels;
  label: string;
  testId: string;
}

const REPLY_NOTICES: InboxSetting = {
  channels: { read: 'inbox:reply-notices', write: 'inbox:set-reply-notices' },
  label: 'Show a desktop notification when a contact writes while the window is in the background',
  testId: 'inbox-reply-notices',
};

const READ_RECEIPTS: InboxSetting = {
  channels: { read: 'inbox:read-receipts', write: 'inbox:set-read-receipts' },
  label: 'Tell the contact their messages were read when you open the conversation (where the service has read receipts)',
  testId: 'inbox-read-receipts',
};

export function NotifySwitch() {
  return <SettingSwitch {...REPLY_NOTICES} />;
}

export function ReceiptsSwitch() {
  return <SettingSwitch {...READ_RECEIPTS} />;
}
