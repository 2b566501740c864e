import { recipient } from '../field-rules';
import { checkMessageRef } from '../quick-fields';
import type { DescribedRule } from './rule';

/** a read receipt names the contact's message; the number is there for services that want it too */
export const messagesReadRules: DescribedRule<'messages.read'> = ({ input }, { problems }) => {
  const number = recipient(input.number, problems);
  checkMessageRef(input.messageId, 'messageId', 'Message', problems);
  return { values: { number, read_id: input.messageId } };
};
