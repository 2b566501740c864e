import { useId, useState } from 'react';
import type { Profile } from '../../lib/api';
import { panelId, tabId, Tabs, type TabItem } from '../../ui/tabs';
import { ApiSection } from './api/api-section';
import { EditProfileForm } from './edit-profile-form';
import { WebhookSettings } from './webhook-settings';

export type EditTab = 'general' | 'api' | 'events';

const TABS: TabItem<EditTab>[] = [
  { id: 'general', label: 'General' },
  { id: 'api', label: 'API' },
  { id: 'events', label: 'Events' },
];

/** Profiles -> Edit: the profile's name, base URL and key routes (General), how its service is asked (API), and where its events arrive (Events). */
export function EditProfile({ profile, onDone, initialTab = 'general' }: { profile: Profile; onDone: () => void; initialTab?: EditTab }) {
  const [tab, setTab] = useState<EditTab>(initialTab);
  const id = useId();
  const prefix = `${id}-edit`;
  return (
    <section className="card" aria-labelledby={`${id}-title`} data-testid="edit-profile">
      <div className="section-head">
        <h2 id={`${id}-title`}>Edit “{profile.name}”</h2>
        <button type="button" className="btn btn-small" onClick={onDone}>
          Close
        </button>
      </div>
      <Tabs label={`Edit “${profile.name}”`} items={TABS} selected={tab} onSelect={setTab} idPrefix={prefix} />
      <div
        role="tabpanel"
        id={panelId(prefix, tab)}
        aria-labelledby={tabId(prefix, tab)}
        className="tabpanel"
        data-testid={`edit-panel-${tab}`}
      >
        {tab === 'general' && <EditProfileForm profile={profile} onDone={onDone} />}
        {tab === 'api' && <ApiSection profile={profile} />}
        {tab === 'events' && <WebhookSettings profile={profile} />}
      </div>
    </section>
  );
}
