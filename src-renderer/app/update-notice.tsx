import { selectManualUpdate, selectReadyVersion, selectRestartError, useUpdateStore } from './update-store';

/** Shown once a newer version is downloaded: restarting installs it (quitting does too). */
export function UpdateNotice() {
  const version = useUpdateStore(selectReadyVersion);
  const error = useUpdateStore(selectRestartError);
  const restart = useUpdateStore((s) => s.restart);
  const manual = useUpdateStore(selectManualUpdate);
  if (manual !== null) {
    return (
      <section className="banner banner-info" aria-label="Update available" data-testid="update-notice">
        <p>{manual}</p>
      </section>
    );
  }
  if (version === null) return null;
  return (
    <section className="banner banner-info" aria-label="Update ready" data-testid="update-notice">
      <p>
        CRM Console {version} is ready. It is installed when you restart, or the next time you quit.
        {error && ` ${error}`}
      </p>
      <button type="button" className="btn" onClick={() => void restart()}>
        Restart to update
      </button>
    </section>
  );
}
