import { selectFirstRunNotice, selectNotices, useAppStore } from './app-store';
import { StartingNotice } from './starting-notice';
import { UpdateNotice } from './update-notice';
import { LeakNotices } from '../features/keys/leak-notice';

/**
 * "Starting…" while main builds the app, the built-in sandbox banner (first run, or its data reset),
 * a downloaded update, a saved key seen where it must not be, and main's app:notice messages.
 */
export function Notices() {
  const firstRun = useAppStore(selectFirstRunNotice);
  const notices = useAppStore(selectNotices);
  const dismissBanner = useAppStore((s) => s.dismissBanner);
  const dismiss = useAppStore((s) => s.dismissNotice);
  return (
    <>
      <StartingNotice />
      <UpdateNotice />
      <LeakNotices />
      {firstRun && (
        <section className="banner banner-info" aria-label="Built-in sandbox" data-testid="first-run-notice">
          <p>{firstRun}</p>
          <button type="button" className="btn" onClick={dismissBanner}>
            Dismiss
          </button>
        </section>
      )}
      <div className="notices" role="status" aria-live="polite">
        {notices.map((n) => (
          <div key={n.id} className={`banner banner-${n.level}`} data-testid="app-notice">
            <p>{n.message}</p>
            <button type="button" className="btn" onClick={() => dismiss(n.id)} aria-label={`Dismiss notice: ${n.message}`}>
              Dismiss
            </button>
          </div>
        ))}
      </div>
    </>
  );
}
