// `crm settings NAME [VALUE | --clear]`: a setting the window and every `crm` command on the data
// folder share, shown with no argument, set with a value and put back to its default with --clear.
import { UsageError } from '../args';
import { defineCommand, type CommandContext, type CommandResult } from '../command';
import { flagOption } from '../option-kinds';

/** what the command line asked: a value given, --clear, or neither (show the setting) */
export interface SettingChange {
  given: string | undefined;
  clear: boolean;
}

export interface ClearableSetting {
  /** the word after `settings` */
  name: string;
  summary: string;
  /** the value's placeholder in the usage lines: SECONDS */
  valueName: string;
  /** how the refusal of a value with --clear names the value (default: valueName) */
  valueWords?: string;
  /** --clear's help: what the setting goes back to */
  clearHelp: string;
  notes: string[];
  apply(ctx: CommandContext, change: SettingChange): Promise<CommandResult>;
}

export function clearableSettingCommand(setting: ClearableSetting) {
  const command = `settings ${setting.name}`;
  return defineCommand({
    name: command,
    summary: setting.summary,
    usage: [`${command} [--json]`, `${command} ${setting.valueName} [--json]`, `${command} --clear [--json]`],
    options: { clear: flagOption(setting.clearHelp) },
    positionals: { min: 0, max: 1 },
    notes: setting.notes,
    async run(ctx, { values, positionals }) {
      const given = positionals[0];
      const clear = values.clear === true;
      if (given !== undefined && clear) throw new UsageError(`give ${setting.valueWords ?? setting.valueName} or --clear, not both`);
      return setting.apply(ctx, { given, clear });
    },
  });
}
