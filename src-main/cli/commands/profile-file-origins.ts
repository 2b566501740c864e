// crm profiles api file-origins: where else than its own origin a service keeps the files contacts
// send (Meta: the lookup at graph.facebook.com answers an address on lookaside.fbsbx.com, which
// takes the same token). The key goes to a listed origin for a received file's download only
// (core/conversations/file-origin-policy.ts); the list is the person's, never a service's answer.
// Adding one starts over the downloads that were refused for it, and waits for them here.
import { checkFileOrigin } from '../../core/conversations/file-origin-policy';
import type { Core } from '../../core/create-core';
import type { FileOrigins } from '../../core/profiles/api-editor';
import type { Profile } from '../../core/model';
import { UsageError, oneOf } from '../args';
import { defineCommand } from '../command';
import { clean } from '../format';
import { namedProfile, profileOption } from './shared';
import { valueOption } from '../option-kinds';

/** the origin as it will be listed, or a usage error with the reason (checked before anything is opened) */
function originArgument(flag: string, value: string): string {
  const checked = checkFileOrigin(value);
  if (!checked.ok) throw new UsageError(`${flag}: ${checked.reason}`);
  return checked.origin;
}

function listText(list: FileOrigins): string[] {
  const name = `Profile "${clean(list.profileName)}"`;
  if (!list.described)
    return [
      `${name} has no Download media operation of its own: files named by a media id are not downloaded (crm profiles import-curl --operation download).`,
    ];
  const own = list.serviceOrigin ?? 'its own origin';
  if (list.origins.length === 0) return [`${name}: the key goes with a received file's download only to the service's own origin, ${own}.`];
  return [`${name}: the key goes with a received file's download to ${own} and, for files only, to:`, ...list.origins.map((o) => `  ${o}`)];
}

export interface RetriedDownloads {
  count: number;
  stored: number;
  failed: number;
  pending: number;
}

/**
 * The profile's downloads refused for `origin` start over, and this process downloads them before
 * it ends (any other process may claim one first: it then counts as it stands).
 */
export async function retryRefused(core: Core, profile: Profile, origin: string): Promise<RetriedDownloads> {
  const ids = core.conversations.retryRefusedDownloads(profile.id, origin);
  if (ids.length > 0) {
    core.inboundMedia.kick();
    await core.inboundMedia.idle();
  }
  const states = [...core.conversations.downloadStates(profile.id, ids).values()];
  const count = (state: string): number => states.filter((s) => s.state === state).length;
  return { count: ids.length, stored: count('stored'), failed: count('failed'), pending: count('pending') };
}

export function retriedText(retried: RetriedDownloads): string | null {
  if (retried.count === 0) return null;
  const files =
    retried.count === 1 ? '1 received file that was refused for it was' : `${retried.count} received files that were refused for it were`;
  const parts = [
    `${retried.stored} kept`,
    ...(retried.failed > 0 ? [`${retried.failed} failed again (crm conversation NUMBER says why)`] : []),
    ...(retried.pending > 0 ? [`${retried.pending} still waiting for another try`] : []),
  ];
  return `${files} downloaded again: ${parts.join(', ')}.`;
}

export const fileOrigins = defineCommand({
  name: 'profiles api',
  summary: "list or change where else the key goes for a received file's download (file-origins)",
  usage: ['profiles api file-origins [--profile NAME] [--add ORIGIN] [--remove ORIGIN] [--json]'],
  options: {
    add: valueOption(
      'ORIGIN',
      'let the key go to ORIGIN (https://host[:port]) to download a received file, e.g. https://lookaside.fbsbx.com',
    ),
    remove: valueOption('ORIGIN', 'the key no longer goes to ORIGIN'),
    profile: profileOption,
  },
  positionals: { min: 1, max: 1 },
  notes: [
    "Some services keep the files contacts send on another origin than their API: Meta's media lookup (GET " +
      'https://graph.facebook.com/v23.0/{media-id}) answers an address on https://lookaside.fbsbx.com, which needs the same ' +
      'token. A key is only sent to the origin it was saved for; an origin listed here also gets it, only for the GET of a ' +
      "received file's bytes (never with any other request), only when the address's origin is exactly the one listed (no " +
      'wildcards, no other port or scheme), and never by following a redirect.',
    'An origin is https://host[:port] with no path; plain http only for this computer (localhost, 127.x.x.x, [::1]). Adding one ' +
      'downloads again the files of the profile that were refused for it. In the window, a refused file\'s line offers "Allow ' +
      'the key there for files…".',
  ],
  async run(ctx, { values, positionals }) {
    oneOf(positionals[0], ['file-origins'], 'the part of the API description');
    if (values.add !== undefined && values.remove !== undefined) throw new UsageError('give --add or --remove, not both');
    const add = values.add === undefined ? undefined : originArgument('--add', values.add);
    const remove = values.remove === undefined ? undefined : originArgument('--remove', values.remove);
    const { core, profile } = await namedProfile(ctx, values.profile);
    if (add !== undefined) {
      const changed = await core.api.addFileOrigin(profile.id, add);
      const retried = await retryRefused(core, profile, add);
      const head = changed.changed
        ? `The key of "${clean(profile.name)}" now also goes to ${add}, for received files only.`
        : `${add} was listed already.`;
      const lines = [head, ...[retriedText(retried)].filter((l): l is string => l !== null), '', ...listText(changed)];
      return { data: { ...changed, action: 'add', retried }, text: lines.join('\n') };
    }
    if (remove !== undefined) {
      const changed = await core.api.removeFileOrigin(profile.id, remove);
      const head = changed.changed
        ? `The key of "${clean(profile.name)}" no longer goes to ${remove}.`
        : `${remove} was not listed: nothing changed.`;
      return { data: { ...changed, action: 'remove' }, text: [head, '', ...listText(changed)].join('\n') };
    }
    const list = await core.api.fileOrigins(profile.id);
    return { data: list, text: listText(list).join('\n') };
  },
});
