import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryMessage, MessageHistoryPage, Result } from '../../../src-renderer/lib/api';
import { MESSAGES_PER_PAGE, useMessagesStore } from '../../../src-renderer/features/messages/messages-store';
import { deferred, fail, flush, installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';
import { numberedSentFields } from '../../main/helpers/numbered-sent';

const message = (n: number, extra: Partial<HistoryMessage> = {}): HistoryMessage => ({
  key: `m_${n}`,
  id: `m_${n}`,
  ...numberedSentFields(n),
  source: 'service',
  ...extra,
});

function page(items: HistoryMessage[], extra: Partial<MessageHistoryPage> = {}): MessageHistoryPage {
  return {
    items,
    page: 1,
    perPage: MESSAGES_PER_PAGE,
    total: items.length,
    hasMore: false,
    source: 'service',
    number: null,
    fallbackReason: null,
    ...extra,
  };
}

let crm: FakeCrm;
let detach: (() => void) | null = null;

beforeEach(() => {
  useMessagesStore.setState(useMessagesStore.getInitialState(), true);
});
afterEach(() => {
  detach?.();
  detach = null;
});

const keys = (): string[] => useMessagesStore.getState().items.map((m) => m.key);

describe('messages store', () => {
  it('opening the screen lists the first page for every recipient', async () => {
    crm = installFakeCrm({ 'messages:list': () => ok(page([message(2), message(1)], { total: 2 })) });
    detach = useMessagesStore.getState().attach();
    expect(useMessagesStore.getState().status).toBe('loading');
    await flush();
    expect(crm.callsTo('messages:list')).toEqual([{ page: 1, perPage: MESSAGES_PER_PAGE }]);
    expect(useMessagesStore.getState()).toMatchObject({ status: 'ready', source: 'service', total: 2, hasMore: false });
    expect(keys()).toEqual(['m_2', 'm_1']);
  });

  it('filters by the number as typed; an empty field lists everyone again', async () => {
    crm = installFakeCrm({ 'messages:list': (p) => ok(page([message(1)], { number: p.number ? '5511999990000' : null })) });
    detach = useMessagesStore.getState().attach();
    await flush();
    useMessagesStore.getState().setNumberInput('+55 (11) 99999-0000');
    await useMessagesStore.getState().applyFilter();
    expect(crm.callsTo('messages:list').at(-1)).toEqual({ page: 1, perPage: MESSAGES_PER_PAGE, number: '+55 (11) 99999-0000' });
    expect(useMessagesStore.getState()).toMatchObject({ filter: '+55 (11) 99999-0000', number: '5511999990000' });
    await useMessagesStore.getState().clearFilter();
    expect(crm.callsTo('messages:list').at(-1)).toEqual({ page: 1, perPage: MESSAGES_PER_PAGE });
    expect(useMessagesStore.getState()).toMatchObject({ numberInput: '', filter: '', number: null });
  });

  it('a number main refuses is shown at the field, and the list stays as it was', async () => {
    crm = installFakeCrm({ 'messages:list': () => ok(page([message(1)])) });
    detach = useMessagesStore.getState().attach();
    await flush();
    crm.handle('messages:list', () =>
      fail({
        code: 'validation',
        message: 'Number has letters',
        details: [{ field: 'number', message: 'has letters', sentence: 'Number has letters: only digits' }],
      }),
    );
    useMessagesStore.getState().setNumberInput('55ab');
    await useMessagesStore.getState().applyFilter();
    expect(useMessagesStore.getState()).toMatchObject({
      status: 'ready',
      filterProblem: 'Number has letters: only digits',
      filter: '',
      error: null,
    });
    expect(keys()).toEqual(['m_1']);
    // typing again clears the problem
    useMessagesStore.getState().setNumberInput('5511');
    expect(useMessagesStore.getState().filterProblem).toBeNull();
  });

  it('load more asks for the next page and shows a message that moved onto it only once', async () => {
    crm = installFakeCrm({
      'messages:list': ({ page: p }) =>
        p === 1
          ? ok(page([message(5), message(4)], { total: 5, hasMore: true }))
          : p === 2
            ? ok(page([message(4), message(3), message(2)], { page: 2, total: 5, hasMore: true }))
            : ok(page([message(1)], { page: 3, total: 5 })),
    });
    detach = useMessagesStore.getState().attach();
    await flush();
    await useMessagesStore.getState().loadMore();
    expect(keys()).toEqual(['m_5', 'm_4', 'm_3', 'm_2']);
    await useMessagesStore.getState().loadMore();
    expect(keys()).toEqual(['m_5', 'm_4', 'm_3', 'm_2', 'm_1']);
    expect(useMessagesStore.getState()).toMatchObject({ page: 3, hasMore: false });
    await useMessagesStore.getState().loadMore();
    expect(crm.callsTo('messages:list').map((c) => c.page)).toEqual([1, 2, 3]);
  });

  it('a failed page keeps what is shown and can be asked again', async () => {
    crm = installFakeCrm({ 'messages:list': () => ok(page([message(2)], { hasMore: true, total: 2 })) });
    detach = useMessagesStore.getState().attach();
    await flush();
    crm.handle('messages:list', () => fail({ code: 'network', message: 'The service could not be reached' }));
    await useMessagesStore.getState().loadMore();
    expect(useMessagesStore.getState()).toMatchObject({ moreError: { code: 'network' }, loadingMore: false, page: 1 });
    crm.handle('messages:list', () => ok(page([message(1)], { page: 2, total: 2 })));
    await useMessagesStore.getState().loadMore();
    expect(useMessagesStore.getState()).toMatchObject({ moreError: null, page: 2 });
    expect(keys()).toEqual(['m_2', 'm_1']);
  });

  it('an error state, then Retry', async () => {
    crm = installFakeCrm({ 'messages:list': () => fail({ code: 'forbidden', message: 'This key lacks permission', status: 403 }) });
    detach = useMessagesStore.getState().attach();
    await flush();
    expect(useMessagesStore.getState()).toMatchObject({ status: 'error', error: { code: 'forbidden' } });
    crm.handle('messages:list', () => ok(page([])));
    await useMessagesStore.getState().load();
    expect(useMessagesStore.getState()).toMatchObject({ status: 'ready', error: null, items: [] });
  });

  it('a list for a new number that failed is the one Retry and a change in main ask for again', async () => {
    crm = installFakeCrm({ 'messages:list': () => ok(page([message(1)])) });
    detach = useMessagesStore.getState().attach();
    await flush();
    crm.handle('messages:list', () => fail({ code: 'network', message: 'The service could not be reached' }));
    useMessagesStore.getState().setNumberInput('5511988887777');
    await useMessagesStore.getState().applyFilter();
    expect(useMessagesStore.getState()).toMatchObject({ status: 'error', filter: '5511988887777', items: [] });
    crm.handle('messages:list', (p) => ok(page([message(2)], { number: p.number ?? null })));
    useMessagesStore.getState().onChanged();
    await flush();
    expect(crm.callsTo('messages:list').at(-1)).toEqual({ page: 1, perPage: MESSAGES_PER_PAGE, number: '5511988887777' });
    expect(useMessagesStore.getState()).toMatchObject({ status: 'ready', error: null, number: '5511988887777' });
    expect(keys()).toEqual(['m_2']);
  });

  it('a refresh that fails behind a shown list keeps the list and says it is not current', async () => {
    crm = installFakeCrm({ 'messages:list': () => ok(page([message(1)])) });
    detach = useMessagesStore.getState().attach();
    await flush();
    crm.handle('messages:list', () => fail({ code: 'timeout', message: 'No answer in time' }));
    await useMessagesStore.getState().refresh();
    expect(useMessagesStore.getState()).toMatchObject({ status: 'ready', error: { code: 'timeout' } });
    expect(keys()).toEqual(['m_1']);
  });

  it('messages:changed lists again while the screen is open, keeping the older pages below; not while it is closed', async () => {
    crm = installFakeCrm({
      'messages:list': ({ page: p }) =>
        p === 1 ? ok(page([message(3), message(2)], { total: 3, hasMore: true })) : ok(page([message(1)], { page: 2, total: 3 })),
    });
    detach = useMessagesStore.getState().attach();
    await flush();
    await useMessagesStore.getState().loadMore();
    crm.handle('messages:list', () => ok(page([message(4, { origin: 'outbox' }), message(3)], { total: 4, hasMore: true })));
    useMessagesStore.getState().onChanged();
    await flush();
    expect(keys()).toEqual(['m_4', 'm_3', 'm_2', 'm_1']);
    expect(useMessagesStore.getState().items[0]?.origin).toBe('outbox');
    // page 2 was read: whether more follow is still what it said
    expect(useMessagesStore.getState()).toMatchObject({ total: 4, page: 2, hasMore: false });

    detach();
    detach = null;
    const asked = crm.callsTo('messages:list').length;
    useMessagesStore.getState().onChanged();
    await flush();
    expect(crm.callsTo('messages:list')).toHaveLength(asked);
  });

  it("the Contacts screen's Messages: the screen opens on that number", async () => {
    crm = installFakeCrm({ 'messages:list': (p) => ok(page([message(1)], { number: p.number ?? null })) });
    useMessagesStore.getState().showNumber('5511999990000');
    expect(crm.callsTo('messages:list')).toEqual([]);
    detach = useMessagesStore.getState().attach();
    await flush();
    expect(crm.callsTo('messages:list')).toEqual([{ page: 1, perPage: MESSAGES_PER_PAGE, number: '5511999990000' }]);
    expect(useMessagesStore.getState()).toMatchObject({ numberInput: '5511999990000', filter: '5511999990000', number: '5511999990000' });
  });

  it('an answer for a filter that was replaced meanwhile is dropped', async () => {
    const slow = deferred<Result<MessageHistoryPage>>();
    crm = installFakeCrm({
      'messages:list': (p) => (p.number === undefined ? slow.promise : ok(page([message(9)], { number: '5511999990000' }))),
    });
    detach = useMessagesStore.getState().attach();
    useMessagesStore.getState().setNumberInput('5511999990000');
    await useMessagesStore.getState().applyFilter();
    slow.resolve(ok(page([message(1), message(2)])));
    await flush();
    expect(keys()).toEqual(['m_9']);
    expect(useMessagesStore.getState().number).toBe('5511999990000');
  });

  it('another active profile: the list is asked again from the first page', async () => {
    crm = installFakeCrm({ 'messages:list': () => ok(page([message(2)], { hasMore: true, total: 2 })) });
    detach = useMessagesStore.getState().attach();
    await flush();
    crm.handle('messages:list', () =>
      ok(page([message(7, { source: 'record' })], { source: 'record', fallbackReason: 'The service has no message listing' })),
    );
    useMessagesStore.getState().reset();
    await flush();
    expect(keys()).toEqual(['m_7']);
    expect(useMessagesStore.getState()).toMatchObject({
      source: 'record',
      fallbackReason: 'The service has no message listing',
      page: 1,
      hasMore: false,
    });
  });
});

describe('messages store: load more meets other requests', () => {
  it('a refresh of the first page while the next page loads keeps that page; a new filter drops it', async () => {
    const second = deferred<Result<MessageHistoryPage>>();
    crm = installFakeCrm({
      'messages:list': ({ page: p }) => (p === 1 ? ok(page([message(3), message(2)], { total: 3, hasMore: true })) : second.promise),
    });
    detach = useMessagesStore.getState().attach();
    await flush();
    const more = useMessagesStore.getState().loadMore();
    await useMessagesStore.getState().refresh();
    second.resolve(ok(page([message(1)], { page: 2, total: 3 })));
    await more;
    expect(keys()).toEqual(['m_3', 'm_2', 'm_1']);
    expect(useMessagesStore.getState()).toMatchObject({ page: 2, loadingMore: false });

    const third = deferred<Result<MessageHistoryPage>>();
    crm.handle('messages:list', ({ page: p, number }) =>
      number !== undefined
        ? ok(page([message(8)], { number: '5511999990000' }))
        : p === 3
          ? third.promise
          : ok(page([message(3), message(2)], { total: 9, hasMore: true })),
    );
    useMessagesStore.setState({ hasMore: true });
    const again = useMessagesStore.getState().loadMore();
    useMessagesStore.getState().setNumberInput('5511999990000');
    await useMessagesStore.getState().applyFilter();
    third.resolve(ok(page([message(0)], { page: 3, total: 9 })));
    await again;
    expect(keys()).toEqual(['m_8']);
    expect(useMessagesStore.getState()).toMatchObject({ page: 1, loadingMore: false, filter: '5511999990000' });
  });
});
