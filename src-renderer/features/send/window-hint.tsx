// The one plain hint for every service's "outside the 24-hour window" refusal
// (service-window.ts), with the way out: the Template panel, for the same recipient.
import { useOpenScreen } from '../../app/app-port';
import { OUTSIDE_WINDOW_HINT } from '../../../src-main/shared/service-window';
import { useSendStore } from './send-store';

/** `number`: the recipient to open the Template panel for; absent: the one Send already holds */
export function WindowHint({ number, name = null }: { number?: string; name?: string | null }) {
  const openScreen = useOpenScreen();
  const open = () => {
    const send = useSendStore.getState();
    send.openTemplateFor(number ?? send.recipient.number, number === undefined ? send.recipient.name : name);
    openScreen('send');
  };
  return (
    <p className="msg msg-warning" data-testid="window-hint">
      {OUTSIDE_WINDOW_HINT}.{' '}
      <button type="button" className="btn btn-small" onClick={open}>
        Open Send Template
      </button>
    </p>
  );
}
