// The channels of the app itself and its small domains: app info, contacts, staged files, the
// outbox, the request log and external links. One-line adapters to the core.
import { CrmError } from '../core/errors';
import type { OutboxService } from '../core/services';
import type { DomainHandlers, HandlerCore, HandlerDeps, HandlerPlatform } from './handler-types';

type AppChannels = DomainHandlers<'app'> & DomainHandlers<'sandbox'> & DomainHandlers<'contacts'> & DomainHandlers<'files'> & DomainHandlers<'outbox'> & DomainHandlers<'log'> & DomainHandlers<'shell'>;

export function createAppHandlers(core: HandlerCore, platform: HandlerPlatform, appInfo: HandlerDeps['appInfo'], sandbox: HandlerDeps['sandbox']): AppChannels {
  return {
    'app:info': async () => appInfo(),
    'sandbox:restore': () => requireSandbox(sandbox).restore(),
    'contacts:list': (p) => core.contacts.list(p),
    'files:pick': async ({ purpose }) => {
      const path = await platform.pickFile(purpose);
      return path === null ? null : core.files.stageFromPath(path, purpose);
    },
    'files:stage': ({ name, bytes, purpose }) => core.files.stageFromBytes(name, bytes, purpose),
    'files:release': async ({ fileId }) => {
      await core.files.release(fileId);
      return null;
    },
    'outbox:list': async () => (core.outbox ? core.outbox.list() : []),
    'outbox:cancel': async ({ id }) => requireOutbox(core).cancel(id),
    'outbox:retry': async ({ id }) => requireOutbox(core).retry(id),
    'outbox:sync': async () => {
      await requireOutbox(core).syncNow();
      return null;
    },
    'log:list': async () => core.requestLog.list(),
    'shell:open-external': async ({ url }) => {
      await platform.openExternal(httpUrl(url));
      return null;
    },
  };
}

function requireSandbox(sandbox: HandlerDeps['sandbox']): NonNullable<HandlerDeps['sandbox']> {
  if (!sandbox) throw new CrmError('internal', 'The built-in sandbox is not available here.');
  return sandbox;
}

function requireOutbox(core: HandlerCore): OutboxService {
  if (!core.outbox) throw new CrmError('internal', 'The outbox is not available.');
  return core.outbox;
}

function httpUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CrmError('validation', 'Only http(s) links can be opened.');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new CrmError('validation', 'Only http(s) links can be opened.');
  return parsed.toString();
}
