// What the features may know of the app shell, and nothing more: the limits and platform main
// reported in app:info, and a way to open another screen. The app store stays the only owner
// of that state; features read it (or ask for a screen) here, so they never depend on the
// store's shape nor reach its other actions.
import type { SendLimits } from '../../src-main/shared/limits';
import { selectLimits, useAppStore, type Screen } from './app-store';

export type { Screen };

/** main's limits (the API's defaults until app:info answers), for rendering. */
export function useLimits(): SendLimits {
  return useAppStore(selectLimits);
}

/** The same limits outside React (store actions). */
export function currentLimits(): SendLimits {
  return selectLimits(useAppStore.getState());
}

/** Shortcuts are shown as macOS writes them on a Mac. */
export function useIsMac(): boolean {
  return useAppStore((s) => s.info?.platform === 'darwin');
}

export function useOpenScreen(): (screen: Screen) => void {
  return useAppStore((s) => s.navigate);
}

/** The same outside React (a store action, a jump to a message). */
export function openScreen(screen: Screen): void {
  useAppStore.getState().navigate(screen);
}

/** A dismissable notice for the person, from outside the screens (a jump that could not land). */
export function showNotice(level: 'info' | 'warning' | 'error', message: string): void {
  useAppStore.getState().pushNotice(level, message);
}
