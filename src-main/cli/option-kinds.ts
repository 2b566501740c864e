// The three kinds of option a `crm` command declares, one line each. Each keeps its kind as a
// literal type, so ParsedValues still reads a value option as a string, a list as string[] and a
// flag as a boolean.
import type { OptionSpec } from './args';

/** --name VALUE, given at most once */
export function valueOption(valueName: string, help: string) {
  return { type: 'string', valueName, help } as const satisfies OptionSpec;
}

/** --name VALUE, given any number of times (--map A=B --map C=D) */
export function listOption(valueName: string, help: string) {
  return { type: 'list', valueName, help } as const satisfies OptionSpec;
}

/** --name alone: on when given */
export function flagOption(help: string) {
  return { type: 'boolean', help } as const satisfies OptionSpec;
}
