// `crm`'s side of the live-profile guard (shared/live-guard.ts): every send to a live profile
// names the profile on stderr, so a script's log shows where it went, and asks on a terminal
// unless --yes. A script (stdin not a terminal) without --yes is refused before anything is sent.
import type { Profile } from '../core/model';
import { liveConfirmQuestion, liveSendLine } from '../shared/live-guard';
import type { CommandContext } from './command';
import { confirmOrRefuse } from './commands/shared';
import { clean } from './format';

export async function guardLiveSend(ctx: CommandContext, profile: Profile, to: string, yes: boolean): Promise<void> {
  if (profile.live !== true) return;
  const name = clean(profile.name);
  ctx.io.stderr.write(`${liveSendLine(name)}\n`);
  await confirmOrRefuse(ctx, yes, liveConfirmQuestion('send', name, clean(to)), `send on the live profile "${name}"`);
}
