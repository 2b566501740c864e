// The ONE composition of the app behind a window: core, first-run bootstrap, IPC handlers, core
// events, start-up notices and shutdown. The Electron host, the Chromium host (npm start
// without Electron), the end-to-end harness and the benchmarks call this and supply only their
// OS services (window delivery, clipboard, file picker, external links, the person's consent).
import {
  bootstrap,
  restoreSandbox,
  type BootstrapResult,
  type ResumeSandbox,
  type SandboxHandle,
  type StartSandbox,
} from '../app-shell/bootstrap';
import { createCore, type Core } from '../core/create-core';
import type { StartLogThread } from '../core/log/thread/thread-row-writer';
import { LIMITS } from '../core/limits';
import type { AppHost, AppInfo, EventChannel, EventMap } from '../ipc/contract';
import { wireCoreEvents } from '../ipc/core-events';
import { createDispatcher, type Dispatch } from '../ipc/dispatcher';
import type { WebhookListener } from '../ipc/handler-types';
import { createHandlers, type HandlerPlatform, type UpdateHandle } from '../ipc/handlers';
import { resumeSandbox, startSandbox } from '../sandbox/index';
import { webhookTargetOf } from '../core/events/webhooks/webhook-target';
import { startWebhookReceiver, type WebhookReceiver } from '../core/events/webhooks/webhook-receiver';
import { startEventChannels } from './event-channels';
import { prefetchFirstContactsPage } from './first-contacts-page';
import { startInboxSignals, type AttentionPort } from './inbox-signals';

export type EventSink = <E extends EventChannel>(event: E, data: EventMap[E]) => void;

export interface RuntimeHost {
  kind: AppHost;
  version: string;
  /** clipboard, file picker, external links and the person's consent, by the host's own means */
  services: HandlerPlatform;
  /** how a main -> window event reaches the window (dropped while there is none) */
  deliver: EventSink;
  /** the installed app updating itself (Electron only); absent: it does not */
  updates?: UpdateHandle;
  /** the app icon's unread badge and reply notifications (Electron only); absent: none */
  attention?: AttentionPort;
}

export interface RuntimeOptions {
  dataDir: string;
  host: RuntimeHost;
  /** diagnostics (never a key value): the host's file log */
  log: (message: string) => void;
  /** keychain service name (CRM_KEYCHAIN_SERVICE, for tests); default the app's own */
  keychainService?: string | undefined;
  /** default: the built-in sandbox server, in this process */
  sandbox?: { start: StartSandbox; resume: ResumeSandbox };
  /**
   * the local webhook listener's port on 127.0.0.1 (webhook-port.ts): 0 takes any free port;
   * null runs none. Default 0
   */
  webhookPort?: number | null;
  /** the request log's writing thread (core/create-core.ts); absent: rows written on this thread */
  requestLogThread?: StartLogThread;
}

export interface Runtime {
  core: Core;
  dispatch: Dispatch;
  info: AppInfo;
  /** stops the outbox, flushes every store, releases staged files, closes the sandbox; once */
  shutdown(): Promise<void>;
}

