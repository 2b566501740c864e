// A passing note ("Copied", "Revoked here") leaves by itself, but not before it can be read,
// and not while the pointer rests on it or focus is in it.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRANSIENT_MS, TransientNote } from '../../../src-renderer/ui/transient-note';
import { render, type Rendered } from '../helpers/render';

let view: Rendered | undefined;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.useRealTimers();
});

const note = (): HTMLElement | null => view!.container.querySelector('[data-testid="note"]');
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('TransientNote', () => {
  it('stays at least 6 s, then fades and leaves', () => {
    expect(TRANSIENT_MS).toBeGreaterThanOrEqual(6000);
    view = render(
      <TransientNote testId="note">
        <p>Copied</p>
      </TransientNote>,
    );
    advance(6000);
    expect(note()?.className).toBe('transient');
    advance(TRANSIENT_MS - 6000);
    expect(note()?.className).toContain('is-fading');
    advance(1000);
    expect(note()).toBeNull();
  });

  it('waits while hovered, and gets its full time again once the pointer leaves', () => {
    view = render(
      <TransientNote testId="note">
        <p>Revoked here</p>
      </TransientNote>,
    );
    act(() => note()!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
    advance(TRANSIENT_MS * 3);
    expect(note()?.className).toBe('transient');
    act(() => note()!.dispatchEvent(new MouseEvent('mouseout', { bubbles: true })));
    advance(TRANSIENT_MS - 1000);
    expect(note()).not.toBeNull();
    advance(2000);
    expect(note()?.className).toContain('is-fading');
  });

  it('waits while focus is in it', () => {
    view = render(
      <TransientNote testId="note">
        <button type="button">Undo</button>
      </TransientNote>,
    );
    act(() => view!.container.querySelector('button')!.focus());
    advance(TRANSIENT_MS * 2);
    expect(note()?.className).toBe('transient');
    act(() => view!.container.querySelector('button')!.blur());
    advance(TRANSIENT_MS);
    advance(1000);
    expect(note()).toBeNull();
  });
});
