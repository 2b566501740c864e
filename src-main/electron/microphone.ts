// The OS side of a microphone request, after the page's own permission rule allowed it
// (app-shell/security-policy.ts). On macOS it asks the person through the system prompt and
// says once, in a dialog, where to change a refusal; elsewhere the OS does not gate it.
import { dialog, systemPreferences } from 'electron';
import { macMicrophoneStep, MICROPHONE_DENIED } from '../app-shell/microphone-access';

export type OsMicrophone = () => Promise<boolean>;

export function createOsMicrophone(platform: NodeJS.Platform, log: (message: string) => void): OsMicrophone {
  if (platform !== 'darwin') return async () => true;
  let told = false;
  const denied = (): false => {
    log('microphone: macOS denied access');
    if (!told) {
      told = true;
      void dialog.showMessageBox({ type: 'info', title: 'CRM Console', message: MICROPHONE_DENIED.message, detail: MICROPHONE_DENIED.detail, buttons: ['OK'], noLink: true });
    }
    return false;
  };
  return async () => {
    const step = macMicrophoneStep(systemPreferences.getMediaAccessStatus('microphone'));
    if (step === 'grant') return true;
    if (step === 'deny') return denied();
    return (await systemPreferences.askForMediaAccess('microphone')) || denied();
  };
}
