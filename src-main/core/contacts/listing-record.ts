// Records what a contacts listing's answers showed (listing-facts.ts) with the profile's own
// description of it, in one transaction on the current profile row, so several processes sharing
// the data folder add to each other's facts instead of overwriting them. A profile that follows
// docs/API.md has no description of its own to hold them: the facts are kept for this process only.
import type { ListingFacts } from '../api/types';
import type { MetaStores } from '../meta/stores';

export type RecordListingFacts = (profileId: string, facts: ListingFacts) => Promise<void>;

export function listingRecorder(meta: MetaStores, saved: () => Promise<void>): RecordListingFacts {
  return async (profileId, facts) => {
    const changed = await meta.profiles.update((doc) => {
      const spec = doc.profiles.find((p) => p.id === profileId)?.api?.operations['contacts.list'];
      if (spec === undefined) return false;
      spec.listing = { ...spec.listing, ...facts };
      return true;
    });
    if (changed) await saved();
  };
}
