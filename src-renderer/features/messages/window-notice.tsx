// The 24-hour window warning above the conversation, where the profile's service enforces the
// window (conversation-notices.ts): the one plain hint, with the way to the Template panel for
// this contact.
import { enforcesWindow } from '../../../src-main/shared/service-window';
import type { Conversation } from '../../lib/api';
import { WindowHint } from '../send/window-hint';
import { useWindowRefusals } from '../send/window-refusals';
import { useProfilesStore } from '../profiles/profiles-store';
import { warnsOfWindow } from './conversation-notices';

export function WindowNotice({ conversation }: { conversation: Conversation }) {
  const api = useProfilesStore((s) => s.profiles.find((p) => p.id === conversation.profileId)?.api ?? null);
  const refusalSeen = useWindowRefusals((s) => s.seen[conversation.profileId] === true);
  if (!warnsOfWindow(conversation, enforcesWindow(api), refusalSeen)) return null;
  return (
    <div data-testid="conversation-window">
      <WindowHint number={conversation.number} name={conversation.name} />
    </div>
  );
}
