// Quoted replies, reactions and canned responses: one-line adapters. Replies and reactions act on
// the active profile; canned responses are the OS user's, whatever the profile.
import type { QuickAnswers } from '../core/conversations/quick-answers';
import type { CannedResponses } from '../core/canned/canned-responses';
import type { DomainHandlers } from './handler-types';

export function createQuickHandlers(quick: Pick<QuickAnswers, 'reply' | 'react'>): DomainHandlers<'quick'> {
  return {
    'quick:reply': (p) => quick.reply(p),
    'quick:react': (p) => quick.react(p),
  };
}

export function createCannedHandlers(canned: Pick<CannedResponses, 'list' | 'sendMedia'>): DomainHandlers<'canned'> {
  return {
    'canned:list': async () => canned.list(),
    'canned:send-media': (p) => canned.sendMedia(p),
  };
}
