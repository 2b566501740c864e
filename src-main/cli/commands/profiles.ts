// crm profiles list|add|use|remove|show (import-curl and edit: profile-api.ts)
import { requireOption } from '../args';
import type { CommandGroup } from '../command';
import { defineCommand } from '../command';
import { profileCommand } from './profile-command';
import { clean, dash, shortTime, table } from '../format';
import { pasteWord } from '../paste-word';
import { operationLines } from '../api-text';
import { profileApiCommands } from './profile-api';
import type { Profile } from '../../core/model';
import { suggestsLive } from '../../shared/live-guard';
import { confirmOrRefuse, insecureOption, keyHeaders, keyRows, yesOption } from './shared';
import { flagOption, valueOption } from '../option-kinds';

const list = defineCommand({
  name: 'profiles list',
  summary: 'list profiles (* marks the active one)',
  usage: ['profiles list [--json]'],
  async run(ctx) {
    const { core } = await ctx.session();
    const { profiles, activeProfileId, windowProfileId = null } = await core.profiles.list();
    const text =
      profiles.length === 0
        ? 'No profiles yet. Add one: crm profiles add --name NAME --url URL'
        : table(
            ['', 'NAME', 'BASE URL', 'ACTIVE KEY', 'ID'],
            profiles.map((p) => [p.id === activeProfileId ? '*' : '', p.name, p.baseUrl + profileMarks(p), dash(p.activeKeyId), p.id]),
          ) + windowChoiceLine(profiles, activeProfileId, windowProfileId);
    return { data: { profiles, activeProfileId, windowProfileId }, text };
  },
});

/** what the BASE URL column says beside the address: a sandbox, a live profile */
function profileMarks(p: Profile): string {
  return (p.sandbox ? ' (sandbox)' : '') + (p.live === true ? ' (live)' : '');
}

/** the window keeps its own choice (profile-choice.ts): said when it is not the terminal's */
function windowChoiceLine(profiles: readonly Profile[], terminalId: string | null, windowId: string | null): string {
  if (windowId === null || windowId === terminalId) return '';
  const name = profiles.find((p) => p.id === windowId)?.name;
  return name === undefined ? '' : `\nThe window works with "${clean(name)}" (* marks the one crm uses).`;
}

const add = defineCommand({
  name: 'profiles add',
  summary: 'add a profile (an API base URL); the first one becomes active',
  usage: ['profiles add --name NAME --url URL [--insecure] [--use]'],
  options: {
    name: valueOption('NAME', 'a name for the profile (unique)'),
    url: valueOption('URL', 'the API base URL, e.g. https://crm.example.com (paths go under /api/v1)'),
    insecure: insecureOption,
    use: flagOption('make it the active profile'),
  },
  notes: ['Then save a key for it: crm keys add --name NAME --profile PROFILE (the key is read from stdin or a hidden prompt).'],
  async run(ctx, { values }) {
    const name = requireOption(values.name, '--name');
    const url = requireOption(values.url, '--url');
    const { core } = await ctx.session();
    const profile = await core.profiles.create({ name, baseUrl: url, confirmInsecure: values.insecure === true });
    if (values.use) await core.profiles.activate(profile.id);
    const { activeProfileId } = await core.profiles.list();
    const active = activeProfileId === profile.id;
    return {
      data: { profile, active },
      text:
        `Added profile "${clean(profile.name)}" (${profile.baseUrl})${active ? ', now active' : ''}.\n` +
        `Save a key for it: crm keys add --name NAME --profile ${pasteWord(profile.name)}` +
        (suggestsLive(profile.baseUrl)
          ? `\nIts address is not this computer: if it reaches real people, mark it live: crm profiles live ${pasteWord(profile.name)}`
          : ''),
    };
  },
});

const use = profileCommand({
  name: 'profiles use',
  summary: 'make a profile the active one',
  usage: ['profiles use NAME'],
  async run(ctx, { core, profile }) {
    await core.profiles.activate(profile.id);
    return {
      data: { profile: await core.profiles.get(profile.id), active: true },
      text: `Active profile: ${clean(profile.name)} (${profile.baseUrl})`,
    };
  },
});

const live = profileCommand({
  name: 'profiles live',
  summary: 'mark a profile live (sends on it name it and ask first), or not live with --off',
  usage: ['profiles live NAME [--off]'],
  options: { off: flagOption('mark it not live') },
  async run(ctx, { core, profile }, values) {
    const updated = await core.profiles.setLive(profile.id, values.off !== true);
    const said = updated.live === true ? 'is live: each send on it names it and asks first (--yes in scripts)' : 'is not live';
    return { data: { profile: updated }, text: `Profile "${clean(updated.name)}" ${said}.` };
  },
});

const remove = profileCommand({
  name: 'profiles remove',
  summary: 'remove a profile and forget its keys (they are deleted from the keychain)',
  usage: ['profiles remove NAME [--yes]'],
  options: { yes: yesOption },
  notes: ['Removing a profile does not revoke its keys on the server: revoke them first (crm keys revoke ID) if they may have leaked.'],
  async run(ctx, { core, profile }, values) {
    const keys = await core.keys.list(profile.id);
    const question = `Remove profile "${clean(profile.name)}" and delete its ${keys.length} saved key(s) from the keychain?`;
    await confirmOrRefuse(ctx, values.yes === true, question, 'remove a profile');
    await core.profiles.remove(profile.id);
    return {
      data: { removed: profile.id, forgottenKeys: keys.length },
      text: `Removed profile "${clean(profile.name)}" (${keys.length} key(s) forgotten).`,
    };
  },
});

const show = profileCommand({
  name: 'profiles show',
  summary: 'show a profile, its API description and its saved keys (metadata only)',
  usage: ['profiles show [NAME]'],
  nameOptional: true,
  async run(ctx, { core, profile }) {
    const { activeProfileId } = await core.profiles.list();
    const keys = await core.keys.list(profile.id);
    const overrides = Object.entries(profile.endpointOverrides);
    const lines = [
      `Profile:      ${clean(profile.name)}${profile.id === activeProfileId ? ' (active)' : ''}`,
      `Id:           ${profile.id}`,
      `Base URL:     ${profile.baseUrl}${profile.allowInsecureHttp ? ' (plain http confirmed)' : ''}`,
      `Sandbox:      ${profile.sandbox ? 'yes' : 'no'}`,
      `Live:         ${profile.live === true ? 'yes' : 'no'}`,
      `Created:      ${shortTime(profile.createdAt)}`,
      `Active key:   ${dash(profile.activeKeyId)}`,
    ];
    if (overrides.length > 0) lines.push(`Endpoints:    ${overrides.map(([id, path]) => `${id}=${clean(String(path))}`).join(', ')}`);
    const api = await core.api.describe(profile.id);
    lines.push('', 'API:');
    for (const op of api.operations) lines.push(...operationLines(op.label, op.spec, op.custom).map((l) => `  ${l}`));
    lines.push('', keys.length === 0 ? 'No saved keys.' : table(keyHeaders, keyRows(keys, profile.activeKeyId)));
    return { data: { profile, active: profile.id === activeProfileId, keys, api }, text: lines.join('\n') };
  },
});

export const profilesGroup: CommandGroup = {
  name: 'profiles',
  summary: 'API targets: a base URL and its saved keys',
  commands: [list, add, use, remove, show, ...profileApiCommands, live],
};
