import { onEvent } from '../../lib/api';
import type { Unsubscribe } from '../../lib/contract';
import { useProfilesStore } from './profiles-store';

/** Profiles changed in this window, another one or a `crm` command: the list as main has it now. */
export function wireProfilesEvents(): Unsubscribe {
  return onEvent('profiles:changed', (state) => useProfilesStore.getState().apply(state));
}
