// The Messages view's channel: a one-line adapter to the core's message history.
import type { MessageHistoryService } from '../core/services';
import type { DomainHandlers } from './handler-types';

export function createMessageHandlers(history: MessageHistoryService): Omit<DomainHandlers<'messages'>, 'messages:search'> {
  return {
    'messages:list': (p) => history.list(p),
  };
}
