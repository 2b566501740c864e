// The OS side of recording a voice note. On macOS it checks the system's consent and, if the
// person was never asked, asks through the system prompt; a refusal is answered with where to
// change it, so the Send Audio panel says so instead of recording silence. Elsewhere the OS does
// not gate it and Chromium's own permission path decides. Asked by the renderer before it
// records (app:microphone-access) and again by the session's permission handler.
import { systemPreferences } from 'electron';
import { MAC_MICROPHONE_SETTINGS, macMicrophoneStep } from '../app-shell/microphone-access';
import type { MicrophoneAccess } from '../shared/ipc-types';

export type OsMicrophone = () => Promise<MicrophoneAccess>;

const GRANTED: MicrophoneAccess = { access: 'granted' };

export function createOsMicrophone(platform: NodeJS.Platform, log: (message: string) => void): OsMicrophone {
  if (platform !== 'darwin') return async () => GRANTED;
  const denied = (): MicrophoneAccess => {
    log('microphone: macOS denied access');
    return { access: 'denied', where: MAC_MICROPHONE_SETTINGS };
  };
  return async () => {
    const step = macMicrophoneStep(systemPreferences.getMediaAccessStatus('microphone'));
    if (step === 'grant') return GRANTED;
    if (step === 'deny') return denied();
    return (await systemPreferences.askForMediaAccess('microphone')) ? GRANTED : denied();
  };
}
