import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { selectChosen, useContactsStore } from '../features/contacts/contacts-store';
import { selectActiveProfileId, selectProfiles, useProfilesStore } from '../features/profiles/profiles-store';
import { ComboboxOption } from '../ui/combobox-option';
import { Dialog } from '../ui/dialog';
import { paletteCommands, type PaletteCommand } from './palette-commands';
import { runPaletteAction } from './palette-run';
import { useIsMac } from './app-port';

/**
 * Ctrl+K (Cmd+K): type to filter, arrows to move, Enter to run, Escape to close. A combobox over
 * a listbox, so a screen reader hears the highlighted entry while focus stays in the field.
 */
export function CommandPalette({ onClose }: { onClose: () => void }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const profiles = useProfilesStore(selectProfiles);
  const activeProfileId = useProfilesStore(selectActiveProfileId);
  const chosen = useContactsStore(selectChosen);
  const isMac = useIsMac();
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const commands = useMemo(
    () => paletteCommands({ query, profiles, activeProfileId, chosen, isMac }),
    [query, profiles, activeProfileId, chosen, isMac],
  );
  const current = Math.min(active, Math.max(commands.length - 1, 0));

  const run = (command: PaletteCommand | undefined): void => {
    if (!command) return;
    onClose();
    runPaletteAction(command.action);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>): void => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + commands.length) % Math.max(commands.length, 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      run(commands[current]);
    }
  };

  return (
    <Dialog title="Go to…" onCancel={onClose} initialFocusRef={input} testId="command-palette">
      <input
        ref={input}
        className="palette-input"
        type="text"
        role="combobox"
        aria-label="Command"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={commands[current] ? `${listId}-${current}` : undefined}
        placeholder="A screen, a profile, or a contact to find"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="Commands" className="palette-list">
        {commands.map((c, i) => (
          <ComboboxOption key={c.id} listId={listId} index={i} active={i === current} className="palette-item" onChoose={() => run(c)}>
            <span>{c.label}</span>
            <span className="palette-hint">{c.hint}</span>
          </ComboboxOption>
        ))}
        {commands.length === 0 && <li className="palette-empty muted">Nothing matches.</li>}
      </ul>
    </Dialog>
  );
}
