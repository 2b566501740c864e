// The command palette's entries and their order: word-start matches before substrings, a query
// is also a contact to find, the active profile is not offered, sends need a chosen contact.
import { describe, expect, it } from 'vitest';
import { matchRank, paletteCommands } from '../../../src-renderer/app/palette-commands';
import { isPaletteShortcut, isSearchShortcut } from '../../../src-renderer/app/shortcuts';
import { chord } from '../helpers/key-chord';

const ctx = {
  query: '',
  profiles: [
    { id: 'p1', name: 'Sandbox' },
    { id: 'p2', name: 'Production' },
  ],
  activeProfileId: 'p1',
  chosen: null,
  isMac: false,
};

describe('matchRank', () => {
  it('start before word start before anywhere', () => {
    expect(matchRank('Ana Lima', 'ana')).toBe(0);
    expect(matchRank('Maria Ana', 'ana')).toBe(1);
    expect(matchRank('Mariana', 'ana')).toBe(2);
    expect(matchRank('Bruno', 'ana')).toBeNull();
    expect(matchRank('anything', '  ')).toBe(0);
  });
});

describe('paletteCommands', () => {
  it('without a query: every screen with its shortcut, then the other profiles', () => {
    const labels = paletteCommands(ctx).map((c) => [c.label, c.hint]);
    expect(labels[0]).toEqual(['Go to Contacts', 'Ctrl+1']);
    expect(labels.map(([l]) => l)).toContain('Switch to profile Production');
    expect(labels.map(([l]) => l)).not.toContain('Switch to profile Sandbox');
    expect(labels.some(([l]) => l!.startsWith('Send '))).toBe(false);
  });

  it('a query ranks what starts with it first, and offers to find it among the contacts', () => {
    const commands = paletteCommands({ ...ctx, query: 'pro' });
    expect(commands.map((c) => c.label)).toEqual(['Go to Profiles', 'Switch to profile Production', 'Find contact “pro”']);
    expect(paletteCommands({ ...ctx, query: 'duct' }).map((c) => c.label)).toEqual(['Switch to profile Production', 'Find contact “duct”']);
    expect(commands.at(-1)!.action).toEqual({ kind: 'find-contact', query: 'pro' });
    const log = paletteCommands({ ...ctx, query: 'log' }).map((c) => c.label);
    expect(log[0]).toBe('Go to Request log');
  });

  it('sending is offered for the chosen contact', () => {
    const commands = paletteCommands({ ...ctx, query: 'send', chosen: { name: 'Ana Lima' } });
    expect(commands.slice(0, 5).map((c) => c.label)).toEqual([
      'Go to Send',
      'Send text to Ana Lima',
      'Send media to Ana Lima',
      'Send a voice note to Ana Lima',
      'Send a template to Ana Lima',
    ]);
    expect(commands[1]!.action).toEqual({ kind: 'send-to-chosen', tab: 'text' });
  });
});

describe('palette and search shortcuts', () => {
  it('Ctrl+K, or Cmd+K on a Mac', () => {
    expect(isPaletteShortcut(chord('k', { ctrlKey: true }), false)).toBe(true);
    expect(isPaletteShortcut(chord('K', { ctrlKey: true }), false)).toBe(true);
    expect(isPaletteShortcut(chord('k', { metaKey: true }), true)).toBe(true);
    expect(isPaletteShortcut(chord('k', { ctrlKey: true }), true)).toBe(false);
    expect(isPaletteShortcut(chord('k'), false)).toBe(false);
  });

  it('/ goes to search unless the person is typing in a field', () => {
    expect(isSearchShortcut(chord('/'), { tagName: 'BUTTON' } as unknown as EventTarget)).toBe(true);
    expect(isSearchShortcut(chord('/'), null)).toBe(true);
    expect(isSearchShortcut(chord('/'), { tagName: 'INPUT', type: 'text' } as unknown as EventTarget)).toBe(false);
    expect(isSearchShortcut(chord('/'), { tagName: 'TEXTAREA' } as unknown as EventTarget)).toBe(false);
    expect(isSearchShortcut(chord('/'), { tagName: 'DIV', isContentEditable: true } as unknown as EventTarget)).toBe(false);
    expect(isSearchShortcut(chord('/', { ctrlKey: true }), null)).toBe(false);
  });
});
