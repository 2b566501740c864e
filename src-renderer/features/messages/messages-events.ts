import { onEvent } from '../../lib/api';
import type { Unsubscribe } from '../../lib/contract';
import { useProfilesStore } from '../profiles/profiles-store';
import { useMessagesStore } from './messages-store';

/** A send, a replay or an outbox delivery is on the app's record: the Messages view lists again. */
export function wireMessagesEvents(): Unsubscribe {
  return onEvent('messages:changed', (e) => {
    // another profile's send (an outbox delivery for it) changes nothing shown
    if (e.profileId === useProfilesStore.getState().activeProfileId) useMessagesStore.getState().onChanged();
  });
}
