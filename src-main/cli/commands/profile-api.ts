// crm profiles import-curl | edit: teach a profile how its service asks for each operation, and
// change its name or base URL.
import type { Proposal } from '../../core/api/types';
import type { DescribedOperation } from '../../core/api/types';
import type { Core } from '../../core/create-core';
import type { Profile } from '../../core/model';
import { ENDPOINTS } from '../../core/endpoints';
import { UsageError, oneOf } from '../args';
import { mappingTable, operationLines } from '../api-text';
import { defineCommand, type CommandResult } from '../command';
import { EXIT_USAGE } from '../io';
import { clean } from '../format';
import { pasteWord } from '../paste-word';
import { confirm, readAll } from '../prompt';
import { moveKeysQuestion } from '../../core/profiles/profile-consent';
import { fileOrigins, retriedText, retryRefused } from './profile-file-origins';
import { importSpec } from './profile-import-spec';
import { OPERATION_NAMES, parseFixes } from './operation-names';
import { dryRunOption, insecureOption, namedProfile, profileOption } from './shared';
import { flagOption, listOption, valueOption } from '../option-kinds';

const importCurl = defineCommand({
  name: 'profiles import-curl',
  summary: "learn one operation from the cURL the service's playground shows (read from stdin)",
  usage: [
    'profiles import-curl --operation contacts|text|media|audio|template|messages|templates|upload|download|check|reaction|read ' +
      '[--profile NAME] [--map ROLE=FIELD]... [--dry-run] [--yes] [--json] < curl.txt',
  ],
  options: {
    operation: valueOption(
      'OP',
      'which operation the cURL shows: contacts, text, media, audio, template, messages, templates (the list of approved ' +
        'templates), upload (a media upload that answers an id), download (where the file of a received media id is found), ' +
        'check (a request that proves the key works), reaction or read (a read receipt: the contact sees their message was read)',
    ),
    map: listOption('ROLE=FIELD', 'fix a guess: the field that holds ROLE (e.g. per_page=limit, number=to, constant=type)'),
    'dry-run': dryRunOption,
    yes: {
      type: 'boolean',
      short: 'y',
      help: "download only: the cURL is the file's own address on another origin (Meta's lookaside.fbsbx.com): let the key go there for received files",
    },
    profile: profileOption,
  },
  notes: [
    'Paste the cURL exactly as the playground shows it (bash, Windows cmd ^ or PowerShell forms). Where it puts the key ' +
      '(Authorization with any scheme, -u user:key, a header such as apikey, or a query parameter) is learned; the pasted value ' +
      'is never stored: the saved key is read from the keychain when a request is sent.',
    'JSON and form bodies (-d a=1, --data-urlencode, a form Content-Type) are sent as the example sends them.',
    'The number is written the way the example writes it (+5511..., 5511...@c.us). Show the result with `crm profiles show ' +
      'NAME`; undo with `crm profiles import-curl` of another example, or reset in the app.',
    "template-create, template-edit and template-delete take a service's template management (Meta's POST and DELETE on " +
      '/{version}/{waba-id}/message_templates, POST /{version}/{template-id}): the body is written whole from the draft crm ' +
      "templates create/edit gives, the edit's last path segment is the template id and the deletion's ?name= the template name. " +
      "Without them, a template listing at Meta's message_templates is the fallback.",
    'Meta downloads a received file in two steps: the lookup (GET /v23.0/{media-id}, the download operation) answers an address ' +
      'on https://lookaside.fbsbx.com, and a GET there with the same token gives the bytes. Imported as download once the lookup ' +
      'is known, that second cURL is not saved as the operation: with --yes the key may go to its origin for received files only ' +
      '(see crm profiles api --help); without, nothing changes.',
  ],
  async run(ctx, { values }) {
    const name = oneOf(values.operation, Object.keys(OPERATION_NAMES), '--operation');
    if (name === undefined)
      throw new UsageError('missing --operation (contacts, text, media, audio, template, messages, templates, upload, download or check)');
    const operation = OPERATION_NAMES[name]!;
    const fixes = parseFixes(values.map);
    if (ctx.io.isTTY) ctx.note('Paste the cURL, then press Ctrl-D on an empty line.');
    let curl: string;
    try {
      curl = await readAll(ctx.io.stdin, 4 * 1024 * 1024);
    } catch {
      throw new UsageError('the text on stdin is larger than 4 MiB; paste only the curl command');
    }
    const { core, profile } = await namedProfile(ctx, values.profile);
    const proposal = await core.api.propose(profile.id, operation, curl, fixes);
    const label = ENDPOINTS[operation].label;
    // the file's own address is no operation to show, and no base URL to move the profile to
    if (proposal.fileOrigin !== undefined) {
      const lines = proposal.warnings.map((warning) => `note: ${clean(warning)}`);
      if (values['dry-run']) {
        lines.push('', 'Dry run: nothing was changed.');
        return {
          data: { profile: profile.id, operation, saved: false, fileOrigin: { origin: proposal.fileOrigin, allowed: false }, proposal },
          text: lines.join('\n'),
        };
      }
      return fileStep(core, profile, proposal.fileOrigin, values.yes === true, { operation, proposal, lines });
    }
    const lines = [mappingTable(proposal.rows), '', ...operationLines(label, proposal.spec, true)];
    if (new URL(proposal.baseUrl).origin !== new URL(profile.baseUrl).origin) {
      proposal.warnings.push(
        `The example is for ${proposal.baseUrl}; the profile "${profile.name}" points at ${profile.baseUrl}. To use the ` +
          `example's: crm profiles edit ${pasteWord(profile.name)} --url ${pasteWord(proposal.baseUrl)}`,
      );
    }
    for (const warning of proposal.warnings) lines.push(`note: ${clean(warning)}`);
    if (values['dry-run']) {
      lines.push('', 'Dry run: nothing was saved.');
      return { data: { profile: profile.id, operation, saved: false, proposal }, text: lines.join('\n') };
    }
    await core.api.save(profile.id, operation, proposal.spec);
    lines.push('', `Saved ${label} for profile "${clean(profile.name)}".`);
    return { data: { profile: profile.id, operation, saved: true, proposal }, text: lines.join('\n') };
  },
});

