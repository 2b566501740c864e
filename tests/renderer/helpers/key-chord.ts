// A key press as the shortcut decisions read it: every modifier up unless the case presses it.
import type { KeyChord } from '../../../src-renderer/app/shortcuts';

export function chord(key: string, mods: Partial<Omit<KeyChord, 'key'>> = {}): KeyChord {
  return { key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods };
}
