// Runtime list of the contract's channels, for the preload (which builds window.crm from it)
// and for main (which registers a handler for each). The Record types make the compiler
// reject a channel missing here or a name that is not in the contract.
import type { EventChannel, InvokeChannel } from './contract';

const invoke: Record<InvokeChannel, true> = {
  'app:info': true,
  'sandbox:restore': true,
  'app:update-state': true,
  'app:restart-to-update': true,
  'profiles:list': true,
  'profiles:create': true,
  'profiles:update': true,
  'profiles:delete': true,
  'profiles:activate': true,
  'api:describe': true,
  'api:import-curl': true,
  'api:save': true,
  'api:reset': true,
  'api:preview': true,
  'api:mark-absent': true,
  'api:spec-load': true,
  'api:spec-propose': true,
  'keys:list': true,
  'keys:add': true,
  'keys:test': true,
  'keys:activate': true,
  'keys:revoke': true,
  'keys:server-list': true,
  'keys:server-create': true,
  'keys:server-revoke': true,
  'keys:copy-new': true,
  'contacts:list': true,
  'files:pick': true,
  'files:stage': true,
  'files:release': true,
  'send:preview': true,
  'send:submit': true,
  'media:detect-type': true,
  'send:cancel': true,
  'send:copy-curl': true,
  'messages:list': true,
  'outbox:list': true,
  'outbox:cancel': true,
  'outbox:retry': true,
  'outbox:sync': true,
  'log:list': true,
  'log:detail': true,
  'log:copy-curl': true,
  'shell:open-external': true,
};

const events: Record<EventChannel, true> = {
  'send:progress': true,
  'outbox:changed': true,
  'messages:changed': true,
  'keys:changed': true,
  'profiles:changed': true,
  'log:entry': true,
  'net:status': true,
  'app:notice': true,
  'app:update': true,
};

export const INVOKE_CHANNELS = Object.keys(invoke) as InvokeChannel[];
export const EVENT_CHANNELS = Object.keys(events) as EventChannel[];
