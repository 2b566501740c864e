// `crm settings NAME [on|off]`: a switch the window and every `crm` command on the data folder
// share, shown with no argument and switched with on or off.
import type { Core } from '../../core/create-core';
import { UsageError } from '../args';
import { defineCommand, type CommandDef } from '../command';

export interface OnOffSetting {
  /** the word after `settings` */
  name: string;
  summary: string;
  notes: string[];
  /** what the line printed names, before ": on." */
  label: string;
  read: (core: Core) => { on: boolean };
  write: (core: Core, on: boolean) => { on: boolean };
}

export function onOffSettingCommand(setting: OnOffSetting): CommandDef<Record<string, never>> {
  return defineCommand({
    name: `settings ${setting.name}`,
    summary: setting.summary,
    usage: [`settings ${setting.name} [on|off] [--json]`],
    positionals: { min: 0, max: 1 },
    notes: setting.notes,
    async run(ctx, { positionals }) {
      const given = positionals[0];
      if (given !== undefined && given !== 'on' && given !== 'off') throw new UsageError('say on or off');
      const { core } = await ctx.session();
      const state = given === undefined ? setting.read(core) : setting.write(core, given === 'on');
      return { data: state, text: `${setting.label}: ${state.on ? 'on' : 'off'}.` };
    },
  });
}
