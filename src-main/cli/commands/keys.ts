// crm keys list|add|test|revoke|create|use (check: keys-check.ts). Key values only ever travel stdin -> keychain or
// API response -> keychain; nothing here prints one.
import type { Core } from '../../core/create-core';
import type { KeyMeta, OutboxItem } from '../../core/model';
import { UsageError, requireOption } from '../args';
import type { CommandContext, CommandGroup } from '../command';
import { defineCommand } from '../command';
import { clean, shortTime, table } from '../format';
import { visibleJson } from '../terminal-safe';
import { pasteWord } from '../paste-word';
import { PromptCancelled, readAll, readHiddenLine } from '../prompt';
import type { Session } from '../session';
import { keysCheck } from './keys-check';
import { rollKey } from '../../core/keys/roll';
import { DEFAULT_GRACE, GRACES, isGrace } from '../../core/outbox/kinds/revocation/schedule';
import { keysRemove } from './keys-remove';
import { lifecycleLabels, listedByDefault, parseExpiry } from '../../shared/key-lifecycle';
import { keyEntryPrompt } from '../../shared/key-entry-words';
import {
  confirmOrRefuse,
  fingerprint,
  keyHeaders,
  keyLookupProfileId,
  keyRows,
  parsePermissions,
  permissionsText,
  profileOption,
  profileSession,
  syncText,
  yesOption,
} from './shared';
import { flagOption, valueOption } from '../option-kinds';

export const KEY_ARGUMENT_REFUSAL =
  'keys add never takes the key on the command line (arguments are kept in shell history and other users see them in `ps`): ' +
  'pipe it on stdin (crm keys add --name NAME < key.txt) or run the command in a terminal and type it at the hidden prompt';

const KEY_LIKE_OPTION = /^-{1,2}(key|value|api-key|apikey|api_key|secret|token|password|k)(=|$)/i;

/** A key by id, or by name when exactly one key of the profile has it. */
async function resolveKey(session: Session, ref: string, profileId: string | null): Promise<KeyMeta> {
  const keys = await session.core.keys.list(profileId ?? undefined);
  const byId = keys.find((k) => k.id === ref);
  if (byId) return byId;
  // the table shows ids cut short ("lk_1a2b3c4d…"): a unique start of an id is enough
  const start = ref.replace(/…$/, '');
  const byStart = start.length >= 6 ? keys.filter((k) => k.id.startsWith(start)) : [];
  if (byStart.length === 1 && byStart[0]) return byStart[0];
  const byName = keys.filter((k) => k.name.toLowerCase() === ref.toLowerCase());
  if (byName.length === 1 && byName[0]) return byName[0];
  if (byName.length > 1) throw new UsageError(`more than one key is named "${ref}": give its id (see crm keys list)`);
  throw new UsageError(`no saved key with that id or name${profileId ? ' in this profile' : ''} (see crm keys list)`);
}

/** --use of keys add and keys create: makes the key the profile's; true when the profile uses it now. */
async function useIfAsked(session: Session, profileId: string, keyId: string, use: boolean | undefined): Promise<boolean> {
  if (use) await session.core.profiles.setActiveKey(profileId, keyId);
  return (await session.core.profiles.get(profileId)).activeKeyId === keyId;
}

