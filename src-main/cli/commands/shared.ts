// Pieces several commands share: the --profile option, confirmations, key and permission
// formatting.
import type { KeyMeta, Permission } from '../../core/model';
import { UsageError } from '../args';
import type { CommandContext } from '../command';
import { dash, shortTime } from '../format';
import { confirm } from '../prompt';

export const profileOption = { type: 'string', valueName: 'NAME', help: 'a profile name or id (default: the active profile)' } as const;

export const PERMISSIONS: readonly Permission[] = ['contacts:read', 'messages:send', 'keys:manage'];

export function parsePermissions(value: string | undefined): Permission[] | undefined {
  if (value === undefined) return undefined;
  const parts = value.split(',').map((p) => p.trim()).filter((p) => p.length > 0);
  const unknown = parts.filter((p) => !(PERMISSIONS as readonly string[]).includes(p));
  if (unknown.length > 0 || parts.length === 0) {
    throw new UsageError(`--permissions is a comma-separated list of: ${PERMISSIONS.join(', ')}`);
  }
  return [...new Set(parts)] as Permission[];
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

export function syncText(key: KeyMeta): string {
  const sync = key.sync;
  if (!sync) return '';
  switch (sync.state) {
    case 'synced':
      return 'revoked on the server';
    case 'local_only':
      return 'not revoked on the server (neither its server id nor its value was kept): delete it in the service\'s developer area';
    case 'failed':
      return `server revocation failed: ${sync.reason}`;
    case 'pending':
      return `server revocation pending (${sync.reason.replace(/_/g, ' ')})`;
  }
}

/** the STATE column: "active", "revoked (also on the server)", "revoked (server: pending, offline)" */
export function stateText(key: KeyMeta): string {
  if (key.state !== 'revoked') return key.heldBack === true ? `held back (saved for ${key.origin ?? 'another address'})` : key.state;
  const sync = key.sync;
  if (!sync) return 'revoked';
  switch (sync.state) {
    case 'synced':
      return 'revoked (also on the server)';
    case 'local_only':
      return 'revoked (here only)';
    case 'failed':
      return 'revoked (server: failed)';
    case 'pending':
      return `revoked (server: pending, ${sync.reason.replace(/_/g, ' ')})`;
  }
}

export const keyHeaders = ['', 'ID', 'NAME', 'KEY', 'PERMISSIONS', 'STATE', 'LAST USED', 'LAST STATUS'];

export function keyRows(keys: KeyMeta[], activeKeyId: string | null): string[][] {
  return keys.map((k) => [
    k.id === activeKeyId ? '*' : '',
    k.id,
    k.name,
    fingerprint(k),
    permissionsText(k.permissions),
    stateText(k),
    shortTime(k.lastUsedAt),
    dash(k.lastStatus),
  ]);
}
