// A saved key seen where it must not be, shown app-wide above every screen: one notice per key
// and place, naming the key by name and last 4, with "Roll key…" and Dismiss. A role=alert, as
// the key may be in someone else's hands; both buttons are in the tab order.
import { leakSentence } from '../../../src-main/shared/key-leak';
import { useOpenScreen, type Screen } from '../../app/app-port';
import { leakKey, useLeakStore } from './leak-store';
import { useKeysStore } from './keys-store';

/** how long "Roll key…" waits for the key's row to show before giving up on focusing it */
const ROW_WAIT_MS = 3000;

/**
 * The Keys screen, then the Roll dialog for the key where the keys store offers one (openRoll),
 * else focus on the key's row (its first button), once the screen has drawn it.
 */
export function rollFromNotice(keyId: string, openScreen: (screen: Screen) => void): void {
  openScreen('keys');
  const keys = useKeysStore.getState() as { openRoll?: (keyId: string) => void };
  if (typeof keys.openRoll === 'function') {
    keys.openRoll(keyId);
    return;
  }
  const started = Date.now();
  const focusRow = (): void => {
    const button = document.querySelector<HTMLElement>(`[data-testid="key-row-${CSS.escape(keyId)}"] button:not([disabled])`);
    // after the screen's own first focus (it moves focus when its content is drawn)
    if (button && Date.now() - started > 150) button.focus();
    else if (Date.now() - started < ROW_WAIT_MS) setTimeout(focusRow, 50);
  };
  setTimeout(focusRow, 50);
}

export function LeakNotices() {
  const leaks = useLeakStore((s) => s.leaks);
  const dismiss = useLeakStore((s) => s.dismiss);
  const openScreen = useOpenScreen();
  if (leaks.length === 0) return null;
  return (
    <div className="notices" data-testid="leak-notices">
      {leaks.map((leak) => {
        const key = leakKey(leak);
        const sentence = leakSentence(leak);
        return (
          <section
            key={key}
            role="alert"
            aria-label={`Key …${leak.last4} leaked`}
            className="banner banner-warning"
            data-testid="leak-notice"
          >
            <p>{sentence}</p>
            <div className="button-row">
              <button type="button" className="btn" onClick={() => rollFromNotice(leak.keyId, openScreen)} data-testid="leak-roll">
                Roll key…
              </button>
              <button
                type="button"
                className="btn"
                onClick={() => dismiss(key)}
                aria-label={`Dismiss the notice about the key …${leak.last4}`}
              >
                Dismiss
              </button>
            </div>
          </section>
        );
      })}
    </div>
  );
}