const list = defineCommand({
  name: 'keys list',
  summary: 'list saved keys (name, last 4 characters, permissions, state); never the values',
  usage: ['keys list [--profile NAME | --all-profiles] [--revoked | --all]', 'keys list --server [--profile NAME]'],
  options: {
    profile: profileOption,
    'all-profiles': flagOption('keys of every profile'),
    revoked: flagOption('only the revoked keys (the history)'),
    all: flagOption('live and revoked keys'),
    server: flagOption('list the keys that exist on the server instead (needs keys:manage)'),
  },
  notes: [
    '* marks the key a profile uses. Revoked keys stay listed until their server revocation is done; then --revoked (or --all) ' +
      'shows them, and crm keys remove drops one.',
    'STATE also says "expired", "expires in N days", or "unused for N days" (no use in 45 days or more).',
  ],
  async run(ctx, { values }) {
    if (values['all-profiles'] && (values.profile !== undefined || values.server)) {
      throw new UsageError('--all-profiles cannot be combined with --profile or --server');
    }
    if (values.revoked && values.all) throw new UsageError('--revoked and --all are two views: give one');
    if (values.server && (values.revoked || values.all)) throw new UsageError("--revoked and --all list saved keys, not the server's");
    const view = listView(values.revoked === true ? 'revoked' : values.all === true ? 'all' : 'live');
    const session = await ctx.session({ profileRef: values.profile });
    const { core } = session;
    if (values.server) {
      const profile = await session.profile();
      const { keys, cachedAt } = await core.keys.listServerKeys(profile.id);
      const listed =
        keys.length === 0
          ? 'No keys on the server.'
          : table(
              ['ID', 'NAME', 'PREFIX', 'PERMISSIONS', 'CREATED', 'LAST USED', 'REVOCATION'],
              keys.map((k) => [
                k.id,
                k.name,
                k.prefix,
                k.permissions.join(','),
                shortTime(k.createdAt),
                shortTime(k.lastUsedAt),
                k.revocation ? k.revocation.state : '',
              ]),
            );
      const text = cachedAt ? `The server cannot be reached: its keys as last seen, ${shortTime(cachedAt)}.\n${listed}` : listed;
      return { data: { profileId: profile.id, serverKeys: keys, cachedAt }, text };
    }
    if (values['all-profiles']) {
      const { profiles } = await core.profiles.list();
      const keys = view(await core.keys.list());
      const names = new Map(profiles.map((p) => [p.id, p.name]));
      const active = new Set(profiles.map((p) => p.activeKeyId));
      const rows = keyRows(keys, null).map((row, i) => {
        const key = keys[i];
        return [key && active.has(key.id) ? '*' : '', names.get(key?.profileId ?? '') ?? '-', ...row.slice(1)];
      });
      return { data: { keys }, text: keys.length === 0 ? 'No saved keys.' : table(['', 'PROFILE', ...keyHeaders.slice(1)], rows) };
    }
    const profile = await session.profile();
    const keys = view(await core.keys.list(profile.id));
    const text =
      keys.length === 0
        ? values.revoked
          ? `No revoked keys for profile "${clean(profile.name)}".`
          : `No saved keys for profile "${clean(profile.name)}". Add one: crm keys add --name NAME`
        : table(keyHeaders, keyRows(keys, profile.activeKeyId)) + revocationNotes(keys);
    return { data: { profileId: profile.id, activeKeyId: profile.activeKeyId, keys }, text };
  },
});

/** the keys a view of `crm keys list` shows, each with its lifecycle words for --json */
function listView(view: 'live' | 'revoked' | 'all'): (keys: KeyMeta[]) => (KeyMeta & { lifecycle: string[] })[] {
  const now = new Date();
  const shown = (k: KeyMeta) => (view === 'all' ? true : view === 'revoked' ? k.state === 'revoked' : listedByDefault(k));
  return (keys) => keys.filter(shown).map((k) => ({ ...k, lifecycle: lifecycleLabels(k, now) }));
}

/** under the table: each revoked key still retiring or being proved refused, in a sentence with its times */
function revocationNotes(keys: KeyMeta[]): string {
  const lines = keys
    .filter(
      (k) =>
        k.sync !== null &&
        ((k.sync.state === 'synced' && k.sync.proof !== undefined) || (k.sync.state === 'pending' && k.sync.reason === 'scheduled')),
    )
    .map((k) => `"${clean(k.name)}" (${fingerprint(k)}): ${syncText(k)}`);
  return lines.length > 0 ? `\n${lines.join('\n')}` : '';
}

/** What the prompt asks for, by where the profile sends its key (its Send text operation's placement). */
async function keyPrompt(core: Core, profile: { id: string; name: string }): Promise<string> {
  const text = (await core.api.describe(profile.id)).operations.find((o) => o.operation === 'messages.text');
  return `API key for profile "${clean(profile.name)}": ${keyEntryPrompt(text?.spec.credential)}`;
}

