// Closing the "shown once" panel of a new key always asks: its value is not shown again. The
// question is sterner when it was never copied (pure: the panel asks it with ui/confirm-store).
import type { ConfirmRequest } from '../../ui/confirm-store';
import type { CreatedKey } from './keys-store';

export const SHOWN_ONCE = 'Copy it now: you will not see it again.';

export function closeQuestion(created: Pick<CreatedKey, 'key' | 'everCopied'>): ConfirmRequest {
  if (!created.everCopied) {
    return {
      title: 'Close without copying?',
      message:
        `The value of “${created.key.name}” was never copied. Once this closes it is not shown again: the app keeps using ` +
        `it from the keychain, but to use it anywhere else you would create another key.`,
      confirmLabel: 'Close without copying',
      cancelLabel: 'Keep it open',
      danger: true,
    };
  }
  return {
    title: `Close the new key “${created.key.name}”?`,
    message: 'Its value is not shown again once this closes.',
    confirmLabel: 'Close',
    cancelLabel: 'Keep it open',
  };
}
