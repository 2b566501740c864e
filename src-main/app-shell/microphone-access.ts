// macOS asks the person once per app whether it may use the microphone; Chromium's permission
// alone does not reach the hardware (a refused app records silence). The decision from the OS
// status, apart from the asking.

/** systemPreferences.getMediaAccessStatus('microphone') */
export type MediaAccessStatus = 'not-determined' | 'granted' | 'denied' | 'restricted' | 'unknown';

export type MicrophoneStep = 'grant' | 'ask' | 'deny';

export function macMicrophoneStep(status: MediaAccessStatus): MicrophoneStep {
  if (status === 'granted') return 'grant';
  // 'unknown': asking is how macOS settles it
  if (status === 'not-determined' || status === 'unknown') return 'ask';
  return 'deny';
}

/** where a person allows it again, named in the Send Audio panel */
export const MAC_MICROPHONE_SETTINGS = 'System Settings › Privacy & Security › Microphone';
