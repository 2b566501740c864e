// The search dialog's store: results follow the typing after a short pause (one search per
// pause, not per key), an answer to an older text is dropped, main's reason for text it cannot
// search is shown instead of results, Load more adds the next page, and a profile switch finds
// the text again in the new profile. The shortcut is Ctrl+Shift+F (Cmd+Shift+F on a Mac).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchHit, SearchPage } from '../../../src-renderer/lib/api';
import { SEARCH_DEBOUNCE_MS, SEARCH_PAGE, useSearchStore } from '../../../src-renderer/features/search/search-store';
import { isMessageSearchShortcut } from '../../../src-renderer/app/shortcuts';
import { paletteCommands } from '../../../src-renderer/app/palette-commands';
import { deferred, fail, flush, installFakeCrm, ok } from '../helpers/fake-crm';
import { chord } from '../helpers/key-chord';

const hit = (key: string): SearchHit => ({
  key,
  direction: 'out',
  number: '5511999990000',
  name: null,
  messageId: null,
  kind: 'text',
  at: '2026-01-01T00:00:00.000Z',
  snippet: [{ text: key, match: true }],
});
const page = (keys: string[], extra: Partial<SearchPage> = {}): SearchPage => ({
  query: 'x',
  hits: keys.map(hit),
  total: keys.length,
  totalCapped: false,
  next: null,
  ...extra,
});
const shown = (): string[] => useSearchStore.getState().hits.map((h) => h.key);

beforeEach(() => {
  vi.useFakeTimers();
  useSearchStore.setState(useSearchStore.getInitialState(), true);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('search store', () => {
  it('asks once the typing pauses, with the last text only', async () => {
    const crm = installFakeCrm({ 'messages:search': (p) => ok(page([`hit-${p.text}`])) });
    const { setText } = useSearchStore.getState();
    setText('p');
    setText('pe');
    setText('ped');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    expect(crm.callsTo('messages:search')).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(crm.callsTo('messages:search')).toEqual([{ text: 'ped', limit: SEARCH_PAGE }]);
    expect(shown()).toEqual(['hit-ped']);
    expect(useSearchStore.getState()).toMatchObject({ status: 'ready', total: 1 });
  });

  it('drops an answer to an older text that comes after the newer one', async () => {
    const slow = deferred<ReturnType<typeof ok<SearchPage>>>();
    installFakeCrm({ 'messages:search': (p) => (p.text === 'old' ? slow.promise : ok(page(['new']))) });
    const { setText } = useSearchStore.getState();
    setText('old');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    setText('new');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    await flush();
    expect(shown()).toEqual(['new']);
    slow.resolve(ok(page(['old'])));
    await flush();
    expect(shown()).toEqual(['new']);
  });

  it("shows main's reason for a text it cannot search instead of results, and an empty field asks nothing", async () => {
    const crm = installFakeCrm({
      'messages:search': () =>
        fail({ code: 'validation', message: 'Search finds words and numbers; this has none (punctuation and emoji are not indexed).' }),
    });
    useSearchStore.getState().setText('🙂');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    await flush();
    expect(useSearchStore.getState()).toMatchObject({ status: 'ready', hits: [], problem: expect.stringMatching(/punctuation and emoji/) });
    useSearchStore.getState().setText('   ');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(crm.callsTo('messages:search')).toHaveLength(1);
    expect(useSearchStore.getState()).toMatchObject({ status: 'idle', problem: null });
  });

  it('a failure other than the text is an error with Retry, and the text is kept', async () => {
    installFakeCrm({ 'messages:search': () => fail({ code: 'internal', message: 'Unexpected internal error.' }) });
    useSearchStore.getState().setText('pedido');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    await flush();
    expect(useSearchStore.getState()).toMatchObject({ status: 'error', text: 'pedido', error: { code: 'internal' } });
  });

  it('Load more asks from the page marker and adds the next hits below', async () => {
    const crm = installFakeCrm({
      'messages:search': (p) => ok(p.after === undefined ? page(['a', 'b'], { total: 3, next: 's1.r-' }) : page(['c'], { total: 3 })),
    });
    useSearchStore.getState().setText('x');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    await flush();
    await useSearchStore.getState().loadMore();
    expect(crm.callsTo('messages:search').at(-1)).toEqual({ text: 'x', limit: SEARCH_PAGE, after: 's1.r-' });
    expect(shown()).toEqual(['a', 'b', 'c']);
    expect(useSearchStore.getState().next).toBeNull();
  });

  it('a profile switch while open finds the same text again in the new profile', async () => {
    let profile = 'one';
    const crm = installFakeCrm({ 'messages:search': () => ok(page([`${profile}-hit`])) });
    useSearchStore.getState().switchProfile('p1');
    useSearchStore.getState().openSearch();
    useSearchStore.getState().setText('x');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    await flush();
    profile = 'two';
    useSearchStore.getState().switchProfile('p2');
    await flush();
    expect(shown()).toEqual(['two-hit']);
    expect(crm.callsTo('messages:search')).toHaveLength(2);
  });
});

describe('the search shortcut and palette entry', () => {
  it('Ctrl+Shift+F, or Cmd+Shift+F on a Mac; not Ctrl+F (the page may use it) nor with Alt', () => {
    expect(isMessageSearchShortcut(chord('F', { ctrlKey: true, shiftKey: true }), false)).toBe(true);
    expect(isMessageSearchShortcut(chord('f', { metaKey: true, shiftKey: true }), true)).toBe(true);
    expect(isMessageSearchShortcut(chord('f', { ctrlKey: true }), false)).toBe(false);
    expect(isMessageSearchShortcut(chord('F', { ctrlKey: true, shiftKey: true, altKey: true }), false)).toBe(false);
    expect(isMessageSearchShortcut(chord('F', { ctrlKey: true, shiftKey: true }), true)).toBe(false);
  });

  it('the palette offers it with its shortcut', () => {
    const commands = paletteCommands({ query: 'search', profiles: [], activeProfileId: null, chosen: null, isMac: false });
    expect(commands[0]).toMatchObject({ label: 'Search messages', hint: 'Ctrl+Shift+F', action: { kind: 'search-messages' } });
  });
});
