// The conversation's only word about webhooks: a link to the profile's Events settings in
// Profiles while the profile's events are not set up (the address and signing are the
// developer's concern, not the agent's).
import { useOpenScreen } from '../../app/app-port';
import { useEditRequest } from '../profiles/edit-request';
import { eventsNeedSetup } from './conversation-notices';
import { useConversationStore } from './conversation-store';

export function EventsSetupLink() {
  const webhooks = useConversationStore((s) => s.webhooks);
  const conversation = useConversationStore((s) => s.conversation);
  const openScreen = useOpenScreen();
  if (conversation === null || !eventsNeedSetup(webhooks, conversation)) return null;
  const open = () => {
    useEditRequest.getState().ask(conversation.profileId, 'events');
    openScreen('profiles');
  };
  return (
    <p className="hint" data-testid="conversation-events-setup">
      Events are not set up for this profile: replies and delivery states do not show here.{' '}
      <button type="button" className="btn btn-small" onClick={open}>
        Set up in Profiles
      </button>
    </p>
  );
}
