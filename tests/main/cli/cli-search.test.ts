// crm search: a real crm process searches the data folder's conversations, sends made with crm
// and replies another process (the window's listener) stored: newest first, matches marked
// plainly, accents and case aside, --json, paging with --after, a second profile's messages left
// out, and bad input refused with the reason. Run inside the keyring harness after the CLI build.
import { describe, expect, it } from 'vitest';
import type { SearchPage } from '../../../src-main/shared/message-search';
import { keychainAvailable } from '../helpers/index';
import { runInProcess, spawnCli } from './cli-harness';
import { shopWithReplyForSuite } from './shop-folder';

const available = await keychainAvailable();

describe.skipIf(!available)('crm search', () => {
  const shop = shopWithReplyForSuite(
    'cli-search',
    [
      ['5511999990001', 'Seu pedido 4471 saiu para entrega'],
      ['5511999990002', 'A Ação de Natal começa amanhã'],
    ],
    // the window's listener stores what the service posted
    { id: 'in_1', number: '5511999990001', text: 'Quando chega o pedido?', name: 'João Souza' },
  );

  it('lists the matches newest first, with direction, number, name and the words in [brackets], from a real process', async () => {
    const run = await spawnCli(['search', 'pedido'], { env: shop.folder.env });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/ ← \+5511999990001 \(João Souza\): Quando chega o \[pedido\]\?$/);
    expect(lines[1]).toMatch(/ → \+5511999990001: Seu \[pedido\] 4471 saiu para entrega$/);
    expect(lines[2]).toBe('2 messages match "pedido", newest first.');
  });

  it('folds accents and case, and takes several words', async () => {
    const run = await runInProcess(['search', 'ACAO', 'natal'], { env: shop.folder.env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('→ +5511999990002: A [Ação] de [Natal] começa amanhã');
    expect((await runInProcess(['search', 'joao'], { env: shop.folder.env })).stdout).toContain('(João Souza)');
  });

  it('--json gives the page; --limit and --after page through it', async () => {
    const first = await runInProcess(['search', 'pedido', '--limit', '1', '--json'], { env: shop.folder.env });
    expect(first.code, first.stderr).toBe(0);
    const page = JSON.parse(first.stdout) as SearchPage;
    expect(page).toMatchObject({ query: 'pedido', total: 2, totalCapped: false });
    expect(page.hits.map((h) => [h.direction, h.key])).toEqual([['in', 'in:in_1']]);
    expect(page.next).not.toBeNull();
    const text = await runInProcess(['search', 'pedido', '--limit', '1'], { env: shop.folder.env });
    expect(text.stdout).toContain(`2 messages match "pedido", newest first; more with --after ${page.next}.`);
    const second = JSON.parse(
      (await runInProcess(['search', 'pedido', '--limit', '1', '--after', page.next!, '--json'], { env: shop.folder.env })).stdout,
    ) as SearchPage;
    expect(second.hits.map((h) => h.direction)).toEqual(['out']);
    expect(second.next).toBeNull();
  });

  it('says when nothing matches, and reads search syntax as plain words', async () => {
    const none = await runInProcess(['search', 'boleto'], { env: shop.folder.env });
    expect(none.code).toBe(0);
    expect(none.stdout.trim()).toBe('No messages match "boleto".');
    const hostile = await runInProcess(['search', '"pedido" OR NEAR(x*'], { env: shop.folder.env });
    expect(hostile.code, hostile.stderr).toBe(0);
    expect(hostile.stdout.trim()).toBe('No messages match ""pedido" OR NEAR(x*".');
  });

  it("another profile's messages are not found", async () => {
    const added = await runInProcess(['profiles', 'add', '--name', 'Other', '--url', shop.folder.sandbox.baseUrl, '--json'], {
      env: shop.folder.env,
    });
    expect(added.code, added.stderr).toBe(0);
    const run = await runInProcess(['search', 'pedido', '--profile', 'Other'], { env: shop.folder.env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe('No messages match "pedido".');
  });

  it.each([
    ['punctuation only', ['?!'], /finds words and numbers/],
    ['emoji only', ['🙂'], /punctuation and emoji are not indexed/],
    ['a page marker no search gave', ['pedido', '--after', 'bogus'], /not one a search gave/],
    ['a limit out of range', ['pedido', '--limit', '101'], /1 to 100/],
    ['no text', [], /missing argument/],
  ])('refuses %s with the reason and a failing status', async (_what, args, reason) => {
    const run = await runInProcess(['search', ...args], { env: shop.folder.env });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(reason);
    expect(run.stdout).toBe('');
  });
});
