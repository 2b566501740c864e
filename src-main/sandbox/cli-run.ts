// The body of the sandbox command, shared by `npm run sandbox` (cli.ts) and `crm sandbox`.
// Resolves with the exit code: 0 after a clean stop on SIGINT/SIGTERM (state persisted) or
// --help, 2 for bad flags, 1 when the sandbox cannot start (port taken, bad data file).
import { SANDBOX_USAGE, isLoopbackHost, parseSandboxArgs } from './cli-args';
import { startSandbox } from './start';

export interface SandboxCliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** where SIGINT / SIGTERM come from (default: process) */
  signals: {
    on(event: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
    off(event: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
  };
}

/**
 * Resolves on the first SIGINT/SIGTERM. The handlers stay until dispose(), so a repeated
 * signal during shutdown (Ctrl+C reaches both tsx and this process, and tsx may relay it)
 * cannot kill the process before the state is saved.
 */
function stopSignal(signals: SandboxCliIo['signals']): { received: Promise<string>; dispose(): void } {
  let resolve = (_name: string): void => {};
  const received = new Promise<string>((r) => (resolve = r));
  const onInt = (): void => resolve('SIGINT');
  const onTerm = (): void => resolve('SIGTERM');
  signals.on('SIGINT', onInt);
  signals.on('SIGTERM', onTerm);
  return {
    received,
    dispose() {
      signals.off('SIGINT', onInt);
      signals.off('SIGTERM', onTerm);
    },
  };
}

export async function runSandboxCli(argv: readonly string[], io: Partial<SandboxCliIo> = {}): Promise<number> {
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  const signals = io.signals ?? process;

  const parsed = parseSandboxArgs(argv);
  if (parsed.kind === 'help') {
    stdout.write(SANDBOX_USAGE);
    return 0;
  }
  if (parsed.kind === 'error') {
    stderr.write(`sandbox: ${parsed.message} (see --help)\n`);
    return 2;
  }
  const { json, dataFile, dialect, webhookUrl, webhookSecret, mediaHost, ...rest } = parsed.args;
  if (!isLoopbackHost(rest.host)) {
    stderr.write(`sandbox: warning: binding ${rest.host} makes the sandbox and its admin key reachable from the network\n`);
  }
  // with --json, stdout carries only the first line; the request log goes to stderr
  const logTo = json ? stderr : stdout;
  const stop = stopSignal(signals);
  let sandbox;
  try {
    sandbox = await startSandbox({
      ...rest,
      dataFile,
      dialect,
      events: { webhookUrl, webhookSecret, ...(mediaHost === undefined ? {} : { mediaHost }) },
      log: (line) => logTo.write(`${line}\n`),
    });
  } catch (err) {
    stop.dispose();
    stderr.write(`sandbox: cannot start: ${(err as Error).message}\n`);
    return 1;
  }
  if (json) {
    stdout.write(`${JSON.stringify({ baseUrl: sandbox.baseUrl, adminKey: sandbox.adminKey })}\n`);
  } else {
    stdout.write(
      `CRM sandbox listening on ${sandbox.baseUrl} (dialect ${dialect ?? 'default'})\n` +
        `Playground (a cURL for each operation): ${sandbox.baseUrl}/playground\n` +
        `Admin key (shown once, every permission): ${sandbox.adminKey}\n` +
        `${dataFile ? `State kept in ${dataFile}\n` : 'State kept in memory only\n'}` +
        `Events: ${sandbox.baseUrl}/api/v1/events${webhookUrl ? `, and POSTed to ${new URL(webhookUrl).origin}` : ''}\n` +
        'Press Ctrl+C to stop.\n',
    );
  }
  const signal = await stop.received;
  try {
    await sandbox.close();
  } catch (err) {
    stderr.write(`sandbox: stopped on ${signal}, but saving failed: ${(err as Error).message}\n`);
    return 1;
  } finally {
    stop.dispose();
  }
  logTo.write(`sandbox: stopped on ${signal}\n`);
  return 0;
}
