// The shape of one `crm` command. Help text is generated from the same option specs the parser
// uses, so `--help` cannot drift from what a command accepts.
import type { COMMON_OPTIONS, OptionSpecs, Parsed } from './args';
import type { CliIo } from './io';
import type { Session, SessionOptions } from './session';

export interface CommandContext {
  io: CliIo;
  json: boolean;
  /** opens the core (once per run); closed by runCli when the command ends */
  session(options?: SessionOptions): Promise<Session>;
  /** one line on stderr for a person (progress, warnings); never part of the --json document */
  note(message: string): void;
}

export interface CommandResult {
  /** the --json document */
  data: unknown;
  /** what a person sees (without --json) */
  text: string;
  /** non-zero: the command printed its result but did not fully succeed */
  exitCode?: number;
  /** the one-line reason printed on stderr with a non-zero exitCode */
  reason?: string;
  /** the command wrote its own output (crm sandbox): print nothing more */
  printed?: boolean;
}

export interface CommandDef<O extends OptionSpecs = OptionSpecs> {
  /** words after `crm`: 'send text' */
  name: string;
  summary: string;
  /** usage lines, without the leading `crm ` */
  usage: string[];
  options: O;
  positionals: { min: number; max: number };
  /** paragraphs after the option list */
  notes?: string[];
  /**
   * Checked before parsing: a reason to refuse the raw arguments outright (exit 2), e.g. a key
   * value given as an option. The reason never repeats the arguments.
   */
  refuse?: (args: string[]) => string | null;
  /** when true the command parses its own arguments (crm sandbox hands them on) */
  passThrough?: boolean;
  run(ctx: CommandContext, parsed: Parsed<O & typeof COMMON_OPTIONS>, rawArgs: string[]): Promise<CommandResult>;
}

/** what a command declares: without options of its own or positionals, it takes none */
export type CommandDeclaration<O extends OptionSpecs> = Omit<CommandDef<O>, 'options' | 'positionals'> &
  Partial<Pick<CommandDef<O>, 'options' | 'positionals'>>;

/** most commands take options only: `crm keys list`, not `crm keys list SOMETHING` */
const NO_POSITIONALS = { min: 0, max: 0 };

// O defaults to no options, so a command that declares none still types its values as empty
export function defineCommand<O extends OptionSpecs = Record<never, never>>(def: CommandDeclaration<O>): CommandDef<O> {
  // without `options` O is its default, the empty record, which `{}` is
  return { ...def, options: def.options ?? ({} as O), positionals: def.positionals ?? NO_POSITIONALS };
}

export interface CommandGroup {
  name: string;
  summary: string;
  commands: CommandDef[];
  /** what the group's name alone runs (`crm templates` lists); absent: the group's help, as a usage error */
  bare?: CommandDef;
}

export type CommandEntry = CommandDef | CommandGroup;

export function isGroup(entry: CommandEntry): entry is CommandGroup {
  return 'commands' in entry;
}

/** the command a group's name alone runs: no word after it, or only options (not --help) */
export function bareCommand(entry: CommandEntry, next: string | undefined): CommandDef | null {
  if (!isGroup(entry) || entry.bare === undefined) return null;
  return next === undefined || (next.startsWith('-') && next !== '--help' && next !== '-h') ? entry.bare : null;
}
