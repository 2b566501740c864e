// The window's stores wired to a fake crm for every test of a file, as the app wires them when it
// opens: each test starts on a fake clock from the named stores (and the send store) as they are
// at first, with the crm `installCrm` sets up; after it the events are unwired and no timer of
// one test fires in the next.
import { afterEach, beforeEach, vi } from 'vitest';
import type { StoreApi } from 'zustand';
import { wireAppEvents } from '../../../src-renderer/app/wire-events';
import { useSendStore } from '../../../src-renderer/features/send/send-store';
import { resetStores } from './stores';

/** Returns the running test's unwire, for a test that unwires itself (a second call does nothing). */
export function wiredAppForEachTest(stores: StoreApi<unknown>[], installCrm: () => unknown): () => void {
  let wired: (() => void) | null = null;
  const unwire = (): void => {
    wired?.();
    wired = null;
  };
  beforeEach(() => {
    vi.useFakeTimers();
    resetStores(...stores);
    useSendStore.getState().reset();
    installCrm();
    wired = wireAppEvents();
  });
  afterEach(() => {
    unwire();
    vi.clearAllTimers();
    vi.useRealTimers();
  });
  return unwire;
}
