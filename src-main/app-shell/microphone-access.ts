// macOS asks the person once per app whether it may use the microphone; Chromium's permission
// alone does not reach the hardware. The decision from the OS status, apart from the asking.

/** systemPreferences.getMediaAccessStatus('microphone') */
export type MediaAccessStatus = 'not-determined' | 'granted' | 'denied' | 'restricted' | 'unknown';

export type MicrophoneStep = 'grant' | 'ask' | 'deny';

export function macMicrophoneStep(status: MediaAccessStatus): MicrophoneStep {
  if (status === 'granted') return 'grant';
  // 'unknown': asking is how macOS settles it
  if (status === 'not-determined' || status === 'unknown') return 'ask';
  return 'deny';
}

export const MICROPHONE_DENIED = {
  message: 'macOS does not let CRM Console use the microphone.',
  detail: 'To record voice notes, allow CRM Console in System Settings › Privacy & Security › Microphone, then record again.',
} as const;
