import { SCREENS, selectScreen, useAppStore } from './app-store';
import { selectWaitingCount, useOutboxStore } from '../features/outbox/outbox-store';
import { selectUnreadTotal, useInboxStore } from '../features/inbox/inbox-store';
import { NavIcon } from './nav-icons';
import { shortcutLabel } from './shortcuts';
import { useIsMac } from './app-port';

/**
 * Sections are links (not buttons): the screen's own actions keep unique button names
 * ("Send" is the send action; the "Send" link opens the section). No real navigation happens.
 */
export function AppNav() {
  const screen = useAppStore(selectScreen);
  const navigate = useAppStore((s) => s.navigate);
  const isMac = useIsMac();
  const waiting = useOutboxStore(selectWaitingCount);
  const unread = useInboxStore(selectUnreadTotal);
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
              aria-keyshortcuts={shortcutLabel(s.id, isMac).replace('⌘', 'Meta+')}
              title={shortcutLabel(s.id, isMac)}
            >
              <NavIcon screen={s.id} />
              <span className="nav-label">{s.label}</span>
              {s.id === 'outbox' && waiting > 0 && (
                // the header's connection status says it in words; the link keeps its plain name
                <span className="nav-count" aria-hidden="true">
                  {waiting}
                </span>
              )}
              {s.id === 'conversations' && unread > 0 && (
                // the window title says it in words ("(3) CRM Console")
                <span className="nav-count" aria-hidden="true" data-testid="nav-unread">
                  {unread}
                </span>
              )}
              {/* aria-hidden: aria-keyshortcuts already says it to assistive technology */}
              <kbd className="nav-kbd" aria-hidden="true">
                {shortcutLabel(s.id, isMac)}
              </kbd>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
