// crm webhooks show|secret|verify-token: where a profile's service should post its webhooks, and
// the two shared secrets of that (the signing secret, Meta's verify token), read from stdin or a
// hidden prompt into the OS keychain, never from an argument and never printed.
import { defineCommand } from '../command';
import type { CommandGroup } from '../command';
import { clean } from '../format';
import { DEFAULT_WEBHOOK_PORT, webhookPortOf } from '../../core/events/webhooks/webhook-port';
import { profileOption, profileSession } from './shared';
import { readKeyValue } from './keys';
import { listenCommand } from './webhooks-listen';
import { logCommand, replayCommand } from './webhooks-log';
import { fireCommand } from './webhooks-fire';
import { flagOption } from '../option-kinds';

const TUNNEL_UNSIGNED =
  "If the service reaches this address through a tunnel, anyone who learns the tunnel's address can post messages and delivery " +
  'states into the app until a secret is set.';

function addressOf(env: Record<string, string | undefined>, profileId: string): string {
  const port = webhookPortOf(env);
  if (port === null) return 'off (CRM_WEBHOOK_PORT=off)';
  return `http://127.0.0.1:${port === 0 ? '<a free port, shown in the window>' : port}/webhooks/${profileId}`;
}

const show = defineCommand({
  name: 'webhooks show',
  summary: "where the profile's service should post its webhooks (the open window listens there), and whether its secrets are set",
  usage: ['webhooks show [--profile NAME] [--json]'],
  options: { profile: profileOption },
  notes: [
    `The window listens on 127.0.0.1 only (port ${DEFAULT_WEBHOOK_PORT}, or CRM_WEBHOOK_PORT); reach it from the internet with your own tunnel.`,
  ],
  async run(ctx, { values }) {
    const { session, profile } = await profileSession(ctx, { profileRef: values.profile });
    const state = await session.core.webhookSecrets.stateOf(profile.id);
    const url = addressOf(ctx.io.env, profile.id);
    const text = [
      `Profile "${clean(profile.name)}": the service posts its webhooks to ${url}`,
      state.signed
        ? 'Signed: posts without a valid signature are refused.'
        : `Not signed: set a secret with \`crm webhooks secret\` to refuse unsigned posts. ${TUNNEL_UNSIGNED}`,
      state.verifyToken
        ? "Meta's subscription check is answered (a verify token is set)."
        : "Meta's subscription check is refused until `crm webhooks verify-token` sets a token.",
    ].join('\n');
    // this process does not see the window's posts: whether they come through a tunnel is the
    // window's to say (webhooks:info); here the warning holds for any tunnel
    return { data: { profileId: profile.id, url, ...state, warning: state.signed ? null : TUNNEL_UNSIGNED }, text };
  },
});

function secretCommand(kind: 'secret' | 'verify-token') {
  const what = kind === 'secret' ? 'webhook secret' : 'verify token';
  return defineCommand({
    name: `webhooks ${kind}`,
    summary:
      kind === 'secret'
        ? "save the profile's webhook signing secret (Meta: the app secret; Twilio: the auth token) in the OS keychain, from stdin or a hidden prompt"
        : "save the verify token Meta's subscription check sends, in the OS keychain, from stdin or a hidden prompt",
    usage: [`webhooks ${kind} [--profile NAME] < ${kind}.txt`, `webhooks ${kind} --remove [--profile NAME]`],
    options: { profile: profileOption, remove: flagOption(`remove the ${what}`) },
    async run(ctx, { values }) {
      const { session, profile } = await profileSession(ctx, { profileRef: values.profile });
      const value = values.remove
        ? null
        : await readKeyValue(ctx, profile.name, `${what[0]!.toUpperCase()}${what.slice(1)} for profile "${clean(profile.name)}"`);
      const state = await session.core.webhookSecrets.set(profile.id, kind === 'secret' ? { secret: value } : { verifyToken: value });
      const text =
        value === null
          ? `Removed the ${what} of profile "${clean(profile.name)}".`
          : `Saved the ${what} of profile "${clean(profile.name)}" in the OS keychain.`;
      return { data: { profileId: profile.id, ...state }, text };
    },
  });
}

export const webhooksGroup: CommandGroup = {
  name: 'webhooks',
  summary: "receiving a service's replies and delivery states: the window's webhook address and its secrets",
  commands: [show, secretCommand('secret'), secretCommand('verify-token'), listenCommand, logCommand, replayCommand, fireCommand],
};
