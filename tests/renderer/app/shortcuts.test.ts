// Ctrl+1..N (⌘ on a Mac) opens the Nth screen of the nav; anything else stays with the page.
import { describe, expect, it } from 'vitest';
import { SCREENS } from '../../../src-renderer/app/app-store';
import { screenForShortcut, shortcutLabel } from '../../../src-renderer/app/shortcuts';
import { chord } from '../helpers/key-chord';

describe('screenForShortcut', () => {
  it('Ctrl+digit opens the screen in that place of the nav', () => {
    SCREENS.forEach((screen, i) => expect(screenForShortcut(chord(String(i + 1), { ctrlKey: true }), false)).toBe(screen.id));
    expect(screenForShortcut(chord('2', { ctrlKey: true }), false)).toBe('send');
  });

  it('on a Mac it is ⌘digit, and Ctrl+digit is left alone', () => {
    expect(screenForShortcut(chord('4', { metaKey: true }), true)).toBe('keys');
    expect(screenForShortcut(chord('3', { ctrlKey: true }), true)).toBeNull();
  });

  it('follows the sidebar: Messages, right after Send, is Ctrl+3', () => {
    expect(SCREENS.map((s) => s.id)).toEqual([
      'contacts',
      'send',
      'messages',
      'keys',
      'outbox',
      'log',
      'profiles',
      'conversations',
      'templates',
    ]);
    expect(screenForShortcut(chord('8', { ctrlKey: true }), false)).toBe('conversations');
    expect(screenForShortcut(chord('9', { ctrlKey: true }), false)).toBe('templates');
    expect(screenForShortcut(chord('3', { ctrlKey: true }), false)).toBe('messages');
    expect(shortcutLabel('messages', false)).toBe('Ctrl+3');
  });

  it('ignores digits past the last screen, plain digits, and chords with Shift or Alt', () => {
    expect(screenForShortcut(chord(String(SCREENS.length + 1), { ctrlKey: true }), false)).toBeNull();
    expect(screenForShortcut(chord('1'), false)).toBeNull();
    expect(screenForShortcut(chord('1', { ctrlKey: true, shiftKey: true }), false)).toBeNull();
    expect(screenForShortcut(chord('1', { ctrlKey: true, altKey: true }), false)).toBeNull();
    expect(screenForShortcut(chord('a', { ctrlKey: true }), false)).toBeNull();
  });

  it('labels each screen with its shortcut', () => {
    expect(shortcutLabel('contacts', false)).toBe('Ctrl+1');
    expect(shortcutLabel('send', true)).toBe('⌘2');
  });
});
