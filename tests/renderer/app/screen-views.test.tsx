// A later screen whose chunk has arrived is in the document with the commit that opens it, with
// no fallback in between (React holds a revealed Suspense boundary back 300 ms); before its
// chunk arrives it loads through React.lazy as before.
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, settle, type Rendered } from '../helpers/render';

const chunks = vi.hoisted(() => ({ arrived: null as ComponentType | null, load: vi.fn() }));
vi.mock('../../../src-renderer/features/contacts/contacts-screen', () => ({ ContactsScreen: () => null }));
vi.mock('../../../src-renderer/app/screen-chunks', () => ({
  LATER_SCREENS: ['conversations'],
  arrivedScreen: () => chunks.arrived,
  loadScreenChunk: chunks.load,
}));

const { ScreenFrame } = await import('../../../src-renderer/app/screen-frame');
const { SCREEN_VIEWS } = await import('../../../src-renderer/app/screen-views');

const Inbox = () => <h1 data-testid="inbox-title">Conversations</h1>;

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
  chunks.arrived = null;
  chunks.load.mockReset();
});

describe('a later screen', () => {
  it('whose chunk has arrived is rendered in the commit that opens it, without a fallback or a load', () => {
    chunks.arrived = Inbox;
    const onShown = vi.fn();
    view = render(<ScreenFrame screenKey="conversations" view={SCREEN_VIEWS.conversations} onShown={onShown} />);
    expect(view.container.querySelector('[data-testid="inbox-title"]')).not.toBeNull();
    expect(view.container.querySelector('[aria-busy="true"]')).toBeNull();
    expect(onShown).toHaveBeenCalledTimes(1);
    expect(chunks.load).not.toHaveBeenCalled();
  });

  it('whose chunk has not arrived shows the busy area, loads it, then the screen', async () => {
    let arrive!: () => void;
    chunks.load.mockReturnValue(new Promise((ok) => (arrive = () => ok({ default: Inbox }))));
    view = render(<ScreenFrame screenKey="conversations" view={SCREEN_VIEWS.conversations} onShown={() => {}} />);
    expect(view.container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(chunks.load).toHaveBeenCalledWith('conversations');
    arrive();
    await settle();
    expect(view.container.querySelector('[data-testid="inbox-title"]')).not.toBeNull();
  });
});
