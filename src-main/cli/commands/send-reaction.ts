// crm send reaction --to NUMBER --message ID --emoji E: a reaction to one message of the
// conversation (an empty --emoji "" takes ours back), sent through the profile's Send Reaction.
import { CrmError } from '../../core/errors';
import { CANNOT_QUOTE_FIELD } from '../../shared/quick-answers';
import { UsageError, requireOption } from '../args';
import { defineCommand } from '../command';
import { profileOption, profileSession } from './shared';
import { valueOption } from '../option-kinds';

export const reactionCommand = defineCommand({
  name: 'send reaction',
  summary: 'react to a message with an emoji (--emoji "" takes the reaction back)',
  usage: ['send reaction --to NUMBER --message ID --emoji EMOJI [--profile NAME] [--json]'],
  options: {
    to: valueOption('NUMBER', 'the contact: country code + number'),
    message: valueOption('ID', "the message's id as the service gave it (crm conversation --json shows it)"),
    emoji: valueOption('EMOJI', 'one emoji; "" takes our reaction back'),
    profile: profileOption,
  },
  notes: ["Where the profile's API description has no Send Reaction, nothing is sent and crm says so.", '--json prints {"emoji"}.'],
  async run(ctx, { values }) {
    const number = requireOption(values.to, '--to');
    const messageId = requireOption(values.message, '--message');
    // "" is a value here (take the reaction back), so only a missing option is a usage error
    const emoji = values.emoji;
    if (emoji === undefined) throw new UsageError('missing --emoji (give --emoji "" to take the reaction back)');
    const { session, profile } = await profileSession(ctx, { profileRef: values.profile, envKey: true });
    const result = await session.core.quick.react({ profileId: profile.id, number, messageId, emoji });
    return { data: result, text: emoji === '' ? `Took our reaction to ${messageId} back.` : `Reacted ${emoji} to ${messageId}.` };
  },
});

/** a quoted send refused for want of a place for the quote: says how to send it without */
export function withoutQuoteHint(err: unknown): unknown {
  if (!(err instanceof CrmError) || !err.details?.some((d) => d.field === CANNOT_QUOTE_FIELD)) return err;
  return new CrmError(err.code, `${err.message}. Nothing was sent: run it again without --reply-to to send it without the quote.`, {
    details: err.details,
  });
}
