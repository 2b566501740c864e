// Command-line parsing on top of node:util parseArgs. parseArgs runs non-strict and this module
// checks every token itself, so each message names the option but never repeats a value the
// person typed (a value may be a secret pasted in the wrong place).
import { parseArgs } from 'node:util';

export interface OptionSpec {
  /** 'list': a string option that may be given more than once (--map A=B --map C=D) */
  type: 'string' | 'boolean' | 'list';
  short?: string;
  /** what the value is, for the help text: --to NUMBER */
  valueName?: string;
  help: string;
}

export type OptionSpecs = Record<string, OptionSpec>;

export type ParsedValues<O extends OptionSpecs> = {
  [K in keyof O]?: O[K]['type'] extends 'string' ? string : O[K]['type'] extends 'list' ? string[] : boolean;
};

export interface Parsed<O extends OptionSpecs> {
  values: ParsedValues<O>;
  positionals: string[];
}

/** A mistake in the command line itself (exit status 2). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Options every command understands. */
export const COMMON_OPTIONS = {
  help: { type: 'boolean', short: 'h', help: 'show this help' },
  json: { type: 'boolean', help: 'print one JSON document on stdout (errors too, as {"error":{...}})' },
} as const satisfies OptionSpecs;

export function parseCommandArgs<O extends OptionSpecs>(args: string[], options: O, positionals: { min: number; max: number }): Parsed<O> {
  const parseOptions: Record<string, { type: 'string' | 'boolean'; short?: string }> = {};
  for (const [name, spec] of Object.entries(options)) {
    const type = spec.type === 'list' ? 'string' : spec.type;
    parseOptions[name] = spec.short ? { type, short: spec.short } : { type };
  }
  const { tokens } = parseArgs({ args, options: parseOptions, strict: false, allowPositionals: true, tokens: true });
  const values: Record<string, string | boolean | string[]> = {};
  const rest: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') {
      rest.push(token.value);
      continue;
    }
    if (token.kind !== 'option') continue;
    const spec = options[token.name];
    const shown = token.rawName.startsWith('--') ? token.rawName : `-${token.name}`;
    if (!spec) throw new UsageError(`unknown option ${shown}`);
    if (spec.type === 'boolean') {
      if (token.value !== undefined) throw new UsageError(`option ${shown} takes no value`);
      values[token.name] = true;
      continue;
    }
    if (token.value === undefined) throw new UsageError(`option ${shown} needs a value`);
    // `--search --json` would silently search for "--json": refuse like parseArgs' strict mode.
    if (!token.inlineValue && token.value.startsWith('-') && token.value !== '-') {
      throw new UsageError(`option ${shown} needs a value (for a value starting with "-", write ${shown}=VALUE)`);
    }
    if (spec.type === 'list') {
      values[token.name] = [...((values[token.name] as string[] | undefined) ?? []), token.value];
      continue;
    }
    if (values[token.name] !== undefined) throw new UsageError(`option ${shown} given more than once`);
    values[token.name] = token.value;
  }
  if (rest.length < positionals.min) {
    throw new UsageError(positionals.min === 1 ? 'missing argument' : `expected ${positionals.min} argument(s), got ${rest.length}`);
  }
  if (rest.length > positionals.max) {
    throw new UsageError(
      positionals.max === 0 ? 'this command takes no arguments, only options' : `too many arguments (at most ${positionals.max})`,
    );
  }
  return { values: values as ParsedValues<O>, positionals: rest };
}

/** true when --help or -h appears among the options (before any `--`). */
export function wantsHelp(args: string[]): boolean {
  for (const arg of args) {
    if (arg === '--') return false;
    if (arg === '--help' || arg === '-h') return true;
  }
  return false;
}

/** true when --json appears among the options (before any `--`). */
export function wantsJson(args: string[]): boolean {
  for (const arg of args) {
    if (arg === '--') return false;
    if (arg === '--json') return true;
  }
  return false;
}

export function requireOption(value: string | undefined, flag: string): string {
  if (value === undefined || value === '') throw new UsageError(`missing ${flag}`);
  return value;
}

export function parsePositiveInt(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`${flag} must be a whole number of at least 1`);
  }
  return Number(value);
}

export function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], flag: string): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`${flag} must be one of: ${allowed.join(', ')}`);
  return value as T;
}
