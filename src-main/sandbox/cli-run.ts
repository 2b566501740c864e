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
    once(event: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
    off(event: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
  };
}

function waitForStop(signals: SandboxCliIo['signals']): Promise<string> {
  return new Promise((resolve) => {
    const onInt = (): void => done('SIGINT');
    const onTerm = (): void => done('SIGTERM');
    const done = (name: string): void => {
      signals.off('SIGINT', onInt);
      signals.off('SIGTERM', onTerm);
      resolve(name);
    };
    signals.once('SIGINT', onInt);
    signals.once('SIGTERM', onTerm);
  });
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
  const { json, dataFile, ...rest } = parsed.args;
  if (!isLoopbackHost(rest.host)) {
    stderr.write(`sandbox: warning: binding ${rest.host} makes the sandbox and its admin key reachable from the network\n`);
  }
  // with --json, stdout carries only the first line; the request log goes to stderr
  const logTo = json ? stderr : stdout;
  const stopped = waitForStop(signals);
  let sandbox;
  try {
    sandbox = await startSandbox({ ...rest, dataFile, log: (line) => logTo.write(`${line}\n`) });
  } catch (err) {
    stderr.write(`sandbox: cannot start: ${(err as Error).message}\n`);
    return 1;
  }
  if (json) {
    stdout.write(`${JSON.stringify({ baseUrl: sandbox.baseUrl, adminKey: sandbox.adminKey })}\n`);
  } else {
    stdout.write(
      `CRM sandbox listening on ${sandbox.baseUrl}\n` +
        `Admin key (shown once, every permission): ${sandbox.adminKey}\n` +
        `${dataFile ? `State kept in ${dataFile}\n` : 'State kept in memory only\n'}` +
        'Press Ctrl+C to stop.\n',
    );
  }
  const signal = await stopped;
  await sandbox.close();
  logTo.write(`sandbox: stopped on ${signal}\n`);
  return 0;
}
