// The command palette's entries (Ctrl+K / Cmd+K), as a pure list: go to a screen, switch profile,
// find a contact, send to the chosen contact. Ranked the way people scan a list: the label
// starting with the query first, then a word of it starting with the query, then anywhere.
import { SCREENS, type Screen } from './app-store';
import type { SendKind } from '../features/send/send-types';
import { messageSearchShortcutLabel, shortcutLabel } from './shortcuts';

export type PaletteAction =
  | { kind: 'screen'; screen: Screen }
  | { kind: 'profile'; profileId: string }
  | { kind: 'find-contact'; query: string }
  | { kind: 'send-to-chosen'; tab: SendKind }
  | { kind: 'search-messages' };

export interface PaletteCommand {
  id: string;
  label: string;
  /** the group or shortcut shown beside the label */
  hint: string;
  action: PaletteAction;
}

export interface PaletteContext {
  query: string;
  profiles: { id: string; name: string }[];
  activeProfileId: string | null;
  chosen: { name: string } | null;
  isMac: boolean;
}

/** 0: the text starts with the query, 1: a word in it does, 2: it contains it; null: no match */
export function matchRank(text: string, query: string): 0 | 1 | 2 | null {
  const q = query.trim().toLowerCase();
  if (q === '') return 0;
  const t = text.toLowerCase();
  const at = t.indexOf(q);
  if (at < 0) return null;
  if (at === 0) return 0;
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(q)}`, 'u').test(t) ? 1 : 2;
}

const SEND_TABS: { tab: SendKind; label: string }[] = [
  { tab: 'text', label: 'text' },
  { tab: 'media', label: 'media' },
  { tab: 'audio', label: 'a voice note' },
  { tab: 'template', label: 'a template' },
];

export function paletteCommands(ctx: PaletteContext): PaletteCommand[] {
  const all: PaletteCommand[] = [
    ...SCREENS.map((s) => ({
      id: `screen:${s.id}`,
      label: `Go to ${s.label}`,
      hint: shortcutLabel(s.id, ctx.isMac),
      action: { kind: 'screen', screen: s.id } as const,
    })),
    ...ctx.profiles
      .filter((p) => p.id !== ctx.activeProfileId)
      .map((p) => ({
        id: `profile:${p.id}`,
        label: `Switch to profile ${p.name}`,
        hint: 'Profile',
        action: { kind: 'profile', profileId: p.id } as const,
      })),
    ...(ctx.chosen
      ? SEND_TABS.map(({ tab, label }) => ({
          id: `send:${tab}`,
          label: `Send ${label} to ${ctx.chosen!.name}`,
          hint: 'Send',
          action: { kind: 'send-to-chosen', tab } as const,
        }))
      : []),
    {
      id: 'search-messages',
      label: 'Search messages',
      hint: messageSearchShortcutLabel(ctx.isMac),
      action: { kind: 'search-messages' } as const,
    },
  ];
  const ranked = all
    .map((command, order) => ({
      command,
      order,
      rank: matchRank(command.label.replace(/^(Go to|Switch to profile|Send) /, ''), ctx.query) ?? matchRank(command.label, ctx.query),
    }))
    .filter((r): r is { command: PaletteCommand; order: number; rank: 0 | 1 | 2 } => r.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map((r) => r.command);
  const query = ctx.query.trim();
  // a query is always also something to look for among the contacts
  if (query)
    ranked.push({ id: 'find-contact', label: `Find contact “${query}”`, hint: 'Contacts', action: { kind: 'find-contact', query } });
  return ranked;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