/**
 * The second step of Meta's download (the file's own address on another origin) imported as
 * download: never saved as the operation; with --yes the origin is listed for files.
 */
async function fileStep(
  core: Core,
  profile: Profile,
  origin: string,
  yes: boolean,
  shown: { operation: DescribedOperation; proposal: Proposal; lines: string[] },
): Promise<CommandResult> {
  const { operation, proposal, lines } = shown;
  if (!yes) {
    lines.push(
      '',
      `Not saved. To let the key of "${clean(profile.name)}" go to ${origin} for received files (and nothing else), run the same ` +
        `command with --yes, or: crm profiles api file-origins --profile ${pasteWord(profile.name)} --add ${origin}`,
    );
    return {
      data: { profile: profile.id, operation, saved: false, fileOrigin: { origin, allowed: false }, proposal },
      text: lines.join('\n'),
      exitCode: EXIT_USAGE,
      reason: `not saved: this cURL is the file's address on ${origin}; --yes lets the key go there for received files`,
    };
  }
  const listed = await core.api.addFileOrigin(profile.id, origin);
  const retried = await retryRefused(core, profile, origin);
  lines.push(
    '',
    listed.changed
      ? `The key of "${clean(profile.name)}" now also goes to ${origin}, for received files only; Download media itself is unchanged.`
      : `${origin} was listed already; Download media itself is unchanged.`,
  );
  const again = retriedText(retried);
  if (again !== null) lines.push(again);
  return {
    data: {
      profile: profile.id,
      operation,
      saved: false,
      fileOrigin: { origin, allowed: true, changed: listed.changed },
      retried,
      proposal,
    },
    text: lines.join('\n'),
  };
}

