import { recipient } from '../field-rules';
import { checkMessageRef, checkEmoji } from '../quick-fields';
import type { DescribedRule } from './rule';

export const messagesReactionRules: DescribedRule<'messages.reaction'> = ({ input }, { problems }) => {
  const number = recipient(input.number, problems);
  checkMessageRef(input.messageId, 'messageId', 'Message', problems);
  checkEmoji(input.emoji, problems);
  return { values: { number, reaction_to: input.messageId, emoji: input.emoji } };
};
