// Records what a contacts listing's answers showed (listing-facts.ts) with the profile's own
// description of it, in one transaction on the current profile row, so several processes sharing
// the data folder add to each other's facts instead of overwriting them. A profile that follows
// docs/API.md has no description of its own to hold them: the facts are kept for this process only.
import type { ListingFacts } from '../api/types';
import type { MetaStores } from '../meta/stores';
import { ProfilesDocument } from '../profiles/profiles-document';

export type RecordListingFacts = (profileId: string, facts: ListingFacts) => Promise<void>;

export function listingRecorder(meta: MetaStores, saved: () => Promise<void>): RecordListingFacts {
  return async (profileId, facts) => {
    const changed = await new ProfilesDocument(meta.profiles).recordListingFacts(profileId, facts);
    if (changed) await saved();
  };
}
