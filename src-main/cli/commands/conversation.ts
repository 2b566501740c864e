// crm conversation NUMBER [--follow]: one contact's conversation, as the window shows it: what was
// sent with how far it got, and the contact's replies, oldest first. --follow stays and prints
// each new line or state as it lands in the data folder (the window's webhook listener, its event
// stream or polling put it there), until Ctrl+C.
import type { Conversation, ConversationItem } from '../../shared/conversation';
import { defineCommand } from '../command';
import { clean, shortTime } from '../format';
import { profileOption } from './shared';

const STATE_WORDS: Record<string, string> = { accepted: 'accepted by the service', sent: 'sent', delivered: 'delivered', read: 'read', failed: 'failed' };

function lineOf(item: ConversationItem): string {
  const who = item.direction === 'out' ? '→' : '←';
  const what = clean(item.text ?? (item.fileName ? `${item.kind}: ${item.fileName}` : item.kind));
  const state = item.direction === 'out' ? `  [${item.state === 'failed' ? `failed${item.reason ? `: ${clean(item.reason)}` : ''}` : STATE_WORDS[item.state ?? 'accepted']}]` : '';
  return `${shortTime(item.at)} ${who} ${what}${state}`;
}

function header(c: Conversation): string {
  const who = c.name ? `${clean(c.name)} (+${c.number})` : `+${c.number}`;
  const window = c.insideWindow ? 'the 24-hour window is open' : 'outside the 24-hour window: only a template may be sent (crm send template)';
  return `Conversation with ${who}; ${window}.`;
}

/** what a line shows, so --follow prints a line again only when it changed */
const shownAs = (item: ConversationItem): string => `${item.key}|${item.state ?? ''}|${item.reason ?? ''}`;

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
      const text = [header(first), ...(first.items.length === 0 ? ['No messages with this contact yet.'] : first.items.map(lineOf))].join('\n');
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
        out(ctx.json ? JSON.stringify(item) : lineOf(item));
      }
    };
    if (!ctx.json) out(header(first));
    print(first);
    ctx.note('Following: new replies and delivery states are printed as they arrive; Ctrl+C stops.');
    await new Promise<void>((resolve) => {
      // the data folder is watched by unref'd timers (they never hold a finished command open):
      // this one keeps the process alive while it follows
      const keepAlive = setInterval(() => {}, 60_000);
      const subscription = session.core.conversations.onDidChange((change) => {
        if (change.profileId !== null && change.profileId !== profile.id) return;
        void ask()
          .then(print)
          .catch(() => undefined);
      });
      const stop = (): void => {
        clearInterval(keepAlive);
        subscription.dispose();
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        resolve();
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    return { data: null, text: '', printed: true };
  },
});
