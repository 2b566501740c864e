// Quoted replies and reactions: one-line adapters. Both act on the active profile.
import type { QuickAnswers } from '../core/conversations/quick-answers';
import type { DomainHandlers } from './handler-types';

export function createQuickHandlers(quick: Pick<QuickAnswers, 'reply' | 'react'>): DomainHandlers<'quick'> {
  return {
    'quick:reply': (p) => quick.reply(p),
    'quick:react': (p) => quick.react(p),
  };
}
