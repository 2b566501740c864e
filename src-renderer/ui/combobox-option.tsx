// One option of a combobox's listbox (the command palette, the message search): the highlighted
// one marked for a screen reader, chosen with a click that leaves focus in the field.
import type { ReactNode } from 'react';

export function ComboboxOption({
  listId,
  index,
  active,
  className,
  onChoose,
  onHover,
  testId,
  children,
}: {
  listId: string;
  index: number;
  active: boolean;
  className: string;
  onChoose: () => void;
  onHover?: () => void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <li
      id={`${listId}-${index}`}
      role="option"
      aria-selected={active}
      className={active ? `${className} is-active` : className}
      onMouseDown={(e) => e.preventDefault()}
      onMouseEnter={onHover}
      onClick={onChoose}
      data-testid={testId}
    >
      {children}
    </li>
  );
}
