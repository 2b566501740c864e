// crm inbox: the profile's conversations from the data folder, as the window lists them: sends
// made by crm, a reply stored by another process (the window's listener), the filters, --json,
// a contact's name that tries to move the cursor, bad flags; and crm settings reply-notices.
import { describe, expect, it } from 'vitest';
import type { InboxPage } from '../../../src-main/shared/inbox';
import { keychainAvailable } from '../helpers/index';
import { runInProcess, spawnCli } from './cli-harness';
import { shopWithReplyForSuite } from './shop-folder';

const available = await keychainAvailable();

describe.skipIf(!available)('crm inbox', () => {
  const shop = shopWithReplyForSuite(
    'cli-inbox',
    [
      ['+55 11 99999-0001', 'Your order ships today'],
      ['+55 11 99999-0002', 'Your refund is on its way'],
    ],
    // the window's listener stores what the service posted: a reply from the first contact
    { id: 'in_1', number: '5511999990001', text: 'Great, thanks!', name: 'Ana \u001b[2J' },
  );

  it('lists every conversation newest first: the one that replied on top, unread and waiting', async () => {
    const run = await spawnCli(['inbox'], { env: shop.folder.env });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^WHEN\s+CONTACT\s+UNREAD\s+WAITING\s+LAST\s+STATE\s+WINDOW$/);
    // the name's escape sequence is shown, never run
    expect(lines[1]).toMatch(/Ana \\x1b\[2J \(\+5511999990001\)\s+1\s+yes\s+Great, thanks!\s+-\s+open until /);
    expect(lines[2]).toMatch(/\+5511999990002\s+-\s+-\s+you: Your refund is on its way\s+accepted\s+closed$/);
    expect(lines[3]).toBe('2 of 2 conversations (1 unread)');
    expect(run.stdout).not.toContain('\u001b');
  });

  it('--unread and --needs-answer keep only the contact who wrote; --json prints the page', async () => {
    const run = await runInProcess(['inbox', '--unread', '--needs-answer', '--json'], { env: shop.folder.env });
    expect(run.code, run.stderr).toBe(0);
    const page = JSON.parse(run.stdout) as InboxPage;
    expect(page.total).toBe(1);
    expect(page.unreadTotal).toBe(1);
    expect(page.rows.map((r) => [r.number, r.unread, r.needsAnswer])).toEqual([['5511999990001', 1, true]]);
    const none = await runInProcess(['inbox', '--window-closing'], { env: shop.folder.env });
    expect(none.stdout.trim()).toBe('No conversation matches these filters.');
  });

  it('what the window marks read is read for crm too', async () => {
    await shop.window.inbox.markRead({ profileId: shop.folder.profileId, number: '5511999990001' });
    const run = await runInProcess(['inbox', '--unread'], { env: shop.folder.env });
    expect(run.stdout.trim()).toBe('No conversation matches these filters.');
  });

  it('bad flags are refused with the reason, and nothing is listed', async () => {
    for (const [argv, reason] of [
      [['inbox', '--limit', '0'], '--limit must be a whole number of at least 1'],
      [['inbox', '--limit', '501'], '--limit: at most 500 conversations at a time'],
      [['inbox', '--offset=-3'], '--offset must be a whole number of 0 or more'],
      [['inbox', 'extra'], ''],
    ] as const) {
      const run = await runInProcess([...argv], { env: shop.folder.env });
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(reason);
    }
  });

  it('crm settings reply-notices shows and switches the setting the window reads', async () => {
    expect((await runInProcess(['settings', 'reply-notices'], { env: shop.folder.env })).stdout.trim()).toBe(
      'Desktop notifications of replies: on.',
    );
    expect((await runInProcess(['settings', 'reply-notices', 'off'], { env: shop.folder.env })).stdout.trim()).toBe(
      'Desktop notifications of replies: off.',
    );
    expect(shop.window.inbox.replyNotices()).toEqual({ on: false });
    const bad = await runInProcess(['settings', 'reply-notices', 'maybe'], { env: shop.folder.env });
    expect([bad.code, bad.stderr.includes('say on or off')]).toEqual([2, true]);
    expect(shop.window.inbox.replyNotices()).toEqual({ on: false });
    await runInProcess(['settings', 'reply-notices', 'on'], { env: shop.folder.env });
    expect(shop.window.inbox.replyNotices()).toEqual({ on: true });
  });
});
