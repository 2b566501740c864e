import { useContactsStore } from '../features/contacts/contacts-store';
import { useAppStore } from './app-store';

/**
 * Asks main for the first screen's data while the bundle is still being evaluated (see
 * first-load.ts), before React renders: the first contacts page then travels while React builds
 * the tree, instead of after its first commit and passive effects. ContactsScreen's own init()
 * is a no-op afterwards.
 */
export function startFirstLoad(): void {
  if (useAppStore.getState().screen === 'contacts') useContactsStore.getState().init();
}
