// keys:* channels. A key added or made active may let a revocation waiting for an admin key go
// through, so the outbox is woken; a new key's value reaches only the clipboard, through main.
import { activeProfileId } from './active-profile';
import type { DomainHandlers, Emit, HandlerCore, HandlerPlatform } from './handler-types';

export function createKeyHandlers(core: HandlerCore, clipboard: HandlerPlatform['clipboard'], emit: Emit): DomainHandlers<'keys'> {
  const { keys, profiles } = core;
  const wakeOutbox = (): void => {
    void core.outbox?.syncNow().catch(() => undefined);
  };
  const keysChanged = (profileId: string | null): void => emit('keys:changed', { profileId });
  const profilesChanged = async (): Promise<void> => emit('profiles:changed', await profiles.list());
  return {
    'keys:list': async ({ profileId }) => keys.list(profileId ?? (await activeProfileId(profiles))),
    'keys:add': async (p) => {
      const meta = await keys.add(p);
      wakeOutbox();
      keysChanged(meta.profileId);
      // the first key of a profile becomes its active key
      await profilesChanged();
      return meta;
    },
    'keys:test': async ({ id }) => {
      const report = await keys.test(id);
      keysChanged(report.key.profileId);
      return report;
    },
    'keys:activate': async ({ id }) => {
      const meta = await keys.get(id);
      await profiles.setActiveKey(meta.profileId, id);
      wakeOutbox();
      keysChanged(meta.profileId);
      await profilesChanged();
      return keys.get(id);
    },
    // keys:changed comes from the key service, once per step of the server revocation (core-events.ts)
    'keys:revoke': ({ id }) => keys.revoke(id),
    'keys:server-list': () => keys.listServerKeys(),
    'keys:server-create': async (p) => {
      const meta = await keys.createServerKey(p);
      keysChanged(meta.profileId);
      return meta;
    },
    'keys:server-revoke': async (p) => {
      const result = await keys.revokeServerKey(p);
      keysChanged(null);
      return result;
    },
    'keys:copy-new': async ({ id }) => ({ clearsAfterMs: await clipboard.copySensitive(await keys.takeNewKeyValueForClipboard(id)) }),
  };
}
