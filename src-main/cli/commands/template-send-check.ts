// Before `crm send template`: "will this send?" (templates check). A refusal stops the send with
// what is wrong and sends nothing; a warning is said on stderr and the send goes on; a check that
// cannot be made (nothing listed, the service unreachable) leaves the send to the service.
import { CrmError } from '../../core/errors';
import type { CommandContext } from '../command';

/** the session options the send itself opens with (the session is opened once per run) */
export interface SendSessionOptions {
  profileRef: string | undefined;
  envKey: true;
  outbox: boolean;
}

export async function checkTemplateSend(ctx: CommandContext, session: SendSessionOptions, name: string, language: string): Promise<void> {
  const opened = await ctx.session(session);
  const profile = await opened.profile();
  const verdict = await opened.core.templateLifecycle.check({ profileId: profile.id, name, language }).catch(() => null);
  if (verdict === null || verdict.level === 'ok' || verdict.level === 'unknown') return;
  const said = verdict.problems.map((p) => p.message).join('; ');
  if (verdict.level === 'refuse') throw new CrmError('validation', `Not sent: ${said}`);
  ctx.note(`Warning: ${said}`);
}
