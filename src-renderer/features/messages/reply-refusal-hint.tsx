// A reply the service refused because the contact is outside the 24-hour window: the plain hint
// and the way to the Template panel, under the reply box's "Not sent".
import { windowRefusalIn } from '../../../src-main/shared/service-window';
import { WindowHint } from '../send/window-hint';
import { useConversationStore } from './conversation-store';

export function ReplyRefusalHint() {
  const state = useConversationStore((s) => s.replyState);
  const number = useConversationStore((s) => s.number);
  const name = useConversationStore((s) => s.conversation?.name ?? null);
  if (state.phase !== 'failed' || number === null || windowRefusalIn(state.error.message) === null) return null;
  return <WindowHint number={number} name={name} />;
}
