import { LIMITS, charCount } from '../../../shared/limits';
import { CANNOT_QUOTE } from '../../../shared/quick-answers';
import { checkIdempotencyKey, recipient } from '../field-rules';
import { checkMessageRef } from '../quick-fields';
import type { DescribedRule } from './rule';

export const messagesTextRules: DescribedRule<'messages.text'> = ({ input, idempotencyKey }, { roles, problems }) => {
  const length = charCount(input.text);
  const number = recipient(input.number, problems);
  if (length === 0) problems.field('text', 'is empty', 'Text');
  else if (length > LIMITS.textChars) problems.field('text', `is too long: ${length} characters, at most ${LIMITS.textChars}`, 'Text');
  const values: { number: string; text: string; quoted_id?: string } = { number, text: input.text };
  if (input.replyTo !== undefined) {
    checkMessageRef(input.replyTo, 'replyTo', 'Quoted message', problems);
    // never sent without the quote unless the person says so: the caller drops replyTo then
    if (!roles.has('quoted_id')) problems.sentence('replyTo', CANNOT_QUOTE);
    values.quoted_id = input.replyTo;
  }
  return { values, idempotencyKey: checkIdempotencyKey(idempotencyKey, problems) };
};
