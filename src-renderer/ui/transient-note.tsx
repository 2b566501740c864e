import { useEffect, useState, type ReactNode } from 'react';

/**
 * How long a passing note stays: long enough to read a sentence twice (WCAG's "enough time"
 * asks for at least a few seconds; 8 s is above the 6 s most people need for one line).
 */
export const TRANSIENT_MS = 8000;
/** the fade itself (none when the person asked for reduced motion: base.css) */
const FADE_MS = 600;

type Phase = 'shown' | 'fading' | 'gone';

/**
 * A note that goes away by itself ("Copied", "Revoked here"): it stays while the pointer is over
 * it or focus is in it, and its time starts again when they leave. Put it INSIDE an aria-live
 * region that stays in the page, so the screen reader hears it when it comes. Key it by the
 * message, so a new message is shown for its full time.
 */
export function TransientNote({
  children,
  ms = TRANSIENT_MS,
  className,
  testId,
}: {
  children: ReactNode;
  ms?: number;
  className?: string;
  testId?: string;
}) {
  const [phase, setPhase] = useState<Phase>('shown');
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const held = hovered || focused;

  useEffect(() => {
    if (held || phase === 'gone') return;
    const timer = setTimeout(() => setPhase(phase === 'shown' ? 'fading' : 'gone'), phase === 'shown' ? ms : FADE_MS);
    return () => clearTimeout(timer);
  }, [held, phase, ms]);
  // held while fading: it comes back in full, and gets its whole time again once let go
  const hold = (set: (on: boolean) => void) => {
    set(true);
    setPhase((p) => (p === 'fading' ? 'shown' : p));
  };

  if (phase === 'gone') return null;
  return (
    <div
      className={`transient${phase === 'fading' ? ' is-fading' : ''}${className ? ` ${className}` : ''}`}
      data-testid={testId}
      onMouseEnter={() => hold(setHovered)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => hold(setFocused)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {children}
    </div>
  );
}
