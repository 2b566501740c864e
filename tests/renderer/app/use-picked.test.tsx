// One subscription for several fields of a store: the component sees the fields it names, re-renders when one of them
// changes by Object.is (as one selector per field would), and never for a field it did not name.
import { act } from 'react';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { create } from 'zustand';
import { usePicked } from '../../../src-renderer/app/use-picked';
import { render, type Rendered } from '../helpers/render';

interface CounterState {
  count: number;
  label: string;
  tags: string[];
  unrelated: number;
  bump: () => void;
}

function createCounterStore() {
  return create<CounterState>()((set) => ({
    count: 0,
    label: 'first',
    tags: ['a'],
    unrelated: 0,
    bump: () => set((s) => ({ count: s.count + 1 })),
  }));
}

type CounterStore = ReturnType<typeof createCounterStore>;
type Seen = Pick<CounterState, 'count' | 'label' | 'tags' | 'bump'>;

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
});

/** Renders, over a fresh store, a component that picks count, label, tags and bump, and keeps what it saw on every render. */
function mountPicker(): { useCounterStore: CounterStore; view: Rendered; seen: Seen[] } {
  const useCounterStore = createCounterStore();
  const seen: Seen[] = [];
  function Picker() {
    const picked = usePicked(useCounterStore, 'count', 'label', 'tags', 'bump');
    seen.push(picked);
    return <output>{`${picked.label}:${picked.count}`}</output>;
  }
  rendered = render(<Picker />);
  return { useCounterStore, view: rendered, seen };
}

describe('usePicked', () => {
  it('returns exactly the named fields, with their values', () => {
    const { view, seen } = mountPicker();
    expect(Object.keys(seen[0] ?? {}).sort()).toEqual(['bump', 'count', 'label', 'tags']);
    expect(seen[0]).toMatchObject({ count: 0, label: 'first', tags: ['a'] });
    expect(view.container.textContent).toBe('first:0');
  });

  it('re-renders when a named field changes, with its new value', () => {
    const { useCounterStore, view, seen } = mountPicker();
    act(() => useCounterStore.getState().bump());
    expect(seen).toHaveLength(2);
    expect(view.container.textContent).toBe('first:1');
    act(() => useCounterStore.setState({ label: 'second' }));
    expect(seen).toHaveLength(3);
    expect(view.container.textContent).toBe('second:1');
  });

  it('does not re-render when a field it did not name changes', () => {
    const { useCounterStore, seen } = mountPicker();
    act(() => useCounterStore.setState({ unrelated: 1 }));
    act(() => useCounterStore.setState({ unrelated: 2 }));
    expect(seen).toHaveLength(1);
  });

  it('compares each field by Object.is: the same value is no change, an equal new array is one', () => {
    const { useCounterStore, seen } = mountPicker();
    act(() => useCounterStore.setState({ count: 0, tags: useCounterStore.getState().tags }));
    expect(seen).toHaveLength(1);
    act(() => useCounterStore.setState({ tags: ['a'] }));
    expect(seen).toHaveLength(2);
    expect(seen[1]?.tags).toBe(useCounterStore.getState().tags);
  });

  it("hands out the store's own functions, the same on every render", () => {
    const { useCounterStore, seen } = mountPicker();
    act(() => useCounterStore.getState().bump());
    expect(seen).toHaveLength(2);
    expect(seen[0]?.bump).toBe(useCounterStore.getState().bump);
    expect(seen[1]?.bump).toBe(seen[0]?.bump);
  });

  it('types the pick as exactly the named fields and refuses a name the store does not have', () => {
    const useCounterStore = createCounterStore();
    const pickCountAndBump = () => usePicked(useCounterStore, 'count', 'bump');
    expectTypeOf(pickCountAndBump).returns.toEqualTypeOf<{ count: number; bump: () => void }>();
    // @ts-expect-error 'missing' is not a field of the store
    const pickMissing = () => usePicked(useCounterStore, 'missing');
    expect(typeof pickMissing).toBe('function');
  });
});
