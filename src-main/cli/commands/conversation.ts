// crm conversation NUMBER [--follow]: one contact's conversation, as the window shows it: what was
// sent with how far it got, and the contact's replies, oldest first. --follow stays and prints
// each new line or state as it lands in the data folder (the window's webhook listener, its event
// stream or polling put it there), until Ctrl+C.
import type { Conversation } from '../../shared/conversation';
import { defineCommand } from '../command';
import { lineOf, shownAs } from '../conversation-lines';
import { followUntilStopped } from '../follow';
import { clean, jsonLine } from '../format';
import { profileOption } from './shared';

function header(c: Conversation): string {
  const who = c.name ? `${clean(c.name)} (+${c.number})` : `+${c.number}`;
  const window = c.insideWindow ? 'the 24-hour window is open' : 'outside the 24-hour window: only a template may be sent (crm send template)';
  return `Conversation with ${who}; ${window}.`;
}

export const conversationCommand = defineCommand({
  name: 'conversation',
  summary: "one contact's conversation: sends with their delivery state, and replies (--follow stays and prints new ones)",
  usage: ['conversation NUMBER [--follow] [--profile NAME] [--json]'],
  options: {
    follow: { type: 'boolean', help: 'keep printing new replies and delivery states until Ctrl+C' },
    profile: profileOption,
  },
  positionals: { min: 1, max: 1 },
  notes: ['Replies and states come from the service\'s events, which the open window receives (crm webhooks show says where).'],
  async run(ctx, { values, positionals }) {
    const session = await ctx.session({ profileRef: values.profile });
    const profile = await session.profile();
    const ask = (): Promise<Conversation> => session.core.conversations.thread({ profileId: profile.id, number: positionals[0] ?? '' });
    const first = await ask();
    if (!values.follow) {
      const text = [header(first), ...(first.items.length === 0 ? ['No messages with this contact yet.'] : first.items.map((item) => lineOf(item)))].join('\n');
      return { data: first, text };
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
