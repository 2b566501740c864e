// The field a secret is typed into (a key value, a webhook secret): masked, never autocompleted
// or spell-checked, uncontrolled (useSecretInput in secret-input.ts reads it once and clears it).
import type { RefObject } from 'react';

export function SecretValueInput({
  id,
  inputRef,
  hintId,
  placeholder,
  testId,
}: {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  /** the hint under the field, read with it */
  hintId: string;
  placeholder?: string;
  testId?: string;
}) {
  return (
    <input
      id={id}
      ref={inputRef}
      type="password"
      autoComplete="off"
      spellCheck={false}
      aria-describedby={hintId}
      placeholder={placeholder}
      data-testid={testId}
    />
  );
}
