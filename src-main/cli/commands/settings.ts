// crm settings ca-file: the CA file whose certificates every request trusts beside Node's roots
// and the OS store, kept in the data folder the window shares. The window's own requests take
// a change within a second. A file that cannot be used is refused with its reason and the
// setting stays as it was.
import { resolve } from 'node:path';
import type { CaFileState } from '../../shared/network-settings';
import { UsageError } from '../args';
import { defineCommand, type CommandGroup } from '../command';
import { clean } from '../format';

function describeState(state: CaFileState): string {
  if (state.path === null) return 'No CA file: requests trust the certificates Node and the operating system trust.';
  const file = clean(state.path);
  const count = `${state.certificates} certificate${state.certificates === 1 ? '' : 's'}`;
  if (state.problem !== null) return `CA file ${file}: ${clean(state.problem)}${state.certificates > 0 ? ` What was read from it before (${count}) is still trusted.` : ''}`;
  return `CA file ${file}: ${count} trusted beside the certificates Node and the operating system trust.`;
}

const caFile = defineCommand({
  name: 'settings ca-file',
  summary: 'show, name or clear the PEM file whose certificates every request trusts (a company root the OS store lacks)',
  usage: ['settings ca-file [--json]', 'settings ca-file PATH [--json]', 'settings ca-file --clear [--json]'],
  options: { clear: { type: 'boolean', help: 'trust no CA file' } },
  positionals: { min: 0, max: 1 },
  notes: [
    'The file holds one or more certificates in PEM form (-----BEGIN CERTIFICATE-----), up to 1 MB. The installed app, the window and every `crm` command on the data folder use it; NODE_EXTRA_CA_CERTS reaches only processes started from a terminal. See docs/network.md.',
  ],
  async run(ctx, { values, positionals }) {
    const path = positionals[0];
    if (path !== undefined && values.clear) throw new UsageError('give a PATH or --clear, not both');
    const session = await ctx.session();
    const trust = session.core.caFile;
    // a relative path is the person's, from where they typed it; the setting keeps it whole
    const state = values.clear ? await trust.choose(null) : path !== undefined ? await trust.choose(resolve(path)) : await trust.state();
    return { data: state, text: describeState(state) };
  },
});

export const settingsGroup: CommandGroup = {
  name: 'settings',
  summary: 'settings every process on the data folder shares: the CA file',
  commands: [caFile],
};