const edit = defineCommand({
  name: 'profiles edit',
  summary: "change a profile's name or base URL",
  usage: ['profiles edit NAME [--name NEW] [--url URL] [--insecure] [--move-keys | --keep-keys]'],
  options: {
    name: valueOption('NEW', 'a new name (unique)'),
    url: valueOption('URL', 'a new base URL, e.g. https://crm.example.com'),
    insecure: insecureOption,
    'move-keys': flagOption("send the profile's saved keys to its (new) address; alone, approves keys held back"),
    'keep-keys': flagOption('leave the saved keys bound to the address they were saved for (held back)'),
  },
  positionals: { min: 1, max: 1 },
  notes: [
    'A key is only sent to the address (scheme, host and port) it was saved for. When --url moves the profile to another one, ' +
      'the saved keys follow it only with your yes: asked on a terminal, or --move-keys. Otherwise they stay held back, unused, ' +
      'until approved (crm profiles edit NAME --move-keys).',
  ],
  async run(ctx, { values, positionals }) {
    const moveFlag = values['move-keys'] === true;
    const keepFlag = values['keep-keys'] === true;
    if (moveFlag && keepFlag) throw new UsageError('give --move-keys or --keep-keys, not both');
    if (values.name === undefined && values.url === undefined && !moveFlag)
      throw new UsageError('nothing to change: give --name, --url and/or --move-keys');
    const { core, profile } = await namedProfile(ctx, positionals[0]);
    // --move-keys alone: the keys held back go to where the profile points now
    const baseUrl = values.url ?? (moveFlag ? profile.baseUrl : undefined);
    const { keysToMove } = await core.profiles.consentNeeded(profile.id, baseUrl === undefined ? {} : { baseUrl });
    let moveKeys = false;
    if (keysToMove !== null && !keepFlag) {
      if (moveFlag) moveKeys = true;
      else if (ctx.io.isTTY) {
        const question = moveKeysQuestion(values.name ?? profile.name, keysToMove.count, keysToMove.to);
        ctx.note(question.detail);
        moveKeys = await confirm(ctx.io.stdin, ctx.io.stderr, question.message);
      }
    }
    const updated = await core.profiles.update(
      profile.id,
      {
        ...(values.name !== undefined ? { name: values.name } : {}),
        ...(baseUrl !== undefined ? { baseUrl } : {}),
        confirmInsecure: values.insecure === true,
      },
      { moveKeys },
    );
    const lines = [`Profile "${clean(updated.name)}": ${updated.baseUrl}`];
    if (keysToMove !== null) {
      const keys = keysToMove.count === 1 ? '1 saved key' : `${keysToMove.count} saved keys`;
      lines.push(
        moveKeys
          ? `${keys} will be sent to ${keysToMove.to}.`
          : `${keys} ${keysToMove.count === 1 ? 'stays' : 'stay'} held back (not sent to ${keysToMove.to}) until approved: crm ` +
              `profiles edit ${pasteWord(updated.name)} --move-keys`,
      );
    }
    return {
      data: { profile: updated, keys: keysToMove === null ? null : { count: keysToMove.count, origin: keysToMove.to, moved: moveKeys } },
      text: lines.join('\n'),
    };
  },
});

/** template management a service may not offer (Meta's may be inferred from its listing otherwise) */
const NOT_OFFERED_TEMPLATE_OPERATIONS = ['template-create', 'template-edit', 'template-delete'];

const notOffered = defineCommand({
  name: 'profiles not-offered',
  summary: 'record that the service has no contacts or messages listing (or, with --offered, that it has)',
  usage: [
    'profiles not-offered contacts|messages [--profile NAME] [--offered]',
    'profiles not-offered template-create|template-edit|template-delete [--profile NAME] [--offered]',
  ],
  options: {
    offered: flagOption('undo: the service offers it after all (it follows the default API, docs/API.md, until you import its cURL)'),
    profile: profileOption,
  },
  positionals: { min: 1, max: 1 },
  notes: [
    'An operation the service does not offer is never asked for: the contacts screen lists the numbers already messaged instead, ' +
      "and messages come from the app's own record.",
    'A template operation marked not offered is not inferred from a Meta message_templates listing either: that template action ' +
      "is left to the service's own console.",
  ],
  async run(ctx, { values, positionals }) {
    const name = oneOf(positionals[0], ['contacts', 'messages', ...NOT_OFFERED_TEMPLATE_OPERATIONS], 'the operation');
    const operation = OPERATION_NAMES[name!]!;
    const { core, profile } = await namedProfile(ctx, values.profile);
    const absent = values.offered !== true;
    await core.api.markAbsent(profile.id, operation, absent);
    const label = ENDPOINTS[operation].label;
    return {
      data: { profile: profile.id, operation, absent },
      text: absent
        ? `Profile "${clean(profile.name)}": the service has no ${label}; it is never asked for.`
        : `Profile "${clean(profile.name)}": ${label} follows the default API (docs/API.md) again.`,
    };
  },
});

export const profileApiCommands = [importCurl, importSpec, edit, notOffered, fileOrigins];
