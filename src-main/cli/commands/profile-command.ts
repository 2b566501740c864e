// `crm profiles use|live|remove|show NAME`: the commands about the one profile their argument
// names. Each finds it the same way (an id or a name in any letter case) before anything else.
import type { COMMON_OPTIONS, OptionSpecs, ParsedValues } from '../args';
import type { CommandContext, CommandDeclaration, CommandDef, CommandResult } from '../command';
import { defineCommand } from '../command';
import type { Core } from '../../core/create-core';
import type { Profile } from '../../core/model';
import { namedProfile } from './shared';

export interface ProfileCommand<O extends OptionSpecs> extends Omit<CommandDeclaration<O>, 'positionals' | 'run'> {
  /** without NAME: the active profile */
  nameOptional?: boolean;
  run(
    ctx: CommandContext,
    named: { core: Core; profile: Profile },
    values: ParsedValues<O & typeof COMMON_OPTIONS>,
  ): Promise<CommandResult>;
}

export function profileCommand<O extends OptionSpecs = Record<never, never>>(def: ProfileCommand<O>): CommandDef<O> {
  const { nameOptional, run, ...declared } = def;
  return defineCommand<O>({
    ...declared,
    positionals: { min: nameOptional === true ? 0 : 1, max: 1 },
    async run(ctx, { values, positionals }) {
      return run(ctx, await namedProfile(ctx, positionals[0]), values);
    },
  });
}
