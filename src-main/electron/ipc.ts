// Registers every contract channel on ipcMain: the sender must be the app's own page in the
// top frame, and the payload goes through the validating dispatcher (docs/ARCHITECTURE.md, rule 4).
import { ipcMain as electronIpcMain, type IpcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { isTrustedSender } from '../app-shell/security-policy';
import { INVOKE_CHANNELS } from '../ipc/channels';
import type { EventChannel, EventMap } from '../ipc/contract';
import type { Dispatch } from '../ipc/dispatcher';

/** `appUrl`: the page the window committed (null before); `ipcMain` is Electron's unless a test passes one */
export function registerIpc(dispatch: Dispatch, appUrl: () => string | null, ipcMain: IpcMain = electronIpcMain): () => void {
  for (const channel of INVOKE_CHANNELS) {
    ipcMain.handle(channel, async (event: IpcMainInvokeEvent, payload: unknown) => {
      const frame = event.senderFrame;
      if (!isTrustedSender(frame?.url, appUrl(), frame !== null && frame === event.sender.mainFrame)) {
        return { ok: false, error: { code: 'validation', message: 'Request refused: it did not come from the app window.' } };
      }
      return dispatch(channel, payload);
    });
  }
  return () => {
    for (const channel of INVOKE_CHANNELS) ipcMain.removeHandler(channel);
  };
}

/**
 * Main -> window events. An event is news, not a request: one that cannot reach the window (no
 * window, a destroyed one, or data the structured clone refuses, such as a function or a symbol,
 * on which send() throws) is dropped with a line in the log. It never throws into the service
 * that emitted it, where it would surface as that service's failure or as an uncaught error.
 */
export function createEmitter(target: () => WebContents | null, log: (message: string) => void = () => {}) {
  return <E extends EventChannel>(event: E, data: EventMap[E]): void => {
    const contents = target();
    if (!contents || contents.isDestroyed()) return;
    try {
      contents.send(event, data);
    } catch (err) {
      // the event's name only: its data may hold what the log must not
      log(`event ${event} not delivered to the window: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
}
