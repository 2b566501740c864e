// The ONE composition of the app behind a window: core, first-run bootstrap, IPC handlers, core
// events, start-up notices and shutdown. The Electron host, the Chromium host (npm start
// without Electron), the end-to-end harness and the benchmarks call this and supply only their
// OS services (window delivery, clipboard, file picker, external links, the person's consent).
import { bootstrap, restoreSandbox, type BootstrapResult, type ResumeSandbox, type SandboxHandle, type StartSandbox } from '../app-shell/bootstrap';
import { createCore, type Core } from '../core/create-core';
import { LIMITS } from '../core/limits';
import type { AppHost, AppInfo, EventChannel, EventMap } from '../ipc/contract';
import { wireCoreEvents } from '../ipc/core-events';
import { createDispatcher, type Dispatch } from '../ipc/dispatcher';
import { createHandlers, type HandlerPlatform, type UpdateHandle } from '../ipc/handlers';
import { resumeSandbox, startSandbox } from '../sandbox/index';

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
  const core = await createCore({ dataDir, log, processKind: 'window', checkKeychain: true, ...(options.keychainService ? { keychainService: options.keychainService } : {}) });
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

  const info: AppInfo = {
    version: host.version,
    platform: process.platform,
    host: host.kind,
    firstRunNotice: boot.firstRunNotice,
    notices,
    sandbox: boot.sandbox ? { baseUrl: boot.sandbox.baseUrl } : null,
    limits: { imageBytes: LIMITS.imageBytes, documentBytes: LIMITS.documentBytes, videoBytes: LIMITS.videoBytes, stickerBytes: LIMITS.stickerBytes, audioBytes: LIMITS.audioBytes, textChars: LIMITS.textChars, captionChars: LIMITS.captionChars },
  };
  // the sandbox server running now: the one started at launch, or the one "Reset sandbox" made
  let running: SandboxHandle | null = boot.sandbox;
  const sandboxControl = {
    async restore() {
      const restored = await restoreSandbox({ ...bootstrapDeps, running });
      running = restored.sandbox;
      info.sandbox = { baseUrl: restored.sandbox.baseUrl };
      log(restored.notice);
      return { baseUrl: restored.sandbox.baseUrl, notice: restored.notice };
    },
  };
  const handlers = createHandlers({ core, platform: host.services, appInfo: () => info, emit: host.deliver, sandbox: sandboxControl, ...(host.updates ? { updates: host.updates } : {}) });
  const dispatch = createDispatcher(handlers, (channel, err) => log(`unexpected error in ${channel}: ${err instanceof Error ? `${err.name}: ${err.message}` : 'unknown'}`));
  const unwire = wireCoreEvents(core, host.deliver);

  let stopping: Promise<void> | null = null;
  const shutdown = (): Promise<void> => {
    stopping ??= (async () => {
      unwire();
      // each step on its own: one failing must not leave the others undone
      const steps = await Promise.allSettled([host.services.clipboard.dispose(), core.close()]);
      const closed = await Promise.allSettled([running?.close()]);
      for (const step of [...steps, ...closed]) if (step.status === 'rejected') log(`shutdown: ${String(step.reason)}`);
    })();
    return stopping;
  };
  return { core, dispatch, info, shutdown };
}
