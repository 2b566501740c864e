// The send store on a fake clock for every test of a file or describe block: each test starts from
// an empty store, and no debounce or countdown timer of one test fires in the next.
import { afterEach, beforeEach, vi } from 'vitest';
import { useSendStore } from '../../../src-renderer/features/send/send-store';

/** `prepare` runs after the reset, before each test (a draft every test of the block starts from). */
export function sendStoreOnFakeClock(prepare: () => void = () => {}): void {
  beforeEach(() => {
    vi.useFakeTimers();
    useSendStore.getState().reset();
    prepare();
  });
  afterEach(() => {
    useSendStore.getState().reset();
    vi.clearAllTimers();
    vi.useRealTimers();
  });
}
