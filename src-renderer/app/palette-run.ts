// What a palette entry does: the one place that turns a PaletteAction into store calls. Each
// ends with focus on the first useful control of what it opened (navigate does that; a profile
// switch asks for it on the screen on view).
import { useContactsStore } from '../features/contacts/contacts-store';
import { useProfilesStore } from '../features/profiles/profiles-store';
import { useSendStore } from '../features/send/send-store';
import { useSearchStore } from '../features/search/search-store';
import { useAppStore } from './app-store';
import type { PaletteAction } from './palette-commands';

export function runPaletteAction(action: PaletteAction): void {
  const { navigate } = useAppStore.getState();
  switch (action.kind) {
    case 'screen':
      navigate(action.screen);
      return;
    case 'profile':
      useAppStore.getState().requestFocus();
      void useProfilesStore.getState().activate(action.profileId);
      return;
    case 'find-contact':
      useContactsStore.getState().setSearch(action.query);
      navigate('contacts');
      return;
    case 'send-to-chosen':
      useSendStore.getState().setTab(action.tab);
      navigate('send');
      return;
    case 'search-messages':
      useSearchStore.getState().openSearch();
      return;
  }
}
