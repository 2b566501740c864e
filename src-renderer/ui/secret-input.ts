import { useRef, type RefObject } from 'react';

/**
 * An uncontrolled input for a key value: the value never enters React state or a store (a
 * controlled input would also mirror it into the DOM `value` attribute). `take()` reads it once
 * and clears the field at once.
 */
export function useSecretInput(): { ref: RefObject<HTMLInputElement | null>; take: () => string } {
  const ref = useRef<HTMLInputElement>(null);
  const take = (): string => {
    const input = ref.current;
    const value = input?.value ?? '';
    if (input) input.value = '';
    return value;
  };
  return { ref, take };
}
