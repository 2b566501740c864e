import { useCallback, useEffect, useRef, useState } from 'react';
import { selectScreen, useAppStore } from './app-store';
import { AppHeader } from './header';
import { AppNav } from './nav';
import { Notices } from './notices';
import { CommandPalette } from './command-palette';
import { isPaletteShortcut, isSearchShortcut, screenForShortcut } from './shortcuts';
import { focusScreen } from '../ui/focus';
import { wireAppEvents } from './wire-events';
import { ConfirmHost } from '../ui/confirm-host';
import { SCREEN_VIEWS, preloadScreens } from './screen-views';
import { ScreenFrame } from './screen-frame';
import { useIsMac } from './app-port';

const PRELOAD_SCREENS_AFTER_MS = 1000;

export function App() {
  const screen = useAppStore(selectScreen);
  const isMac = useIsMac();
  const main = useRef<HTMLElement>(null);
  const openedByKey = useRef(false);
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
      if (isPaletteShortcut(e, isMac)) {
        e.preventDefault();
        setPalette(true);
        return;
      }
      if (isSearchShortcut(e, e.target)) {
        e.preventDefault();
        openedByKey.current = true;
        if (useAppStore.getState().screen === 'contacts') focusScreen(main.current);
        else useAppStore.getState().navigate('contacts');
        return;
      }
      const target = screenForShortcut(e, isMac);
      if (!target) return;
      e.preventDefault();
      openedByKey.current = true;
      if (useAppStore.getState().screen === target) focusScreen(main.current);
      else useAppStore.getState().navigate(target);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isMac]);
  const screenShown = useCallback(() => {
    // a screen opened from the keyboard puts the person where its work starts
    if (!openedByKey.current) return;
    openedByKey.current = false;
    focusScreen(main.current);
  }, []);
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
      {palette && <CommandPalette onClose={() => setPalette(false)} />}
    </div>
  );
}
