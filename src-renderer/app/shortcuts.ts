// The app's own keyboard shortcuts, as pure decisions: Ctrl+1..N (⌘1..N on a Mac) opens the
// Nth screen of SCREENS, the sidebar's order (each link shows its key). Shift or Alt with it is
// left to the page (and to the OS), so typing in a field is never taken over.
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

/** Ctrl+K (Cmd+K on a Mac) opens the command palette, from anywhere */
export function isPaletteShortcut(e: KeyChord, isMac: boolean): boolean {
  const command = isMac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
  return command && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';
}

/** `/` goes to the contact search, unless the person is typing in a field (then it is a slash) */
export function isSearchShortcut(e: KeyChord, target: EventTarget | null): boolean {
  if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey) return false;
  return !isEditable(target);
}

function isEditable(target: EventTarget | null): boolean {
  const el = target as { tagName?: string; isContentEditable?: boolean; type?: string } | null;
  if (!el?.tagName) return false;
  if (el.isContentEditable) return true;
  if (el.tagName === 'TEXTAREA' || el.tagName === 'SELECT') return true;
  return (
    el.tagName === 'INPUT' && !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'range', 'color'].includes(el.type ?? 'text')
  );
}

/** the label the nav shows beside a screen: "Ctrl+2", or "⌘2" on a Mac */
export function shortcutLabel(screen: Screen, isMac: boolean): string {
  const n = SCREENS.findIndex((s) => s.id === screen) + 1;
  return isMac ? `⌘${n}` : `Ctrl+${n}`;
}

/** Ctrl+Shift+F (Cmd+Shift+F on a Mac) searches every conversation, from anywhere (as editors' "find in files") */
export function isMessageSearchShortcut(e: KeyChord, isMac: boolean): boolean {
  const command = isMac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
  return command && e.shiftKey && !e.altKey && e.key.toLowerCase() === 'f';
}

/** the label the palette shows beside "Search messages" */
export function messageSearchShortcutLabel(isMac: boolean): string {
  return isMac ? '⇧⌘F' : 'Ctrl+Shift+F';
}
