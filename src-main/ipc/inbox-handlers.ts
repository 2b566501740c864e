// The Conversations screen's channels: one-line adapters. Both act on the active profile.
import type { DomainHandlers, HandlerCore } from './handler-types';

export function createInboxHandlers(inbox: HandlerCore['inbox']): DomainHandlers<'inbox'> {
  return {
    'inbox:list': (p) => inbox.list(p),
    'inbox:mark-read': (p) => inbox.markRead(p),
    'inbox:reply-notices': async () => inbox.replyNotices(),
    'inbox:set-reply-notices': async (p) => inbox.setReplyNotices(p),
    'inbox:read-receipts': async () => inbox.readReceipts(),
    'inbox:set-read-receipts': async (p) => inbox.setReadReceipts(p),
  };
}
