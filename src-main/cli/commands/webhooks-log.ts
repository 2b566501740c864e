// crm webhooks log / replay: the inspector's kept deliveries (every listener of this data folder,
// the window's and `crm webhooks listen`), newest last; --follow keeps printing new ones as any
// process keeps them. replay hands one kept delivery to the app again, marked as a replay.
import { defineCommand } from '../command';
import { parsePositiveInt } from '../args';
import type { Core } from '../../core/create-core';
import type { KeptDelivery } from '../../core/store/tables/webhook-deliveries-table';
import { deliveryWords } from '../../shared/webhook-deliveries';
import { followUntilStopped } from '../follow';
import { deliveryJson, deliveryLine } from '../delivery-lines';
import { profileOption } from './shared';
import { flagOption, valueOption } from '../option-kinds';

/** how often --follow looks for deliveries another process kept */
const FOLLOW_POLL_MS = 400;

export async function profileNamesOf(core: Core): Promise<Map<string, string>> {
  return new Map((await core.profiles.list()).profiles.map((p) => [p.id, p.name]));
}

export const logCommand = defineCommand({
  name: 'webhooks log',
  summary: 'the webhook deliveries kept for the inspector: when, the signature verdict and what each became (--follow: as they arrive)',
  usage: ['webhooks log [--profile NAME] [--limit N] [--follow] [--json]'],
  options: {
    profile: { ...profileOption, help: "only this profile's deliveries (default: every profile's)" },
    limit: valueOption('N', 'the newest N deliveries (default 20)'),
    follow: flagOption('keep printing new deliveries until Ctrl+C'),
  },
  notes: [
    'Kept 7 days, the last 500 per profile; signature headers, tokens and key values are never kept.',
    'The id at the end of a line is what `crm webhooks replay` takes.',
  ],
  async run(ctx, { values }) {
    const limit = parsePositiveInt(values.limit, '--limit') ?? 20;
    const session = await ctx.session({ profileRef: values.profile });
    const profileId = values.profile === undefined ? null : (await session.profile()).id;
    const names = await profileNamesOf(session.core);
    const newestFirst = session.core.webhookInspector.list({ profileId, limit });
    const nameOf = (d: KeptDelivery): string => names.get(d.profileId) ?? d.profileId;
    const lineOf = (d: KeptDelivery): string => (ctx.json && values.follow ? deliveryJson(d) : deliveryLine(d, nameOf(d), true));
    if (!values.follow) {
      const shown = [...newestFirst].reverse();
      const text = shown.length === 0 ? 'No webhook deliveries kept yet.' : shown.map(lineOf).join('\n');
      return { data: { deliveries: shown.map((d) => ({ ...d, words: deliveryWords(d) })) }, text };
    }
    let last = newestFirst[0]?.seq ?? 0;
    const print = (deliveries: KeptDelivery[]): void => {
      for (const d of [...deliveries].reverse()) ctx.io.stdout.write(`${lineOf(d)}\n`);
      last = deliveries[0]?.seq ?? last;
    };
    print(newestFirst);
    ctx.note('Following: new deliveries are printed as they are kept; Ctrl+C stops.');
    await followUntilStopped(() => {
      const timer = setInterval(() => print(session.core.webhookInspector.list({ profileId, afterSeq: last, limit: 500 })), FOLLOW_POLL_MS);
      timer.unref();
      return { dispose: () => clearInterval(timer) };
    });
    return { data: null, text: '', printed: true };
  },
});

export const replayCommand = defineCommand({
  name: 'webhooks replay',
  summary: 'hand a kept delivery to the app again, as a live one is handled (a state already recorded changes nothing)',
  usage: ['webhooks replay ID [--json]'],
  positionals: { min: 1, max: 1 },
  async run(ctx, { positionals }) {
    const session = await ctx.session();
    const replayed = await session.core.webhookInspector.replay(positionals[0] ?? '');
    const names = await profileNamesOf(session.core);
    const text = deliveryLine(replayed, names.get(replayed.profileId) ?? replayed.profileId, true);
    return { data: { ...replayed, words: deliveryWords(replayed) }, text };
  },
});
