import { SCREENS, selectScreen, useAppStore } from './app-store';

export function AppNav() {
  const screen = useAppStore(selectScreen);
  const navigate = useAppStore((s) => s.navigate);
  return (
    <nav className="app-nav" aria-label="Sections">
      <ul>
        {SCREENS.map((s) => (
          <li key={s.id}>
            <button
              type="button"
              className="nav-item"
              aria-current={s.id === screen ? 'page' : undefined}
              onClick={() => navigate(s.id)}
              data-testid={`nav-${s.id}`}
            >
              {s.label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
