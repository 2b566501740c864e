// One small line icon per section, beside its name in the nav (decorative: the name says it).
import type { Screen } from './app-store';

const PATHS: Record<Screen, string[]> = {
  contacts: ['M8 8a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z', 'M3 13.5c0-2.8 2.2-4.5 5-4.5s5 1.7 5 4.5'],
  send: ['M2 7.5l11.5-5-4 11-2.25-4.25z', 'M7.25 9.25L13.5 2.5'],
  messages: ['M2.5 3h11v7.5h-6l-3 2.5v-2.5h-2z'],
  keys: ['M5 10.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z', 'M7.5 8h6', 'M11.5 8v2', 'M13.5 8v1.5'],
  outbox: ['M2.5 9.5l1.5-6h8l1.5 6v3.5h-11z', 'M2.5 9.5h3.5l.75 1.5h2.5l.75-1.5h3.5'],
  log: ['M5.5 4h8', 'M5.5 8h8', 'M5.5 12h8', 'M2.5 4h.5', 'M2.5 8h.5', 'M2.5 12h.5'],
  profiles: ['M2.5 3h11v4h-11z', 'M2.5 9h11v4h-11z', 'M4.5 5h.5', 'M4.5 11h.5'],
  conversations: ['M2.5 3.5h8v5.5h-4.5l-2.5 2v-2h-1z', 'M12.5 6h1v5.5h-1v2l-2.5-2h-3.5'],
  templates: ['M3.5 2.5h9v11h-9z', 'M5.5 5h5', 'M5.5 7.5h5', 'M5.5 10h3'],
};

export function NavIcon({ screen }: { screen: Screen }) {
  return (
    <svg className="icon nav-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      {PATHS[screen].map((d) => (
        <path key={d} d={d} fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" />
      ))}
    </svg>
  );
}
