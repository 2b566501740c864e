// The app's own keyboard shortcuts, as pure decisions: Ctrl+1..N (⌘1..N on a Mac) opens the
// Nth screen of the nav, in the nav's order. Shift or Alt with it is left to the page (and to
// the OS), so typing in a field is never taken over.
import { SCREENS, type Screen } from './app-store';

export interface KeyChord {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

export function screenForShortcut(e: KeyChord, isMac: boolean): Screen | null {
  const command = isMac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
  if (!command || e.altKey || e.shiftKey || !/^[1-9]$/.test(e.key)) return null;
  return SCREENS[Number(e.key) - 1]?.id ?? null;
}

/** the label the nav shows beside a screen: "Ctrl+2", or "⌘2" on a Mac */
export function shortcutLabel(screen: Screen, isMac: boolean): string {
  const n = SCREENS.findIndex((s) => s.id === screen) + 1;
  return isMac ? `⌘${n}` : `Ctrl+${n}`;
}
