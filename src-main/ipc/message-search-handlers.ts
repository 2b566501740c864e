// The search dialog's channel: a one-line adapter to the core's search, on the active profile
// like messages:list.
import type { HandlerCore, Handlers } from './handler-types';

export function createMessageSearchHandlers(search: HandlerCore['messageSearch']): Pick<Handlers, 'messages:search'> {
  return {
    'messages:search': (p) => search.search(p),
  };
}
