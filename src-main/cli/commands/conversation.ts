// crm conversation NUMBER [--follow]: one contact's conversation, as the window shows it: what was
// sent with how far it got, and the contact's replies, oldest first. --follow stays and prints
// each new line or state as it lands in the data folder (the window's webhook listener, its event
// stream or polling put it there), until Ctrl+C.
import type { Conversation } from '../../shared/conversation';
import { defineCommand } from '../command';
import { lineOf, shownAs } from '../conversation-lines';
import { followUntilStopped } from '../follow';
import { clean, jsonLine } from '../format';
import { profileOption, profileSession } from './shared';
import { receiptLine } from './read-receipts';
import { UsageError } from '../args';
import { flagOption } from '../option-kinds';

function header(c: Conversation): string {
  const who = c.name ? `${clean(c.name)} (+${c.number})` : `+${c.number}`;
  const window = c.insideWindow
    ? 'the 24-hour window is open'
    : 'outside the 24-hour window: only a template may be sent (crm send template)';
  return `Conversation with ${who}; ${window}.`;
}

export const conversationCommand = defineCommand({
  name: 'conversation',
  summary: "one contact's conversation: sends with their delivery state, and replies (--follow stays and prints new ones)",
  usage: ['conversation NUMBER [--follow] [--profile NAME] [--json]', 'conversation NUMBER --mark-read [--profile NAME] [--json]'],
  options: {
    follow: flagOption('keep printing new replies and delivery states until Ctrl+C'),
    'mark-read': flagOption(
      'mark the conversation read, as opening it in the window does, and tell the service where it has read receipts',
    ),
    profile: profileOption,
  },
  positionals: { min: 1, max: 1 },
  notes: [
    "Replies and states come from the service's events, which the open window receives (crm webhooks show says where).",
    "--mark-read prints one more line saying whether the service was told (a read receipt for the contact's newest message, " +
      'where the profile describes Mark as Read and crm settings read-receipts is on); a receipt the service did not take is no ' +
      'error and is tried once more on the next open.',
  ],
  async run(ctx, { values, positionals }) {
    if (values['mark-read'] && values.follow) throw new UsageError('--mark-read marks what is there now: use it without --follow');
    const { session, profile } = await profileSession(ctx, { profileRef: values.profile });
    const ask = (): Promise<Conversation> => session.core.conversations.thread({ profileId: profile.id, number: positionals[0] ?? '' });
    const first = await ask();
    if (!values.follow) {
      const lines = [
        header(first),
        ...(first.items.length === 0 ? ['No messages with this contact yet.'] : first.items.map((item) => lineOf(item))),
      ];
      if (!values['mark-read']) return { data: first, text: lines.join('\n') };
      // waits for the receipt, unlike the window: the command says what the service was told
      const marked = await session.core.inbox.markReadAndTell({ profileId: profile.id, number: first.number });
      return { data: { ...first, markedRead: marked }, text: [...lines, receiptLine(marked.receipt)].join('\n') };
    }
    const out = (line: string): void => {
      ctx.io.stdout.write(`${line}\n`);
    };
    const seen = new Set<string>();
    const print = (c: Conversation): void => {
      for (const item of c.items) {
        if (seen.has(shownAs(item))) continue;
        seen.add(shownAs(item));
        out(ctx.json ? jsonLine(item) : lineOf(item));
      }
    };
    if (!ctx.json) out(header(first));
    print(first);
    ctx.note('Following: new replies and delivery states are printed as they arrive; Ctrl+C stops.');
    await followUntilStopped(() =>
      session.core.conversations.onDidChange((change) => {
        if (change.profileId !== null && change.profileId !== profile.id) return;
        void ask()
          .then(print)
          .catch(() => undefined);
      }),
    );
    return { data: null, text: '', printed: true };
  },
});
