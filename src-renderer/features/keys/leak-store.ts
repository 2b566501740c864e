// The leak notices the window shows: main's keys:leak events (a saved key seen in a reply, in
// the clipboard after Copy cURL with key, or echoed by a service), and at start the ones main
// kept for this session (keys:leaks), so a window opened later still sees them. Names and last
// 4 only: main never sends a value. A dismissed notice stays dismissed until that key is seen
// at that place again.
import { create } from 'zustand';
import { invoke } from '../../lib/api';
import type { KeyLeak } from '../../../src-main/shared/key-leak';

/** one notice per key and place: a repeat moves it to the newest */
export function leakKey(leak: Pick<KeyLeak, 'keyId' | 'where'>): string {
  return `${leak.keyId} ${JSON.stringify(leak.where)}`;
}

interface LeakState {
  leaks: KeyLeak[];
  load: () => Promise<void>;
  add: (leak: KeyLeak) => void;
  dismiss: (key: string) => void;
}

function merged(list: KeyLeak[], leak: KeyLeak): KeyLeak[] {
  const key = leakKey(leak);
  const kept = list.filter((l) => leakKey(l) !== key);
  const old = list.find((l) => leakKey(l) === key);
  // an event older than what is shown (the list answered after it) changes nothing
  return old !== undefined && old.at > leak.at ? list : [...kept, leak];
}

export const useLeakStore = create<LeakState>((set) => ({
  leaks: [],
  load: async () => {
    const result = await invoke('keys:leaks', {});
    if (result.ok) set((s) => ({ leaks: result.value.reduce(merged, s.leaks) }));
  },
  add: (leak) => set((s) => ({ leaks: merged(s.leaks, leak) })),
  dismiss: (key) => set((s) => ({ leaks: s.leaks.filter((l) => leakKey(l) !== key) })),
}));
