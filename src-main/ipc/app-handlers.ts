// The channels of the app itself and its small domains: app info, contacts, staged files, the
// outbox, the request log and external links. One-line adapters to the core.
import { CrmError } from '../core/errors';
import type { RequestLogDetail } from '../core/model';
import type { OutboxService } from '../core/services';
import type { DomainHandlers, HandlerCore, HandlerDeps, HandlerPlatform, UpdateHandle } from './handler-types';

type AppChannels = DomainHandlers<'app'> &
  DomainHandlers<'sandbox'> &
  DomainHandlers<'contacts'> &
  DomainHandlers<'files'> &
  DomainHandlers<'outbox'> &
  DomainHandlers<'log'> &
  DomainHandlers<'shell'>;

export function createAppHandlers(
  core: HandlerCore,
  platform: HandlerPlatform,
  appInfo: HandlerDeps['appInfo'],
  sandbox: HandlerDeps['sandbox'],
  updates?: UpdateHandle,
  contacts: NonNullable<HandlerDeps['contacts']> = core.contacts,
  log: (message: string) => void = () => {},
): AppChannels {
  return {
    'app:info': async () => appInfo(),
    'app:update-state': async () => updates?.state() ?? { phase: 'off' },
    'app:restart-to-update': async () => {
      if (!updates?.restart()) throw new CrmError('validation', 'No update is ready to install yet.');
      return null;
    },
    'app:microphone-access': async () => (platform.microphoneAccess ? platform.microphoneAccess() : { access: 'granted' }),
    // the packaged smoke test (tests/electron/packaged.spec.ts) and support read this line: the
    // installed app's first screen shows data, through its own native modules and sandbox
    'app:first-rows': async ({ rows }) => {
      log(`first contact rows shown (${rows})`);
      return null;
    },
    'sandbox:restore': () => requireSandbox(sandbox).restore(),
    'contacts:list': (p) => contacts.list(p),
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
    'log:detail': async ({ id }) => requireLogDetail(core, id),
    'log:copy-curl': async ({ id }) => {
      await platform.clipboard.copy(requireLogCurl(core, id));
      return { clearsAfterMs: null };
    },
    'log:resend': ({ id }) => core.logResend.resend(id),
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

function requireLogDetail(core: HandlerCore, id: string): RequestLogDetail {
  const detail = core.requestLog.detail(id);
  if (detail === null) throw new CrmError('not_found', 'That request is no longer in the log.');
  return { ...detail, resendable: core.logResend.canResend(id) };
}

/** the cURL reads the key from $CRM_API_KEY: the key itself is never put in it here */
function requireLogCurl(core: HandlerCore, id: string): string {
  const { curl } = requireLogDetail(core, id);
  if (curl === null) throw new CrmError('not_found', "That request's cURL is no longer kept (the log releases the oldest bodies first).");
  return curl;
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
