// Another screen asks Profiles to open a profile's page on one of its tabs (the conversation's
// "set up in Profiles" opens the active profile's Events). Profiles reads the request when it
// opens, and clears it once acted on.
import { create } from 'zustand';
import type { EditTab } from './edit-profile';

export interface EditRequest {
  profileId: string;
  tab: EditTab;
}

interface EditRequestState {
  request: EditRequest | null;
  ask: (profileId: string, tab: EditTab) => void;
  clear: () => void;
}

export const useEditRequest = create<EditRequestState>()((set) => ({
  request: null,
  ask: (profileId, tab) => set({ request: { profileId, tab } }),
  clear: () => set({ request: null }),
}));
