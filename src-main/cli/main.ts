// `crm`: the console's core from a terminal. runCli is the whole program; bin/crm.mjs (through
// the build in out/cli) only wires the real process to it, and tests call it in-process with
// fake streams.
import { readFile } from 'node:fs/promises';
import type { ErrorInfo } from '../core/model';
import { UsageError, parseCommandArgs, wantsHelp, wantsJson, COMMON_OPTIONS } from './args';
import type { CommandContext, CommandDef, CommandResult } from './command';
import { bareCommand, isGroup } from './command';
import { errorLine, jsonError, oneLine } from './format';
import { commandHelp, groupHelp, mainHelp } from './help';
import type { CliIo } from './io';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from './io';
import { COMMANDS } from './commands/index';
import { ConfirmationDeclined } from './commands/shared';
import { databaseBusyIn, isDatabaseBusy } from '../core/store/busy';
import { resolveDataDir } from '../core/storage/data-dir';
import type { Session, SessionOptions } from './session';
import { warnOfLeaks } from './leak-warnings';
import { PLAIN, paint } from './terminal';
import { visibleJson, visibleText } from './terminal-safe';

export type { CliIo } from './io';
export { terminalLook } from './terminal';

type CliErrorInfo = ErrorInfo | { code: 'usage'; message: string };

/** a word worth repeating in a message (never an arbitrary value, which could be a secret) */
function shownWord(word: string): string {
  return /^[a-z][a-z-]{0,30}$/.test(word) ? ` "${word}"` : '';
}

async function version(): Promise<string> {
  try {
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const json = wantsJson(argv);
  const look = io.look ?? PLAIN;
  const fail = (error: CliErrorInfo, exitCode: number, hint = ''): number => {
    if (json) io.stdout.write(jsonError(error));
    io.stderr.write(
      `crm: ${paint(look, 'red', visibleText(error.code === 'usage' ? oneLine(error.message) : errorLine(error)))}${visibleText(hint)}\n`,
    );
    return exitCode;
  };

  const [first, ...rest] = argv;
  if (first === undefined) {
    io.stderr.write(mainHelp(COMMANDS));
    return EXIT_USAGE;
  }
  if (first === '--help' || first === '-h' || first === 'help') {
    if (first === 'help' && rest.length > 0) return runCli([...rest, '--help'], io);
    io.stdout.write(mainHelp(COMMANDS));
    return EXIT_OK;
  }
  if (first === '--version' || first === '-V') {
    io.stdout.write(`${await version()}\n`);
    return EXIT_OK;
  }
  const entry = COMMANDS.find((c) => c.name === first);
  if (!entry) return fail({ code: 'usage', message: `unknown command${shownWord(first)}` }, EXIT_USAGE, ' (see crm --help)');

  let def: CommandDef;
  let args: string[];
  const bare = bareCommand(entry, rest[0]);
  if (bare !== null) {
    def = bare;
    args = rest;
  } else if (isGroup(entry)) {
    const [sub, ...subArgs] = rest;
    if (sub === undefined || sub === '--help' || sub === '-h') {
      if (sub === undefined) {
        io.stderr.write(groupHelp(entry));
        return fail({ code: 'usage', message: `missing ${entry.name} command` }, EXIT_USAGE);
      }
      io.stdout.write(groupHelp(entry));
      return EXIT_OK;
    }
    const found = entry.commands.find((c) => c.name === `${entry.name} ${sub}`);
    if (!found)
      return fail(
        { code: 'usage', message: `unknown ${entry.name} command${shownWord(sub)}` },
        EXIT_USAGE,
        ` (see crm ${entry.name} --help)`,
      );
    def = found;
    args = subArgs;
  } else {
    def = entry;
    args = rest;
  }

  if (!def.passThrough && wantsHelp(args)) {
    io.stdout.write(commandHelp(def));
    return EXIT_OK;
  }

  let session: Session | null = null;
  let opening: Promise<Session> | null = null;
  const ctx: CommandContext = {
    io,
    json: json && !def.passThrough,
    note: (message) => io.stderr.write(`crm: ${paint(look, 'dim', visibleText(oneLine(message)))}\n`),
    session: (options?: SessionOptions) => {
      opening ??= (async () => {
        const { openSession } = await import('./session');
        session = await openSession(io.env, options);
        for (const notice of session.core.notices) ctx.note(notice);
        warnOfLeaks(session.core.leaks, ctx.note);
        return session;
      })();
      return opening;
    },
  };

  let exitCode: number;
  try {
    const refusal = def.passThrough ? null : (def.refuse?.(args) ?? null);
    if (refusal) throw new UsageError(refusal);
    const parsed = def.passThrough
      ? { values: {}, positionals: args }
      : parseCommandArgs(args, { ...def.options, ...COMMON_OPTIONS }, def.positionals);
    const result: CommandResult = await def.run(ctx, parsed, args);
    exitCode = result.exitCode ?? EXIT_OK;
    // the one place a command's result is written: server text inside it is made inert here
    if (!result.printed) {
      if (ctx.json) io.stdout.write(`${visibleJson(JSON.stringify(result.data, null, 2))}\n`);
      else if (result.text !== '') io.stdout.write(`${visibleText(result.text)}\n`);
    }
    if (exitCode !== EXIT_OK && result.reason) io.stderr.write(`crm: ${visibleText(oneLine(result.reason))}\n`);
  } catch (err) {
    exitCode = report(err, def, fail, io);
  } finally {
    const opened = session as Session | null;
    if (opened) {
      try {
        await opened.close();
      } catch (err) {
        if (exitCode! === EXIT_OK) exitCode = report(err, def, fail, io);
      }
    }
  }
  return exitCode;
}

function report(err: unknown, def: CommandDef, fail: (error: CliErrorInfo, exitCode: number, hint?: string) => number, io: CliIo): number {
  if (err instanceof UsageError) return fail({ code: 'usage', message: err.message }, EXIT_USAGE, ` (see crm ${def.name} --help)`);
  if (err instanceof ConfirmationDeclined) return fail({ code: 'cancelled', message: err.message }, EXIT_FAILURE);
  // another process kept crm.db's write lock past the wait: say so and who, not "internal error"
  if (isDatabaseBusy(err)) return fail(databaseBusyIn(resolveDataDir(io.env)).toInfo(), EXIT_FAILURE);
  if (
    err &&
    typeof err === 'object' &&
    (err as { name?: unknown }).name === 'CrmError' &&
    typeof (err as { toInfo?: unknown }).toInfo === 'function'
  ) {
    return fail((err as { toInfo(): ErrorInfo }).toInfo(), EXIT_FAILURE);
  }
  if (io.env.CRM_DEBUG === '1' && err instanceof Error) io.stderr.write(`${visibleText(err.stack ?? err.message)}\n`);
  return fail({ code: 'internal', message: 'unexpected internal error (set CRM_DEBUG=1 to see details)' }, EXIT_FAILURE);
}
