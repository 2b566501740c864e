// The Conversations screen's store: pages read as the list needs them, a burst of changes read
// once more (not once per event), the keyboard's row following its conversation when it moves,
// opening marks read, and a new filter starting from the top.
import { afterEach, describe, expect, it } from 'vitest';
import type { InboxPage, InboxRow } from '../../../src-renderer/lib/api';
import { INBOX_PAGE, rowAt, useInboxStore } from '../../../src-renderer/features/inbox/inbox-store';
import { deferred, flush, installFakeCrm, ok } from '../helpers/fake-crm';

const row = (number: string, unread = 0): InboxRow => ({
  number,
  name: null,
  lastDirection: unread > 0 ? 'in' : 'out',
  lastKind: 'text',
  lastText: `line ${number}`,
  lastAt: '2026-01-01T00:00:00Z',
  unread,
  needsAnswer: unread > 0,
  lastSentState: null,
  windowClosesAt: null,
});
const page = (rows: InboxRow[], total = rows.length, offset = 0): InboxPage => ({
  rows,
  total,
  offset,
  unreadTotal: rows.reduce((n, r) => n + r.unread, 0),
});
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  useInboxStore.setState(useInboxStore.getInitialState(), true);
});

describe('the inbox store', () => {
  it('reads the first page at start and the pages a scrolled list needs, once each', async () => {
    const fake = installFakeCrm({
      'inbox:list': (p) =>
        ok(
          page(
            Array.from({ length: Math.min(INBOX_PAGE, 250 - p.offset) }, (_, i) => row(`55119${String(p.offset + i).padStart(8, '0')}`)),
            250,
            p.offset,
          ),
        ),
    });
    await useInboxStore.getState().start();
    expect(useInboxStore.getState().total).toBe(250);
    useInboxStore.getState().ensureRange(180, 260);
    useInboxStore.getState().ensureRange(190, 210);
    await flush();
    expect(fake.callsTo('inbox:list').map((c) => c.offset)).toEqual([0, 100, 200]);
    const last = rowAt(useInboxStore.getState().pages, 249);
    expect(last.kind === 'row' ? last.row.number : null).toBe('5511900000249');
  });

  it('a burst of changes during a read gives one more read; the keyboard row follows its conversation to the top', async () => {
    const first = deferred<ReturnType<typeof ok<InboxPage>>>();
    let reads = 0;
    installFakeCrm({
      'inbox:list': () => {
        reads += 1;
        if (reads === 1) return ok(page([row('5511900000001'), row('5511900000002')]));
        if (reads === 2) return first.promise;
        return ok(page([row('5511900000002', 1), row('5511900000001')]));
      },
    });
    await useInboxStore.getState().start();
    useInboxStore.getState().setActiveIndex(1);
    const changed = useInboxStore.getState().onChanged();
    for (let i = 0; i < 30; i += 1) void useInboxStore.getState().onChanged();
    first.resolve(ok(page([row('5511900000001'), row('5511900000002')])));
    await changed;
    await wait(250);
    expect(reads).toBe(3);
    // 5511900000002 moved to the top: the keyboard's row is still on it
    expect(useInboxStore.getState().activeIndex).toBe(0);
    expect(useInboxStore.getState().unreadTotal).toBe(1);
  });

  it('opening a conversation marks it read: its row and the unread total say so at once', async () => {
    const fake = installFakeCrm({
      'inbox:list': () => ok(page([row('5511900000001', 2), row('5511900000002', 1)])),
      'inbox:mark-read': () => ok({ unreadTotal: 1 }),
    });
    await useInboxStore.getState().start();
    await useInboxStore.getState().open('5511900000001');
    expect(fake.callsTo('inbox:mark-read')).toEqual([{ number: '5511900000001' }]);
    expect(useInboxStore.getState().openNumber).toBe('5511900000001');
    expect(useInboxStore.getState().unreadTotal).toBe(1);
    const opened = rowAt(useInboxStore.getState().pages, 0);
    expect(opened.kind === 'row' ? opened.row.unread : null).toBe(0);
  });

  it('start asked twice (before React renders, then as events are wired) reads the first page once; a failed one is read again', async () => {
    const answer = deferred<ReturnType<typeof ok<InboxPage>>>();
    let failing = true;
    const fake = installFakeCrm({
      'inbox:list': () => (failing ? { ok: false as const, error: { code: 'internal' as const, message: 'not yet' } } : answer.promise),
    });
    await useInboxStore.getState().start();
    expect(useInboxStore.getState().error?.message).toBe('not yet');
    failing = false;
    const first = useInboxStore.getState().start();
    const second = useInboxStore.getState().start();
    expect(second).toBe(first);
    answer.resolve(ok(page([row('5511900000001', 1)])));
    await second;
    expect(fake.callsTo('inbox:list')).toHaveLength(2);
    expect(useInboxStore.getState().total).toBe(1);
    await useInboxStore.getState().start();
    expect(fake.callsTo('inbox:list')).toHaveLength(2);
  });

  it('a new filter reads from the top, and an answer for the old filter is dropped', async () => {
    const slow = deferred<ReturnType<typeof ok<InboxPage>>>();
    const fake = installFakeCrm({ 'inbox:list': (p) => (p.filter === 'all' ? slow.promise : ok(page([row('5511900000003', 1)]))) });
    const started = useInboxStore.getState().start();
    useInboxStore.getState().setFilter('unread');
    slow.resolve(ok(page([row('5511900000001'), row('5511900000002')])));
    await started;
    await flush();
    expect(fake.callsTo('inbox:list').map((c) => c.filter)).toEqual(['all', 'unread']);
    expect(useInboxStore.getState().total).toBe(1);
  });

  it('a reply into the open conversation is read as it comes while the screen is on view, and not after the agent left it', async () => {
    let unread = 0;
    const fake = installFakeCrm({
      'inbox:list': () => ok(page([row('5511900000001', unread)])),
      'inbox:mark-read': () => ok({ unreadTotal: 0 }),
    });
    await useInboxStore.getState().start();
    useInboxStore.getState().setShown(true);
    await useInboxStore.getState().open('5511900000001');
    const focus = document.hasFocus;
    document.hasFocus = () => true;
    try {
      unread = 1;
      await useInboxStore.getState().onChanged();
      expect(fake.callsTo('inbox:mark-read')).toHaveLength(2);
      useInboxStore.getState().setShown(false);
      await useInboxStore.getState().onChanged();
      expect(fake.callsTo('inbox:mark-read')).toHaveLength(2);
      expect(useInboxStore.getState().unreadTotal).toBe(1);
    } finally {
      document.hasFocus = focus;
    }
  });

  it('a page that cannot be read says why on its rows and for the list', async () => {
    installFakeCrm({
      'inbox:list': () => ({ ok: false, error: { code: 'validation', message: 'No profile is active. Add or choose a profile first.' } }),
    });
    await useInboxStore.getState().start();
    expect(useInboxStore.getState().error?.message).toBe('No profile is active. Add or choose a profile first.');
    expect(rowAt(useInboxStore.getState().pages, 0).kind).toBe('error');
  });
});
