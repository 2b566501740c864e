// Every `crm` command, in the order --help lists them.
import type { CommandEntry } from '../command';
import { contactsCommand } from './contacts';
import { conversationCommand } from './conversation';
import { keysGroup } from './keys';
import { messagesCommand } from './messages';
import { outboxGroup, syncCommand } from './outbox';
import { profilesGroup } from './profiles';
import { sandboxCommand } from './sandbox';
import { searchCommand } from './search';
import { sendGroup } from './send';
import { settingsGroup } from './settings';
import { templatesCommand } from './templates';
import { webhooksGroup } from './webhooks';
import { inboxCommand } from './inbox';
import { cannedGroup } from './canned';

export const COMMANDS: CommandEntry[] = [
  contactsCommand,
  sendGroup,
  messagesCommand,
  conversationCommand,
  templatesCommand,
  keysGroup,
  profilesGroup,
  outboxGroup,
  syncCommand,
  webhooksGroup,
  settingsGroup,
  sandboxCommand,
  inboxCommand,
  cannedGroup,
  searchCommand,
];
