// Each profile keeps its own send panels: switching the active profile parks the recipient,
// the drafts, the last result of every panel and what the person touched under the profile
// left, and brings back what the profile switched to had (or fresh panels). A message typed
// for one service must never be sent to another, and a "Sent: message …" of profile A must not
// be read as a result of profile B.
import { initialDraftState } from './draft-slice';
import { withoutFailures } from './field-lifecycle';
import { cancelScheduledPreviews, initialPreviewState } from './preview-slice';
import { initialFilesState } from './files-slice';
import { initialRequestsState, stopCountdowns } from './requests-slice';
import { initialTemplateState } from './template-slice';
import type { DataOf, ParkedSend, ProfileSlice, SendSlice } from './send-state';

export function initialProfileState(): DataOf<ProfileSlice> {
  return { profileId: null, parked: {} };
}

export const createProfileSlice: SendSlice<ProfileSlice> = (set, get) => ({
  ...initialProfileState(),

  switchProfile: (to) => {
    const s = get();
    if (s.profileId === to) return;
    // the first profile known (main answered profiles:list): what the panels hold is already its own
    if (s.profileId === null) {
      set({ profileId: to });
      return;
    }
    cancelScheduledPreviews();
    stopCountdowns();
    const parked = { ...s.parked };
    parked[s.profileId] = {
      recipient: s.recipient,
      text: s.text,
      media: s.media,
      audio: s.audio,
      template: s.template,
      touched: s.touched,
      edited: s.edited,
      attempted: s.attempted,
      // a failure is not worth keeping: the person left it, and may be back after fixing the profile
      send: withoutFailures(s.send),
      sentDraft: s.sentDraft,
      parkedAt: Date.now(),
    };
    const back = to !== null ? parked[to] : undefined;
    if (to !== null) delete parked[to];
    const { tab } = s;
    const fresh = { ...initialDraftState(), ...initialRequestsState() };
    set({
      ...fresh,
      ...(back ? withoutParkedAt(back) : {}),
      tab,
      // the preview, a copy in progress and a file being staged belong to the profile left
      ...initialPreviewState(),
      ...initialFilesState(),
      // the approved templates are the other service's
      ...initialTemplateState(),
      profileId: to,
      parked,
    });
    if (back) get().resumeCountdowns(Date.now() - back.parkedAt);
    // the other panels ask for theirs when their tab opens
    get().schedulePreview(tab);
  },
});

function withoutParkedAt(p: ParkedSend): Omit<ParkedSend, 'parkedAt'> {
  const { parkedAt: _parkedAt, ...rest } = p;
  return rest;
}