/** a secret from stdin, or typed at a hidden prompt; `prompt` names what is asked for */
export async function readKeyValue(
  ctx: CommandContext,
  profileName: string,
  prompt = `API key for profile "${clean(profileName)}"`,
): Promise<string> {
  const { io } = ctx;
  if (!io.isTTY) {
    let text: string;
    try {
      text = await readAll(io.stdin, 64 * 1024);
    } catch {
      throw new UsageError('stdin is too large to be a key');
    }
    const value = text.trim();
    if (value.length === 0)
      throw new UsageError('no key on stdin: pipe it in (crm keys add --name NAME < key.txt) or run in a terminal to be prompted');
    return value;
  }
  if (typeof io.stdin.setRawMode !== 'function') {
    throw new UsageError('this terminal cannot hide typed input: pipe the key on stdin instead (crm keys add --name NAME < key.txt)');
  }
  try {
    const value = (await readHiddenLine(io.stdin, io.stderr, `${prompt} (input is hidden): `)).trim();
    if (value.length === 0) throw new UsageError('no key entered');
    return value;
  } catch (err) {
    if (err instanceof PromptCancelled) throw new UsageError('no key entered');
    throw err;
  }
}

const add = defineCommand({
  name: 'keys add',
  summary: 'save an existing API key in the OS keychain (read from stdin or a hidden prompt)',
  usage: [
    'keys add --name NAME [--profile NAME] [--permissions LIST] [--use] < key.txt',
    'keys add --name NAME [--profile NAME]     (in a terminal: asks for the key, input hidden)',
  ],
  options: {
    name: valueOption('NAME', 'a name for the key (e.g. "ci" or "laptop")'),
    profile: profileOption,
    permissions: valueOption('LIST', 'what the key may do, if known: contacts:read,messages:send,keys:manage'),
    use: flagOption('make it the key the profile uses (automatic when the profile has none)'),
  },
  positionals: { min: 0, max: Number.POSITIVE_INFINITY },
  refuse: (args) => {
    for (const arg of args) {
      if (arg === '--') break;
      if (KEY_LIKE_OPTION.test(arg)) return KEY_ARGUMENT_REFUSAL;
    }
    return null;
  },
  notes: [
    'The key is never accepted as an argument: arguments are kept in shell history and other users can read them in `ps`.',
    'It is written to the OS keychain only; the data directory keeps its name and last 4 characters.',
  ],
  async run(ctx, { values, positionals }) {
    if (positionals.length > 0) throw new UsageError(KEY_ARGUMENT_REFUSAL);
    const name = requireOption(values.name, '--name');
    const permissions = parsePermissions(values.permissions);
    const { session, profile } = await profileSession(ctx, { profileRef: values.profile });
    const value = await readKeyValue(ctx, profile.name, await keyPrompt(session.core, profile));
    const key = await session.core.keys.addKey({ profileId: profile.id, name, value, permissions: permissions ?? null });
    // the core makes the first usable key of a profile its active key; --use forces it
    const active = await useIfAsked(session, profile.id, key.id, values.use);
    return {
      data: { key, active },
      text:
        `Saved key "${clean(key.name)}" (${fingerprint(key)}) for profile "${clean(profile.name)}" in the ` +
        `keychain${active ? '; the profile now uses it' : ''}.\nCheck it: crm keys test ${pasteWord(key.id)}`,
    };
  },
});

