// The window's profile is its own: a window and a `crm` on one data folder (two connections to
// one crm.db, as two processes have) each change only their own choice, and each sees the other's.
// And a profile marked live stays live for every process.
import { describe, expect, it } from 'vitest';
import { KeyVault } from '../../../../src-main/core/keys/key-vault';
import { createMetaStores } from '../../../../src-main/core/meta/stores';
import { choicesOf } from '../../../../src-main/core/profiles/profile-choice';
import { ProfileManager } from '../../../../src-main/core/profiles/profile-manager';
import type { ProfileChooser } from '../../../../src-main/core/profiles/profile-choice';
import { MemorySecretStore } from '../../../../src-main/core/secrets/memory-store';
import { openDatabase } from '../../../../src-main/core/store/database';
import { tempDir } from '../../helpers/temp-dir';

function managerOn(dir: string, chooser: ProfileChooser): ProfileManager {
  const meta = createMetaStores(openDatabase(dir));
  const secrets = new MemorySecretStore();
  return new ProfileManager(meta, secrets, new KeyVault(secrets, meta), undefined, chooser);
}

/** the window's and a `crm` command's managers on one fresh data folder */
async function windowAndTerminal(): Promise<{ window: ProfileManager; crm: ProfileManager }> {
  const dir = await tempDir('crm-choice-');
  return { window: managerOn(dir, 'window'), crm: managerOn(dir, 'terminal') };
}

describe("each side's profile choice", () => {
  it("choosing in the window leaves the terminal's choice, and `crm profiles use` leaves the window's", async () => {
    const { window, crm } = await windowAndTerminal();
    const sandbox = await crm.create({ name: 'Sandbox', baseUrl: 'http://127.0.0.1:4010' });
    const shop = await crm.create({ name: 'Shop', baseUrl: 'https://graph.example.com' });
    // before the window chose, it works with the terminal's profile
    expect((await window.active())?.id).toBe(sandbox.id);

    await window.activate(shop.id);
    expect((await window.active())?.id).toBe(shop.id);
    expect((await crm.active())?.id).toBe(sandbox.id);
    expect(await crm.list()).toMatchObject({ activeProfileId: sandbox.id, terminalProfileId: sandbox.id, windowProfileId: shop.id });

    const third = await crm.create({ name: 'Third', baseUrl: 'https://third.example.com' });
    await crm.activate(third.id);
    expect((await window.active())?.id).toBe(shop.id);
    expect(await window.list()).toMatchObject({ activeProfileId: shop.id, terminalProfileId: third.id, windowProfileId: shop.id });
  });

  it("the window's chosen profile removed (by any process): the window falls back to the terminal's", async () => {
    const { window, crm } = await windowAndTerminal();
    const a = await crm.create({ name: 'A', baseUrl: 'http://127.0.0.1:4010' });
    const b = await crm.create({ name: 'B', baseUrl: 'https://b.example.com' });
    await window.activate(b.id);
    await crm.remove(b.id);
    expect((await window.active())?.id).toBe(a.id);
  });

  it('a choice naming no profile (a hand edit, a profile gone) counts as none', () => {
    expect(choicesOf(['p1'], 'gone', 'also-gone')).toEqual({ terminalProfileId: null, windowProfileId: null });
    expect(choicesOf(['p1', 'p2'], 'p1', null)).toEqual({ terminalProfileId: 'p1', windowProfileId: 'p1' });
  });

  it('a profile marked live is live for every process, until unmarked; an unknown profile is a clear error', async () => {
    const { window, crm } = await windowAndTerminal();
    const shop = await crm.create({ name: 'Shop', baseUrl: 'https://graph.example.com' });
    expect(shop.live).toBeFalsy();
    await window.setLive(shop.id, true);
    expect((await crm.get(shop.id)).live).toBe(true);
    await crm.setLive(shop.id, false);
    expect((await window.get(shop.id)).live).toBeFalsy();
    await expect(window.setLive('p_missing', true)).rejects.toMatchObject({ code: 'not_found' });
  });
});