export async function buildRuntime(options: RuntimeOptions): Promise<Runtime> {
  const { dataDir, host, log } = options;
  // the host's own way to the OS's proxy settings, where it has one (the Electron host)
  const core = await createCore({
    dataDir,
    log,
    processKind: 'window',
    checkKeychain: true,
    resolveProxy: host.services.resolveProxy,
    ...(options.requestLogThread ? { requestLogThread: options.requestLogThread } : {}),
    ...(options.keychainService ? { keychainService: options.keychainService } : {}),
  });
  const sandbox = options.sandbox ?? { start: startSandbox, resume: resumeSandbox };
  const bootstrapDeps = { dataDir, profiles: core.profiles, keys: core.keys, startSandbox: sandbox.start, resumeSandbox: sandbox.resume };
  // The app is useful without its sandbox (real profiles, the outbox): say so, go on.
  const boot: BootstrapResult = await bootstrap(bootstrapDeps).catch((err: unknown) => ({
    firstRunNotice: null,
    sandbox: null,
    problem: `The built-in sandbox could not be started: ${err instanceof Error ? err.message : 'unknown error'}`,
  }));
  const notices = [...core.notices, ...(boot.problem ? [boot.problem] : [])];
  for (const notice of notices) log(notice);
  // every host creates its window along with the runtime: the page its contacts screen shows
  // first is asked for now, while the window loads its script (first-contacts-page.ts)
  const firstPage = prefetchFirstContactsPage({ contacts: core.contacts, profiles: core.profiles, keys: core.keys });

  const info: AppInfo = {
    version: host.version,
    platform: process.platform,
    host: host.kind,
    firstRunNotice: boot.firstRunNotice,
    notices,
    sandbox: boot.sandbox ? { baseUrl: boot.sandbox.baseUrl } : null,
    limits: {
      imageBytes: LIMITS.imageBytes,
      documentBytes: LIMITS.documentBytes,
      videoBytes: LIMITS.videoBytes,
      stickerBytes: LIMITS.stickerBytes,
      audioBytes: LIMITS.audioBytes,
      textChars: LIMITS.textChars,
      captionChars: LIMITS.captionChars,
    },
  };
  // the sandbox server running now: the one started at launch, or the one "Reset sandbox" made
  let running: SandboxHandle | null = boot.sandbox;
  const webhooks = await listenForWebhooks(core, options.webhookPort === undefined ? 0 : options.webhookPort, log);
  // the built-in sandbox posts its replies and delivery states to this window's listener, so
  // conversations work offline from the first launch
  let sandboxPostsHere = false;
  const pointSandboxAtListener = async (): Promise<void> => {
    const profile = (await core.profiles.list()).profiles.find((p) => p.sandbox);
    const url = profile ? webhooks.listener.urlFor(profile.id) : null;
    if (url && running?.configureEvents) {
      running.configureEvents({ webhookUrl: url });
      sandboxPostsHere = true;
    }
  };
  await pointSandboxAtListener().catch((err: unknown) =>
    log(`could not point the sandbox at the webhook listener: ${err instanceof Error ? err.message : 'unknown error'}`),
  );
  const sandboxControl = {
    async restore() {
      const restored = await restoreSandbox({ ...bootstrapDeps, running });
      running = restored.sandbox;
      await pointSandboxAtListener().catch(() => undefined);
      info.sandbox = { baseUrl: restored.sandbox.baseUrl };
      log(restored.notice);
      return { baseUrl: restored.sandbox.baseUrl, notice: restored.notice };
    },
  };
  const handlers = createHandlers({
    core,
    platform: host.services,
    appInfo: () => info,
    emit: host.deliver,
    sandbox: sandboxControl,
    webhooks: webhooks.listener,
    contacts: firstPage,
    log,
    ...(host.updates ? { updates: host.updates } : {}),
  });
  const dispatch = createDispatcher(handlers, (channel, err) =>
    log(`unexpected error in ${channel}: ${err instanceof Error ? `${err.name}: ${err.message}` : 'unknown'}`),
  );
  const coreEvents = wireCoreEvents(core, host.deliver);
  // a click on a reply's notification opens its conversation in the window
  const inboxSignals = host.attention
    ? startInboxSignals(core, host.attention, { open: (number) => host.deliver('inbox:open', { number }), log })
    : null;
  // the active profile's events also come by its service's event stream, or by polling its status route
  const channels = startEventChannels({ core, log, heardByWebhook: (profile) => profile.sandbox && sandboxPostsHere });

  let stopping: Promise<void> | null = null;
  const shutdown = (): Promise<void> => {
    stopping ??= (async () => {
      coreEvents.dispose();
      inboxSignals?.dispose();
      firstPage.dispose();
      // the channels first: their requests go through the core's client
      await channels.close().catch((err: unknown) => log(`shutdown: ${String(err)}`));
      // each step on its own: one failing must not leave the others undone
      const steps = await Promise.allSettled([host.services.clipboard.dispose(), webhooks.close(), core.close()]);
      const closed = await Promise.allSettled([running?.close()]);
      for (const step of [...steps, ...closed]) if (step.status === 'rejected') log(`shutdown: ${String(step.reason)}`);
    })();
    return stopping;
  };
  return { core, dispatch, info, shutdown };
}

/**
 * Starts the local webhook listener for every profile. One that cannot start (the port is taken,
 * by another window of the app perhaps) is not a failure of the app: webhooks:info says why.
 */
async function listenForWebhooks(
  core: Core,
  port: number | null,
  log: (message: string) => void,
): Promise<{ listener: WebhookListener; close(): Promise<void> }> {
  if (port === null)
    return {
      listener: { urlFor: () => null, problem: () => 'The webhook listener is off (CRM_WEBHOOK_PORT=off).' },
      close: async () => {},
    };
  let receiver: WebhookReceiver | null = null;
  let problem: string | null = null;
  try {
    receiver = await startWebhookReceiver(webhookTargetOf(core), { port, log });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    problem =
      code === 'EADDRINUSE'
        ? `Port ${port} is in use (another window of the app?), so webhooks are not received here; set CRM_WEBHOOK_PORT to another port.`
        : `The webhook listener could not start (${code ?? 'unknown error'}).`;
    log(problem);
  }
  return {
    listener: {
      urlFor: (profileId) => receiver?.urlFor(profileId) ?? null,
      problem: () => problem,
      throughTunnel: (profileId) => receiver?.throughTunnel(profileId) ?? false,
    },
    close: async () => {
      await receiver?.close();
    },
  };
}
