import { useCallback, useEffect, useRef, useState } from 'react';
import { selectFocusTick, selectScreen, useAppStore } from './app-store';
import { AppHeader } from './header';
import { AppNav } from './nav';
import { Notices } from './notices';
import { CommandPalette } from './command-palette';
import { isMessageSearchShortcut, isPaletteShortcut, isSearchShortcut, screenForShortcut } from './shortcuts';
import { SearchDialogHost } from '../features/search/search-dialog-host';
import { useSearchStore } from '../features/search/search-store';
import { focusScreen } from '../ui/focus';
import { wireAppEvents } from './wire-events';
import { ConfirmHost } from '../ui/confirm-host';
import { RollDialogHost } from '../features/keys/roll-dialog';
import { SCREEN_VIEWS, preloadScreens } from './screen-views';
import { ScreenFrame } from './screen-frame';
import { useIsMac } from './app-port';

const PRELOAD_SCREENS_AFTER_MS = 1000;

export function App() {
  const screen = useAppStore(selectScreen);
  const isMac = useIsMac();
  const focusTick = useAppStore(selectFocusTick);
  const main = useRef<HTMLElement>(null);
  const focusedTick = useRef(0);
  const [palette, setPalette] = useState(false);
  useEffect(() => wireAppEvents(), []);
  useEffect(() => {
    // The later screens' chunks load after the cold load: not at the first idle moment, which
    // comes while the first contacts page is still on its way and would compete with it.
    let idle = 0;
    const wait = setTimeout(() => {
      idle = requestIdleCallback(preloadScreens, { timeout: 2000 });
    }, PRELOAD_SCREENS_AFTER_MS);
    return () => {
      clearTimeout(wait);
      cancelIdleCallback(idle);
    };
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (isMessageSearchShortcut(e, isMac)) {
        e.preventDefault();
        setPalette(false);
        useSearchStore.getState().openSearch();
        return;
      }
      if (isPaletteShortcut(e, isMac)) {
        e.preventDefault();
        setPalette(true);
        return;
      }
      if (isSearchShortcut(e, e.target)) {
        e.preventDefault();
        useAppStore.getState().navigate('contacts');
        return;
      }
      const target = screenForShortcut(e, isMac);
      if (!target) return;
      e.preventDefault();
      useAppStore.getState().navigate(target);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isMac]);
  // Every navigation (a link, a shortcut, the palette, a button that opens another screen) puts
  // the person where the screen's work starts, once its content is in the document: at once for
  // the screen on view, after its chunk arrived for another (screenShown). The first screen the
  // window opens on is left alone (focusTick 0).
  const focusIfAsked = useCallback(() => {
    const tick = useAppStore.getState().focusTick;
    if (tick === focusedTick.current || !main.current) return;
    if (main.current.querySelector('.screen[aria-busy="true"]')) return; // still loading: screenShown comes
    focusedTick.current = tick;
    focusScreen(main.current);
  }, []);
  useEffect(focusIfAsked, [focusTick, screen, focusIfAsked]);
  const screenShown = focusIfAsked;
  return (
    <div className="app">
      <AppHeader />
      <div className="app-body">
        <AppNav />
        <main ref={main} className="app-main" data-testid={`screen-${screen}`}>
          <Notices />
          <ScreenFrame screenKey={screen} view={SCREEN_VIEWS[screen]} onShown={screenShown} />
        </main>
      </div>
      <ConfirmHost />
      {/* app-wide: any part of the window may ask to roll a key (keys-store openRoll) */}
      <RollDialogHost />
      {palette && <CommandPalette onClose={() => setPalette(false)} />}
      <SearchDialogHost />
    </div>
  );
}