const test = defineCommand({
  name: 'keys test',
  summary: 'check a key against the API (one contacts request); exit 1 unless it works',
  usage: ['keys test [KEY] [--profile NAME]'],
  options: { profile: profileOption },
  positionals: { min: 0, max: 1 },
  notes: ['KEY is a key id or name; default: the key the profile uses (or CRM_API_KEY when it is set).'],
  async run(ctx, { values, positionals }) {
    const ref = positionals[0];
    const { session, profile } = await profileSession(ctx, { profileRef: values.profile, envKey: ref === undefined });
    let keyId: string;
    if (ref !== undefined) {
      keyId = (await resolveKey(session, ref, values.profile !== undefined ? profile.id : null)).id;
    } else {
      if (!profile.activeKeyId)
        throw new UsageError(`profile "${profile.name}" has no key in use: give a KEY, or crm keys add / crm keys use`);
      keyId = profile.activeKeyId;
    }
    const result = await session.core.keys.checkKey(keyId);
    const ok = result.outcome === 'valid';
    const label = session.envMode ? 'CRM_API_KEY' : `"${clean(result.key.name)}"`;
    return {
      data: { outcome: result.outcome, message: result.message, key: result.key },
      text: `${label} (${fingerprint(result.key)}): ${result.outcome.replace(/_/g, ' ')}: ${result.message}`,
      ...(ok ? {} : { exitCode: 1, reason: `key test: ${result.outcome.replace(/_/g, ' ')}: ${result.message}` }),
    };
  },
});

const revoke = defineCommand({
  name: 'keys revoke',
  summary: 'revoke a saved key (here at once, then on the server) or a server key by its id',
  usage: ['keys revoke KEY [--profile NAME] [--yes]', 'keys revoke --server SERVER_KEY_ID [--profile NAME] [--yes]'],
  options: {
    profile: profileOption,
    server: valueOption('ID', "revoke this server key id (k_...) with the profile's key (needs keys:manage)"),
    yes: yesOption,
  },
  positionals: { min: 0, max: 1 },
  notes: [
    'A saved key stops working on this computer at once; the server revocation (DELETE /api/v1/api-keys/ID) goes through the ' +
      'outbox and is tried right away: it waits there while the server is unreachable and the next `crm sync` or the ' +
      'app retries it.',
    'On a terminal you are asked to confirm; without a terminal --yes is required.',
  ],
  async run(ctx, { values, positionals }) {
    const ref = positionals[0];
    if ((ref === undefined) === (values.server === undefined)) throw new UsageError('give either a saved KEY or --server SERVER_KEY_ID');
    const session = await ctx.session({ profileRef: values.profile, outbox: true });
    const { core } = session;
    const profile = values.server !== undefined || values.profile !== undefined ? await session.profile() : null;
    let label: string;
    let key: KeyMeta | null = null;
    if (values.server !== undefined) {
      label = values.server;
      await confirmOrRefuse(
        ctx,
        values.yes === true,
        `Revoke server key ${label} using profile "${clean(profile?.name ?? '')}"? Requests with it will fail.`,
        'revoke the key',
      );
    } else {
      key = await resolveKey(session, ref ?? '', profile?.id ?? null);
      label = `"${clean(key.name)}" (${fingerprint(key)})`;
      if (key.state === 'revoked') {
        return {
          data: { key, server: syncText(key) || null },
          text: `${label} is already revoked${key.sync ? `; ${syncText(key)}` : ''}.`,
        };
      }
      await confirmOrRefuse(ctx, values.yes === true, `Revoke key ${label}? Requests with it will fail at once.`, 'revoke the key');
    }
    const before = new Set((await core.outbox?.list())?.map((i) => i.id) ?? []);
    if (key) await core.keys.revoke(key.id);
    else await core.keys.revokeServerKey({ profileId: profile?.id ?? '', serverKeyId: label });
    // one pass now, so the server hears of it before this process ends (when it is reachable)
    await core.outbox?.syncNow();
    const item = (await core.outbox?.list())?.find((i) => i.kind === 'keys.revoke' && !before.has(i.id)) ?? null;
    const server = item ? serverOutcome(item) : key ? syncText(await core.keys.get(key.id)) : 'unknown';
    const failed = item?.state === 'failed' || item?.state === 'cancelled';
    return {
      data: {
        key: key ? await core.keys.get(key.id) : null,
        serverKeyId: values.server ?? key?.serverKeyId ?? null,
        outboxItem: item,
        server,
      },
      text: `${key ? `Revoked ${label} on this computer` : `Revocation of ${label}`}; ${server}.`,
      ...(failed ? { exitCode: 1, reason: server } : {}),
    };
  },
});

