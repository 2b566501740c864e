import { SCREENS, selectScreen, useAppStore } from './app-store';

/**
 * Sections are links (not buttons): the screen's own actions keep unique button names
 * ("Send" is the send action; the "Send" link opens the section). No real navigation happens.
 */
export function AppNav() {
  const screen = useAppStore(selectScreen);
  const navigate = useAppStore((s) => s.navigate);
  return (
    <nav className="app-nav" aria-label="Sections">
      <ul>
        {SCREENS.map((s) => (
          <li key={s.id}>
            <a
              href={`#${s.id}`}
              className="nav-item"
              aria-current={s.id === screen ? 'page' : undefined}
              onClick={(e) => {
                e.preventDefault();
                navigate(s.id);
              }}
              data-testid={`nav-${s.id}`}
            >
              {s.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
