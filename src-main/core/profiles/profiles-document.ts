// The profiles document has one writer: this module. Every change to it (crm.db's profiles rows and
// the active/window choices, through MetaStores.profiles) is one named mutation here, each one
// transaction on the current rows, so several processes add to each other's changes. The profile
// manager, the API editor and the contacts listing's findings ask for changes here; anyone reads.
import type { ApiDescription, DescribedOperation } from '../api/types';
import type { ListingFacts } from '../../shared/api-description';
import { CrmError } from '../errors';
import type { Profile } from '../model';
import type { ProfilesDoc } from '../meta/schemas';
import type { DocStore } from '../store/table-doc';
import { DESCRIBED_OPERATIONS } from '../../shared/operation-ids';
import type { ProfileChooser } from './profile-choice';

function savedProfile(doc: ProfilesDoc, id: string): Profile {
  const profile = doc.profiles.find((p) => p.id === id);
  if (!profile) throw new CrmError('not_found', 'That profile does not exist (it may have been removed).');
  return profile;
}

export class ProfilesDocument {
  constructor(private readonly store: DocStore<ProfilesDoc>) {}

  read(): Promise<ProfilesDoc> {
    return this.store.read();
  }

  /** a new profile, last; the first one becomes the active one. `refuse` throws when the current document forbids it */
  addProfile(profile: Profile, refuse: (profiles: Profile[]) => void): Promise<Profile> {
    return this.store.update((doc) => {
      refuse(doc.profiles);
      doc.profiles.push(profile);
      if (doc.activeProfileId === null) doc.activeProfileId = profile.id;
      return profile;
    });
  }

  /** name, address or path overrides of profile `id`, as `edit` changes them on the current row (it may throw to refuse) */
  editSettings(id: string, edit: (profile: Profile, profiles: Profile[]) => void): Promise<Profile> {
    return this.store.update((doc) => {
      const profile = savedProfile(doc, id);
      edit(profile, doc.profiles);
      return profile;
    });
  }

  /** the profile goes, and with it whichever choice named it */
  removeProfile(id: string): Promise<void> {
    return this.store.update((doc) => {
      doc.profiles = doc.profiles.filter((p) => p.id !== id);
      if (doc.activeProfileId === id) doc.activeProfileId = doc.profiles[0]?.id ?? null;
      if (doc.windowProfileId === id) doc.windowProfileId = null;
    });
  }

  /** `chooser`'s profile is `id` from now on: the window's choice never moves the terminal's */
  choose(id: string, chooser: ProfileChooser): Promise<void> {
    return this.store.update((doc) => {
      savedProfile(doc, id);
      if (chooser === 'window') doc.windowProfileId = id;
      else doc.activeProfileId = id;
    });
  }

  setLive(id: string, live: boolean): Promise<Profile> {
    return this.store.update((doc) => {
      const profile = savedProfile(doc, id);
      profile.live = live;
      return profile;
    });
  }

  setActiveKey(id: string, keyId: string | null): Promise<void> {
    return this.store.update((doc) => {
      savedProfile(doc, id).activeKeyId = keyId;
    });
  }

  /**
   * The profile's API description as `change` makes it. A described operation owns its path: an older
   * path override of it is dropped (of every described operation when the whole description changes,
   * `operation` null) unless `dropsOverrides` is false.
   */
  writeApi(
    id: string,
    change: (api: ApiDescription, profile: Profile) => ApiDescription | null,
    operation: DescribedOperation | null,
    dropsOverrides: boolean,
  ): Promise<Profile> {
    return this.store.update((doc) => {
      const profile = savedProfile(doc, id);
      profile.api = change(profile.api ?? { version: 1, operations: {} }, profile);
      if (!dropsOverrides) return profile;
      const overrides = { ...profile.endpointOverrides };
      if (operation === null) for (const described of DESCRIBED_OPERATIONS) delete overrides[described];
      else delete overrides[operation];
      profile.endpointOverrides = overrides;
      return profile;
    });
  }

  /** what a contacts listing's answers showed, added to the profile's own description of it; false when it has none */
  recordListingFacts(id: string, facts: ListingFacts): Promise<boolean> {
    return this.store.update((doc) => {
      const spec = doc.profiles.find((p) => p.id === id)?.api?.operations['contacts.list'];
      if (spec === undefined) return false;
      spec.listing = { ...spec.listing, ...facts };
      return true;
    });
  }
}