function serverOutcome(item: OutboxItem): string {
  switch (item.state) {
    case 'sent':
      return 'revoked on the server';
    case 'failed':
      return `the server revocation failed${item.lastError ? `: ${item.lastError.message}` : ''}`;
    case 'cancelled':
      return 'the server revocation was cancelled';
    default:
      return `the server revocation waits in the outbox (${(item.pendingReason ?? item.state).replace(/_/g, ' ')}; crm sync retries it)`;
  }
}

const create = defineCommand({
  name: 'keys create',
  summary: 'create a key on the server and save it straight into the keychain (printed only with --print-key)',
  usage: ['keys create --name NAME [--permissions LIST] [--profile NAME] [--expires 30d|2027-01-31] [--use] [--print-key]'],
  options: {
    name: valueOption('NAME', "the key's name on the server (1..100 characters)"),
    expires: valueOption(
      'WHEN',
      'when the key stops being sent: days from now (7d, 30d, 90d) or the last day (2027-01-31); kept on this computer',
    ),
    permissions: valueOption('LIST', "comma-separated: contacts:read,messages:send,keys:manage (default: the server's)"),
    profile: profileOption,
    use: flagOption('make the new key the one the profile uses'),
    'print-key': flagOption('also write the new value, once, to stdout (alone on its line; with --json as "value")'),
  },
  notes: [
    "Uses the profile's current key, which needs keys:manage. The new value goes from the API response into the OS keychain only.",
    'With --print-key the value is also written to stdout, once, for a script or another machine: KEY=$(crm keys create --name ' +
      'ci --print-key). It is written nowhere else (no file, not the request log); the sentence about the key goes to stderr then.',
  ],
  async run(ctx, { values }) {
    const name = requireOption(values.name, '--name');
    const permissions = parsePermissions(values.permissions);
    // checked before the key exists: a mistyped expiry never leaves a key made without one
    const expiry = values.expires === undefined ? null : parseExpiry(values.expires, new Date());
    if (expiry && !expiry.ok) throw new UsageError(`--expires: ${expiry.problem}`);
    const { session, profile } = await profileSession(ctx, { profileRef: values.profile });
    let key = await session.core.keys.createServerKey({ profileId: profile.id, name, ...(permissions ? { permissions } : {}) });
    if (expiry?.ok) {
      await session.core.keyRecords.setExpiry(key.id, expiry.at);
      key = { ...key, expiresAt: expiry.at };
    }
    const active = await useIfAsked(session, profile.id, key.id, values.use);
    const serverId = key.serverKeyId ? `, server id ${key.serverKeyId}` : '';
    const lastDay = key.expiresAt ? ` It is not sent after ${key.expiresAt.slice(0, 10)} (${key.expiresAt.slice(11, 16)} UTC).` : '';
    const text =
      `Created key "${clean(key.name)}" (${fingerprint(key)}, ${permissionsText(key.permissions)}${serverId}) and saved it in the ` +
      `keychain${active ? '; the profile now uses it' : ''}.${lastDay}`;
    if (values['print-key'] !== true) return { data: { key, active }, text };
    return printKey(ctx, await session.core.keys.takeNewKeyValueForClipboard(key.id), { key, active }, text);
  },
});

/**
 * --print-key: the one time the value leaves the keychain for the command line, the same
 * one-time take the window's "Copy new key" makes. Written straight to stdout, past the result
 * printer (whose text and --json are what `crm` may echo elsewhere); a person at a terminal is
 * told it stays in the scrollback.
 */
function printKey(ctx: CommandContext, value: string, data: { key: KeyMeta; active: boolean }, text: string) {
  if (ctx.io.stdoutIsTTY === true)
    ctx.note("the new key is printed below, once: it stays in this terminal's scrollback; clear it once you have stored the key.");
  if (ctx.json) ctx.io.stdout.write(`${visibleJson(JSON.stringify({ ...data, value }, null, 2))}\n`);
  else {
    ctx.note(text);
    ctx.io.stdout.write(`${value}\n`);
  }
  return { data, text, printed: true };
}

