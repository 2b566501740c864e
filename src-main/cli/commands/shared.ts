// Pieces several commands share: the --profile option, confirmations, key and permission
// formatting.
import type { Core } from '../../core/create-core';
import type { KeyMeta, Permission, Profile, RevocationProof, RevocationSyncState } from '../../core/model';
import { UsageError } from '../args';
import type { CommandContext } from '../command';
import type { Session, SessionOptions } from '../session';
import { dash, shortTime } from '../format';
import { proofWords } from '../../shared/revocation-proof-words';
import { resolveProfile } from '../profile-ref';
import { confirm } from '../prompt';
import { cutChars } from '../../shared/format';
import { lifecycleLabels } from '../../shared/key-lifecycle';
import { PERMISSIONS } from '../../shared/permissions';
import { flagOption, valueOption } from '../option-kinds';

export const profileOption = valueOption('NAME', 'a profile name or id (default: the active profile)');

/** --yes of the commands that ask before they destroy something (see confirmOrRefuse) */
export const yesOption = {
  type: 'boolean',
  short: 'y',
  help: 'do not ask for confirmation (needed when stdin is not a terminal)',
} as const;

/** --insecure of the commands that set a profile's base URL */
export const insecureOption = flagOption('allow plain http:// to a host other than this computer (the key travels unencrypted)');

/** --dry-run of the commands that learn a profile's API (import-curl, import-spec) */
export const dryRunOption = flagOption('print what was learned and save nothing');

export function parsePermissions(value: string | undefined): Permission[] | undefined {
  if (value === undefined) return undefined;
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  const unknown = parts.filter((p) => !(PERMISSIONS as readonly string[]).includes(p));
  if (unknown.length > 0 || parts.length === 0) {
    throw new UsageError(`--permissions is a comma-separated list of: ${PERMISSIONS.join(', ')}`);
  }
  return [...new Set(parts)] as Permission[];
}

/** The core, and the profile a command names (an id or a name in any letter case; else the active one). */
export async function namedProfile(ctx: CommandContext, ref: string | undefined): Promise<{ core: Core; profile: Profile }> {
  const { core } = await ctx.session();
  return { core, profile: await resolveProfile(core, ref) };
}

/** The session a command runs in and the profile it works on (--profile, else CRM_API_KEY's, else the active one). */
export async function profileSession(ctx: CommandContext, options?: SessionOptions): Promise<{ session: Session; profile: Profile }> {
  const session = await ctx.session(options);
  return { session, profile: await session.profile() };
}

/** where a KEY argument is looked up: among the keys of the profile --profile names, else among every profile's */
export async function keyLookupProfileId(session: Session, profileRef: string | undefined): Promise<string | null> {
  return profileRef !== undefined ? (await session.profile()).id : null;
}

/** Asks on a terminal; without --yes and without a terminal it refuses (exit 2). */
export async function confirmOrRefuse(ctx: CommandContext, yes: boolean, question: string, what: string): Promise<void> {
  if (yes) return;
  if (!ctx.io.isTTY) {
    throw new UsageError(`refusing to ${what} without confirmation: stdin is not a terminal; pass --yes to confirm`);
  }
  const ok = await confirm(ctx.io.stdin, ctx.io.stderr, question);
  if (!ok) throw new ConfirmationDeclined(what);
}

/** The person answered no (exit 1). */
export class ConfirmationDeclined extends Error {
  constructor(what: string) {
    super(`did not ${what}: not confirmed`);
    this.name = 'ConfirmationDeclined';
  }
}

export function fingerprint(key: Pick<KeyMeta, 'fingerprint'>): string {
  return `…${key.fingerprint}`;
}

export function permissionsText(permissions: Permission[] | null): string {
  if (permissions === null) return 'unknown';
  return permissions.length === 0 ? 'none' : permissions.join(',');
}

/** How a revoked key's server revocation reads: in a sentence, and in the STATE column. */
function syncWords(sync: RevocationSyncState): { sentence: string; column: string } {
  switch (sync.state) {
    case 'synced':
      return sync.proof
        ? { sentence: `revoked on the server; ${proofText(sync.proof)}`, column: proofColumn(sync.proof) }
        : { sentence: 'revoked on the server', column: 'revoked (server too)' };
    case 'local_only':
      return {
        sentence: "not revoked on the server (neither its server id nor its value was kept): delete it in the service's developer area",
        column: 'revoked (here only)',
      };
    case 'failed':
      return { sentence: `server revocation failed: ${sync.reason}`, column: 'revoked (server failed)' };
    case 'pending': {
      if (sync.reason === 'scheduled' && sync.nextAttemptAt) {
        return {
          sentence: `retires on the server at ${shortTime(sync.nextAttemptAt)} (its grace; crm outbox cancel ${sync.outboxId ?? 'ID'} keeps it there)`,
          column: 'revoked (server later)',
        };
      }
      const reason = sync.reason.replace(/_/g, ' ');
      return { sentence: `server revocation pending (${reason})`, column: 'revoked (server pending)' };
    }
  }
}

/** what the checks that a revoked key is refused found: "refused (401) at 14:02", "still accepted at 14:02, checking again" */
export function proofText(proof: RevocationProof): string {
  return proofWords(proof, clock);
}

function proofColumn(proof: RevocationProof): string {
  switch (proof.state) {
    case 'refused':
      return `revoked, refused (${proof.status})`;
    case 'accepted':
      return 'revoked, still accepted';
    case 'checking':
      return 'revoked, checking';
    default:
      return 'revoked (server too)';
  }
}

/** HH:MM of an ISO time, local */
function clock(iso: string): string {
  return shortTime(iso).slice(11) || '-';
}

export function syncText(key: KeyMeta): string {
  return key.sync ? syncWords(key.sync).sentence : '';
}

/** the STATE column: "active", "revoked (server too)", "revoked (server pending)"; `crm keys show` says why */
export function stateText(key: KeyMeta): string {
  if (key.state !== 'revoked') return key.heldBack === true ? `held back (saved for ${key.origin ?? 'another address'})` : key.state;
  return key.sync ? syncWords(key.sync).column : 'revoked';
}

export const keyHeaders = ['', 'ID', 'NAME', 'KEY', 'CAN', 'STATE', 'LAST USED', 'LAST STATUS'];

/** how long an id prefix the table shows: enough to be unique in practice, and accepted back */
const SHORT_ID_CHARS = 11;

/** the table's key id: "lk_1a2b3c4d" (crm accepts any unique start of an id) */
function shortId(id: string): string {
  return id.length > SHORT_ID_CHARS + 1 ? `${id.slice(0, SHORT_ID_CHARS)}…` : id;
}

/** permissions in the table's CAN column: read, send, manage (the JSON keeps the full names) */
function permissionsShort(permissions: Permission[] | null): string {
  if (permissions === null) return '?';
  return permissions.length === 0 ? 'none' : permissions.map((p) => p.slice(p.indexOf(':') + 1)).join(',');
}

export function keyRows(keys: KeyMeta[], activeKeyId: string | null, now: Date = new Date()): string[][] {
  return keys.map((k) => [
    k.id === activeKeyId ? '*' : '',
    shortId(k.id),
    cutChars(k.name, 20),
    fingerprint(k),
    permissionsShort(k.permissions),
    // "active, expires in 3 days", "active, unused for 60 days": what needs the person's eye
    cutChars([stateText(k), ...lifecycleLabels(k, now)].join(', '), 44),
    shortTime(k.lastUsedAt),
    dash(k.lastStatus),
  ]);
}
