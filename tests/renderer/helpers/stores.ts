// Each test starts from the window's stores as they are when it opens: the stores named are put
// back to their initial state, whatever the test before left in them.
import type { StoreApi } from 'zustand';

export function resetStores<States extends unknown[]>(...stores: { [K in keyof States]: StoreApi<States[K]> }): void {
  for (const store of stores) store.setState(store.getInitialState(), true);
}
