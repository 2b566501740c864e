// The inbox's signals over a real core and database: a reply that arrives while the window is not
// focused is told once, by a notification whose click opens its conversation; none while the
// window has the focus, none when switched off, none for a delivery state; the badge follows the
// unread total as replies come and conversations are opened.
import { describe, expect, it, vi } from 'vitest';
import { replyNotice, startInboxSignals, type AttentionPort, type ReplyNotice } from '../../../src-main/runtime/inbox-signals';
import type { InboxRow } from '../../../src-main/shared/inbox';
import { keychainAvailable } from '../helpers';
import { openTestCore } from '../helpers/core';
import { coresCleanedAfterEach } from '../helpers/opened-cores';

const available = await keychainAvailable();
const ANA = '5511999990001';

const cores = coresCleanedAfterEach();

function attention(focused: { now: boolean }) {
  const notices: { notice: ReplyNotice; click: () => void }[] = [];
  const badges: number[] = [];
  const port: AttentionPort = {
    badge: (n) => badges.push(n),
    notify: (notice, click) => notices.push({ notice, click }),
    focused: () => focused.now,
  };
  return { port, notices, badges };
}

describe.skipIf(!available)('the inbox signals', () => {
  it('a reply while the window is in the background: one notification, its click opens the conversation; the badge follows', async () => {
    const tc = await openTestCore('inbox-signals');
    cores.push(tc);
    const { core } = tc;
    const profileId = (await core.profiles.create({ name: 'Shop', baseUrl: 'http://127.0.0.1:9' })).id;
    await core.profiles.activate(profileId);
    const focused = { now: false };
    const a = attention(focused);
    const opened: string[] = [];
    const signals = startInboxSignals(core, a.port, { open: (n) => opened.push(n) });
    const reply = (id: string, text: string) =>
      core.conversations.receive(profileId, {
        event: 'message.received',
        data: { id, number: ANA, type: 'text', text, name: 'Ana', at: new Date().toISOString() },
      });

    reply('in_1', 'Where is my order?');
    await vi.waitFor(() => expect(a.notices).toHaveLength(1));
    expect(a.notices[0]?.notice).toEqual({ title: 'Ana (+55 11 99999 0001)', body: 'Where is my order?' });
    await vi.waitFor(() => expect(a.badges.at(-1)).toBe(1));
    a.notices[0]?.click();
    expect(opened).toEqual([ANA]);

    // a delivery state changes the conversation but is no reply: nothing new is told
    core.conversations.receive(profileId, {
      event: 'message.status',
      data: { id: 'wamid.x', number: ANA, status: 'delivered', at: new Date().toISOString() },
    });
    // the window has the focus: the person sees it there
    focused.now = true;
    reply('in_2', 'Hello?');
    await vi.waitFor(() => expect(a.badges.at(-1)).toBe(2));
    expect(a.notices).toHaveLength(1);

    // switched off (the window's settings or crm settings reply-notices): nothing in the background either
    focused.now = false;
    core.inbox.setReplyNotices({ on: false });
    reply('in_3', 'Anyone?');
    await vi.waitFor(() => expect(a.badges.at(-1)).toBe(3));
    expect(a.notices).toHaveLength(1);

    // opening the conversation clears the badge
    await core.inbox.markRead({ number: ANA });
    await vi.waitFor(() => expect(a.badges.at(-1)).toBe(0));
    signals.dispose();
  });
});

describe('replyNotice', () => {
  const since = new Date('2026-03-01T12:00:00Z');
  const row = (over: Partial<InboxRow>): InboxRow => ({
    number: ANA,
    name: null,
    lastDirection: 'in',
    lastKind: 'text',
    lastText: 'Hi',
    lastAt: '2026-03-01T12:00:05.000Z',
    unread: 1,
    needsAnswer: true,
    lastSentState: null,
    windowClosesAt: null,
    ...over,
  });

  it('tells a new unread reply once, by name or number; a file by its kind', () => {
    expect(replyNotice(row({}), since, undefined)).toEqual({ title: '+55 11 99999 0001', body: 'Hi' });
    expect(replyNotice(row({ name: 'Ana', lastText: null, lastKind: 'image' }), since, undefined)).toEqual({
      title: 'Ana (+55 11 99999 0001)',
      body: 'Sent an image',
    });
    expect(replyNotice(row({}), since, '2026-03-01T12:00:05.000Z')).toBeNull();
  });

  it('tells nothing for our own send, a read reply, one from before the start, or no row', () => {
    expect(replyNotice(row({ lastDirection: 'out' }), since, undefined)).toBeNull();
    expect(replyNotice(row({ unread: 0 }), since, undefined)).toBeNull();
    expect(replyNotice(row({ lastAt: '2026-03-01T11:59:59.000Z' }), since, undefined)).toBeNull();
    expect(replyNotice(null, since, undefined)).toBeNull();
  });
});
