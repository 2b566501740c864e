// The live-profile guard on the command line, and the two sides' profile choices: a send on a
// live profile names it on stderr and asks on a terminal; a script without --yes is refused
// (exit 2) before anything is sent; `crm profiles` marks live profiles and says which profile
// the window works with; `crm conversation` says who made each send. Against the real sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src-main/core/create-core';
import { keychainAvailable } from '../helpers/index';
import { runInProcess } from './cli-harness';
import { closeShopFolder, openShopAndWindow, type ShopFolder } from './shop-folder';

const available = await keychainAvailable();
const NUMBER = '5511977776666';

describe.skipIf(!available)('crm and live profiles', () => {
  let folder: ShopFolder, window: Core;

  beforeAll(async () => {
    ({ folder, window } = await openShopAndWindow('cli-live-profile'));
  });

  afterAll(() => closeShopFolder(window));

  const crm = (argv: string[], options: Parameters<typeof runInProcess>[1] = {}) => runInProcess(argv, { env: folder.env, ...options });
  const conversation = async (): Promise<string> => (await crm(['conversation', NUMBER])).stdout;

  it('a profile not marked live sends without a word about it', async () => {
    const run = await crm(['send', 'text', '--to', NUMBER, '--text', 'practice run']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('Live profile');
  });

  it('marked live: a script without --yes is refused with exit 2 and nothing is sent', async () => {
    expect((await crm(['profiles', 'live', 'Shop'])).stdout).toContain('"Shop" is live');
    const run = await crm(['send', 'text', '--to', NUMBER, '--text', 'refused one'], { input: '' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Live profile: "Shop"');
    expect(run.stderr).toMatch(/refusing to send on the live profile "Shop" without confirmation.*--yes/);
    expect(await conversation()).not.toContain('refused one');
  });

  it('on a terminal it asks, naming the profile and the recipient; "n" sends nothing, "y" sends', async () => {
    const no = await crm(['send', 'text', '--to', NUMBER, '--text', 'declined one'], { tty: { typed: ['n\n'], raw: false } });
    expect(no.code).toBe(1);
    expect(no.stderr).toContain(`Send to ${NUMBER} on the live profile "Shop"?`);
    expect(await conversation()).not.toContain('declined one');
    const yes = await crm(['send', 'text', '--to', NUMBER, '--text', 'confirmed one'], { tty: { typed: ['y\n'], raw: false } });
    expect(yes.code, yes.stderr).toBe(0);
    expect(await conversation()).toContain('confirmed one');
  });

  it('--yes sends from a script, still naming the live profile on stderr (never stdout)', async () => {
    const run = await crm(['send', 'text', '--to', NUMBER, '--text', 'scripted one', '--yes', '--json'], { input: '' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('Live profile: "Shop"');
    expect(() => JSON.parse(run.stdout) as unknown).not.toThrow();
  });

  it('crm conversation says each send was made by crm, and one from the window by the window', async () => {
    const op = { op: 'messages.text' as const, input: { number: NUMBER, text: 'from the window' }, idempotencyKey: crypto.randomUUID() };
    await window.messages.send(op, { profileId: folder.profileId });
    const text = await conversation();
    expect(text).toMatch(/→ scripted one {2}\[[^\]]+\] {2}\(sent by crm\)/);
    expect(text).toMatch(/→ from the window {2}\[[^\]]+\] {2}\(sent from the window\)/);
  });

  it('crm profiles marks the live profile, and says which profile the window works with when it is another', async () => {
    const other = await crm(['profiles', 'add', '--name', 'Practice', '--url', 'http://127.0.0.1:9', '--json']);
    const otherId = (JSON.parse(other.stdout) as { profile: { id: string } }).profile.id;
    let list = await crm(['profiles', 'list']);
    expect(list.stdout).toMatch(/Shop .*\(live\)/);
    expect(list.stdout).not.toContain('The window works with');
    await window.profiles.activate(otherId);
    list = await crm(['profiles', 'list']);
    expect(list.stdout).toContain('The window works with "Practice"');
    // the terminal's own choice did not move
    expect(list.stdout).toMatch(/^\*\s+Shop/m);
    const json = JSON.parse((await crm(['profiles', 'list', '--json'])).stdout) as { activeProfileId: string; windowProfileId: string };
    expect(json).toMatchObject({ activeProfileId: folder.profileId, windowProfileId: otherId });
  });

  it('an unknown profile to mark live is a clear error', async () => {
    const run = await crm(['profiles', 'live', 'Nowhere']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/Nowhere/);
  });
});
