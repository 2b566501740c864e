// keys:* channels: one-line adapters. The key service announces its own changes (keys:changed)
// and wakes the outbox when a new or newly active key may let a waiting revocation through. A key
// created through the API is the one value that leaves: to the clipboard, through main, and once
// to the window's "shown once" panel (keys:reveal-new, see the contract). keys:missing-values
// and keys:repair are the Keys screen's watch on the keychain; keys:remove drops a revoked key.
// keys:roll's progress is per roll, so like a send's it is emitted here; it names steps, never a key.
import { createServerKeyWithExpiry } from '../core/keys/create-with-expiry';
import { rollKey } from '../core/keys/roll';
import { activeProfileId } from './active-profile';
import type { DomainHandlers, Emit, HandlerCore, HandlerPlatform } from './handler-types';

export function createKeyHandlers(core: HandlerCore, clipboard: HandlerPlatform['clipboard'], emit: Emit): DomainHandlers<'keys'> {
  const { keys, profiles, keychain, keyRecords } = core;
  return {
    'keys:list': async ({ profileId }) => keys.list(profileId ?? (await activeProfileId(profiles))),
    'keys:leaks': async () => core.leaks.list(),
    'keys:add': (p) => keys.addKey(p),
    'keys:test': ({ id }) => keys.checkKey(id),
    'keys:activate': ({ id }) => keys.activate(id),
    'keys:revoke': ({ id }) => keys.revoke(id),
    'keys:server-list': () => keys.listServerKeys(),
    'keys:server-create': (p) => createServerKeyWithExpiry(core, p),
    'keys:server-revoke': (p) => keys.revokeServerKey(p),
    'keys:copy-new': async ({ id }) => ({ clearsAfterMs: await keys.copyNewKeyValue(id, (value) => clipboard.copySensitive(value)) }),
    'keys:reveal-new': async ({ id }) => ({ value: await keys.revealNewKeyValue(id) }),
    'keys:missing-values': ({ profileId }) => keychain.missingValueIds(profileId),
    'keys:repair': ({ id }) => keychain.repairKey(id),
    'keys:remove': async ({ id }) => ({ id: (await keyRecords.remove(id)).id }),
    'keys:roll': ({ id, grace }) =>
      rollKey({ keys, profiles }, { keyId: id, grace, onStep: (step) => emit('keys:roll-progress', { keyId: id, step }) }),
  };
}
