import { LIMITS, charCount } from '../../../shared/limits';
import { checkIdempotencyKey, recipient } from '../field-rules';
import type { DescribedRule } from './rule';

export const messagesTextRules: DescribedRule<'messages.text'> = ({ input, idempotencyKey }, { problems }) => {
  const length = charCount(input.text);
  const number = recipient(input.number, problems);
  if (length === 0) problems.field('text', 'is empty', 'Text');
  else if (length > LIMITS.textChars) problems.field('text', `is too long: ${length} characters, at most ${LIMITS.textChars}`, 'Text');
  return { values: { number, text: input.text }, idempotencyKey: checkIdempotencyKey(idempotencyKey, problems) };
};
