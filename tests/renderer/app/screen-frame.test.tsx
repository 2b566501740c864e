import { lazy, type ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScreenFrame } from '../../../src-renderer/app/screen-frame';
import { render, settle, type Rendered } from '../helpers/render';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.restoreAllMocks();
});

function deferredScreen() {
  let arrive!: () => void;
  const chunk = new Promise<{ default: ComponentType }>((ok) => {
    arrive = () => ok({ default: () => <input data-testid="later-field" /> });
  });
  return { Later: lazy(() => chunk), arrive };
}

describe('a screen in its frame', () => {
  it('runs onShown only once a lazy screen’s chunk arrived and its content is in the document', async () => {
    const { Later, arrive } = deferredScreen();
    const seenFieldWhenShown: boolean[] = [];
    const onShown = () => seenFieldWhenShown.push(document.querySelector('[data-testid="later-field"]') !== null);
    view = render(<ScreenFrame screenKey="send" view={Later} onShown={onShown} />);
    await settle();
    expect(seenFieldWhenShown).toEqual([]);
    expect(view.container.querySelector('[aria-busy="true"]')).not.toBeNull();

    arrive();
    await settle();
    expect(seenFieldWhenShown).toEqual([true]);
    expect(view.container.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('keeps a screen that throws inside its frame, says why, and runs no onShown', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('chunk send-screen.js could not be loaded');
    };
    const onShown = vi.fn();
    view = render(
      <div>
        <nav data-testid="nav">still here</nav>
        <ScreenFrame screenKey="send" view={Broken} onShown={onShown} />
      </div>,
    );
    await settle();
    const alert = view.container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('This screen could not be shown');
    expect(alert?.textContent).toContain('chunk send-screen.js could not be loaded');
    expect(view.container.querySelector('[data-testid="nav"]')?.textContent).toBe('still here');
    expect(onShown).not.toHaveBeenCalled();
  });
});
