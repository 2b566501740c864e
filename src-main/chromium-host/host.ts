// The Chromium host: `npm start` where no Electron can be had. The same built window, runtime and
// handlers as the Electron app, in an installed Chromium or Chrome driven by Playwright over the
// DevTools pipe (no listening port), in an app-mode window with its own browser profile in the
// data folder. Closing the window, Ctrl+C or SIGTERM end it cleanly: the runtime shuts down
// (outbox, sandbox, staged files) before the process exits.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { createFileLog } from '../core/log/file-log';
import { resolveDataDir, resolveLogDir } from '../core/storage/data-dir';
import { buildRuntime, type EventSink, type Runtime } from '../runtime/build-runtime';
import { missingDisplay } from './display';
import { findChromium } from './find-chromium';
import { osCommands } from './os-commands';
import { createOsServices } from './os-services';
import { bindPage } from './page-bridge';
import { askInOwnWindow } from './question-window';
import { chromiumSandboxChoice } from './sandbox-choice';
import { QuestionWindows } from './question-windows';
import { APP_ORIGIN, APP_URL, serveRenderer } from './renderer-route';
import { guardWindows } from './window-guard';
import { webhookPortOf } from '../core/events/webhooks/webhook-port';

export interface ChromiumHostOptions {
  env: Record<string, string | undefined>;
  /** the built window: out/renderer */
  rendererRoot: string;
  version: string;
  /** whether a program is on PATH (clipboard, file dialog, link opener) */
  hasProgram: (name: string) => boolean;
  out: (line: string) => void;
  err: (line: string) => void;
  /** resolves when the person asks to stop (Ctrl+C, SIGTERM) */
  stopSignal: Promise<unknown>;
  /** runs after the quick checks, before the window opens (npm start: build the window) */
  prepare?: () => Promise<void>;
}

/** Runs until the window is closed or a stop is asked; resolves with the exit code. */
export async function runChromiumHost(options: ChromiumHostOptions): Promise<number> {
  const { env } = options;
  const noDisplay = missingDisplay(process.platform, env);
  if (noDisplay) {
    options.err(`crm-console: cannot open the window: ${noDisplay}`);
    return 2;
  }
  const executablePath = findChromium(process.platform, env, existsSync);
  if (!executablePath) {
    options.err(
      'crm-console: cannot open the window: no Electron and no Chromium, Chrome or Edge was found. Install one, or set CHROMIUM_PATH to its executable.',
    );
    return 1;
  }

  try {
    await options.prepare?.();
  } catch (err) {
    options.err(`crm-console: cannot open the window: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  // the Chromium host only ever runs from the source tree (npm start): the development folder
  const dataDir = resolveDataDir(env, process.platform, homedir(), process.cwd(), 'development');
  let runtime: Runtime | null = null;
  const log = createFileLog({
    dir: resolveLogDir(env, dataDir, process.platform, homedir(), 'development'),
    scrub: (text) => runtime?.core.scrubSecrets(text) ?? text,
  });
  let context: BrowserContext | null = null;
  const questions = new QuestionWindows<Page>();
  let deliver: EventSink = () => {};
  runtime = await buildRuntime({
    dataDir,
    keychainService: env.CRM_KEYCHAIN_SERVICE,
    webhookPort: webhookPortOf(env),
    log: (m) => log.write(m),
    host: {
      kind: 'chromium',
      version: options.version,
      services: createOsServices(
        () => osCommands(process.platform, env, options.hasProgram),
        askInOwnWindow(() => context, questions),
      ),
      deliver: (event, data) => deliver(event, data),
    },
  });

  const sandbox = chromiumSandboxChoice(process.getuid?.());
  if (sandbox.notice) options.err(sandbox.notice);
  try {
    context = await chromium.launchPersistentContext(join(dataDir, 'chromium-profile'), {
      executablePath,
      headless: false,
      viewport: null,
      // no "controlled by automated software" bar: this is the person's window
      ignoreDefaultArgs: ['--enable-automation'],
      // Ctrl+C and SIGTERM are ours: the runtime shuts down first, then the browser closes
      // (Playwright's own handlers would kill the browser and exit at once, losing that)
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      chromiumSandbox: sandbox.chromiumSandbox,
      args: [`--app=${APP_URL}`, '--window-size=1200,800'],
    });
    await serveRenderer(context, options.rendererRoot);
    await context.grantPermissions(['microphone'], { origin: APP_ORIGIN });
    const page = context.pages()[0] ?? (await context.newPage());
    // the only window is the app; main's question windows are the only others allowed
    guardWindows(context, page, questions);
    const bridge = await bindPage(page, runtime.dispatch, { appUrl: APP_URL });
    deliver = bridge.deliver;
    await page.goto(APP_URL);
    options.out(
      `crm-console: running in ${executablePath}, without Electron (no Electron binary here). Close the window or press Ctrl+C to quit. Log: ${log.path}`,
    );
    log.write(`window opened in ${executablePath} (without Electron)`);

    const closed = new Promise<void>((resolve) => {
      page.once('close', () => resolve());
      context?.once('close', () => resolve());
    });
    await Promise.race([closed, options.stopSignal]);
    return 0;
  } catch (err) {
    const reason = err instanceof Error ? err.message.split('\n')[0] : String(err);
    log.write(`the Chromium window failed: ${reason}`);
    options.err(
      `crm-console: the window could not be opened: ${runtime.core.scrubSecrets(reason ?? 'unknown error')}. Details: ${log.path}`,
    );
    return 1;
  } finally {
    deliver = () => {};
    await context?.close().catch(() => undefined);
    await runtime.shutdown();
    log.write('stopped');
  }
}