const use = defineCommand({
  name: 'keys use',
  summary: 'choose the saved key a profile uses',
  usage: ['keys use KEY [--profile NAME]'],
  options: { profile: profileOption },
  positionals: { min: 1, max: 1 },
  async run(ctx, { values, positionals }) {
    const session = await ctx.session({ profileRef: values.profile });
    const key = await resolveKey(session, positionals[0] ?? '', await keyLookupProfileId(session, values.profile));
    await session.core.profiles.setActiveKey(key.profileId, key.id);
    const profile = await session.core.profiles.get(key.profileId);
    return {
      data: { key, profileId: profile.id },
      text: `Profile "${clean(profile.name)}" now uses key "${clean(key.name)}" (${fingerprint(key)}).`,
    };
  },
});

const roll = defineCommand({
  name: 'keys roll',
  summary: 'replace a key: a new one is created, proved and used; the old one is revoked when its grace ends',
  usage: ['keys roll KEY [--grace now|1h|24h|7d] [--profile NAME]'],
  options: {
    profile: profileOption,
    grace: valueOption('GRACE', `how long the old key keeps working on the service: ${GRACES.join(', ')} (default ${DEFAULT_GRACE})`),
  },
  positionals: { min: 1, max: 1 },
  notes: [
    "Steps: a new key with the same permissions is created on the service (the profile's key needs keys:manage) and saved in the " +
      'keychain, tried with one contacts request, every profile that used the old key is switched to it; the old key is then ' +
      'revoked here, and on the service when the grace ends (a scheduled revocation in the outbox: crm outbox list shows it, crm ' +
      'outbox cancel ID keeps the key there).',
    'A step that fails stops the roll and says where: until the switch, the old key is still the one in use.',
    'After its server revocation, the old value is tried until the service refuses it (crm keys list shows "refused (401)" or ' +
      '"still accepted, checking again"); only then is it deleted from the keychain.',
  ],
  async run(ctx, { values, positionals }) {
    const grace = values.grace ?? DEFAULT_GRACE;
    if (!isGrace(grace)) throw new UsageError(`--grace is one of ${GRACES.join(', ')}`);
    const session = await ctx.session({ profileRef: values.profile, outbox: true });
    const { core } = session;
    const key = await resolveKey(session, positionals[0] ?? '', await keyLookupProfileId(session, values.profile));
    const result = await rollKey({ keys: core.keys, profiles: core.profiles }, { keyId: key.id, grace });
    // one pass now: a revocation due at once reaches the service, and its key is checked
    await core.outbox?.syncNow();
    const oldKey = await core.keys.get(result.oldKey.id);
    const names = (await core.profiles.list()).profiles.filter((p) => result.switched.includes(p.id)).map((p) => `"${clean(p.name)}"`);
    const using = names.length > 0 ? `; ${names.join(', ')} now use${names.length === 1 ? 's' : ''} it` : '; no profile used the old key';
    const retiring =
      result.retiresAt !== null
        ? `The old key keeps working on the service until ${shortTime(result.retiresAt)}; ${syncText(oldKey)}.`
        : `The old key: ${syncText(oldKey) || 'revoked here'}.`;
    return {
      data: { oldKey, newKey: result.newKey, switched: result.switched, retiresAt: result.retiresAt },
      text:
        `Rolled "${clean(key.name)}" (${fingerprint(key)}) to "${clean(result.newKey.name)}" ` +
        `(${fingerprint(result.newKey)}): created, saved and proved with a live request${using}.\n${retiring}`,
    };
  },
});

export const keysGroup: CommandGroup = {
  name: 'keys',
  summary: 'API keys: saved in the OS keychain, shown only by name and last 4 characters',
  commands: [list, add, test, revoke, create, use, roll, keysCheck, keysRemove],
};
