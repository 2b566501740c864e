// The IPC contract's invoke channels for the app itself, its settings and the OS around it. TYPES ONLY, like
// contract.ts, which composes every domain's map into the one InvokeMap.
import type { CaFileState, RequestDeadlineState } from '../../shared/network-settings';
import type { AppInfo, MicrophoneAccess, UpdateState } from '../../shared/ipc-types';

export interface AppInvokeMap {
  /** the app's version, host, start-up notices, the sandbox's address and the send limits; asked once at start */
  'app:info': { payload: Record<string, never>; value: AppInfo };
  /**
   * "Reset sandbox": makes the Sandbox profile again after it was deleted, on the sandbox's saved
   * data, with a new admin key in the keychain; profiles:changed and keys:changed follow.
   */
  'sandbox:restore': { payload: Record<string, never>; value: { baseUrl: string; notice: string } };
  /** where updating the installed app stands now (later changes come as app:update) */
  'app:update-state': { payload: Record<string, never>; value: UpdateState };
  /** installs the downloaded update and restarts the app; refused when no update is ready */
  'app:restart-to-update': { payload: Record<string, never>; value: null };
  /**
   * Asked before recording a voice note: on macOS the system's consent (asked once, by the
   * system's own prompt); elsewhere `granted`, and Chromium's permission path decides.
   */
  'app:microphone-access': { payload: Record<string, never>; value: MicrophoneAccess };
  /**
   * The window painted its first contact rows (once per load): main writes it to its log, the
   * line that says the app is not only open but showing its first screen's data.
   */
  'app:first-rows': { payload: { rows: number }; value: null };
  /** the CA file whose certificates main trusts beside the defaults, and whether it can be read now */
  'settings:ca-file': { payload: Record<string, never>; value: CaFileState };
  /**
   * `choose`: main opens its own file dialog (the window never names a path) and trusts the
   * chosen PEM file's certificates from the next request on; a file that cannot be used is
   * refused ('validation', with the reason) and the setting stays. A cancelled dialog changes
   * nothing. `clear`: no CA file.
   */
  'settings:set-ca-file': { payload: { action: 'choose' | 'clear' }; value: CaFileState };
  /** how long one request may take in all, its answer included, for every process on the data folder */
  'settings:request-deadline': { payload: Record<string, never>; value: RequestDeadlineState };
  /** sets it in whole seconds (within the state's min and max); null: back to the default */
  'settings:set-request-deadline': { payload: { seconds: number | null }; value: RequestDeadlineState };
  /** opens an http(s) link in the OS browser; any other scheme is refused */
  'shell:open-external': { payload: { url: string }; value: null };
}
