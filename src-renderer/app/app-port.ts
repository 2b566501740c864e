// What the features may know of the app shell, and nothing more: the limits and platform main
// reported in app:info, and a way to open another screen. The app store stays the only owner
// of that state; features read it (or ask for a screen) here, so they never depend on the
// store's shape nor reach its other actions.
import type { SendLimits } from '../../src-main/shared/limits';
import { selectLimits, useAppStore, windowTitle, type Screen } from './app-store';

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

/** Opens a screen from outside React (an event of main, a store action, a jump to a message), focus included. */
export function openScreen(screen: Screen): void {
  useAppStore.getState().navigate(screen);
}

/**
 * Makes `screen` the one the window opens on instead of Contacts, while the person has not moved
 * yet (no navigation since the window loaded); true when it did.
 */
export function replaceFirstScreen(screen: Screen): boolean {
  const app = useAppStore.getState();
  if (app.screen !== 'contacts' || app.focusTick !== 0) return false;
  useAppStore.setState({ screen });
  return true;
}

/**
 * Fetches `screen`'s chunk when it has one of its own, so that opening it afterwards shows it at
 * once (screen-chunks.ts); resolves when it has arrived, or could not be fetched (opening the
 * screen then says so).
 */
export async function loadScreen(screen: Screen): Promise<void> {
  if (screen === 'contacts') return;
  await screenLoader(screen).catch(() => undefined);
}

let screenLoader: (screen: Exclude<Screen, 'contacts'>) => Promise<unknown> = () => Promise.resolve();

/**
 * The shell's way of fetching a screen's chunk (screen-chunks.ts), given once at start: this port
 * is imported by the screens, so it must not import them back.
 */
export function registerScreenLoader(load: (screen: Exclude<Screen, 'contacts'>) => Promise<unknown>): void {
  screenLoader = load;
}

/** The window's own title ("CRM Console"), once app:info answered; null before. */
export function appTitle(): string | null {
  const info = useAppStore.getState().info;
  return info ? windowTitle(info.host) : null;
}

/** Hears every change of the app's state (app:info answering among them); returns the unsubscribe. */
export function onAppChange(listener: () => void): () => void {
  return useAppStore.subscribe(listener);
}

/** A dismissable notice for the person, from outside the screens (a jump that could not land). */
export function showNotice(level: 'info' | 'warning' | 'error', message: string): void {
  useAppStore.getState().pushNotice(level, message);
}
