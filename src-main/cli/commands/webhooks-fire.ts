// crm webhooks fire: one test event posted at this computer's webhook listener (the window's or
// `crm webhooks listen`), in a vendor's shape and signed as that vendor signs with the profile's
// secret: a reply, a delivery state, or a failure with the vendor's code. It travels the whole
// way a real one does, so the listener's checks and the inspector's record are tried too.
import { defineCommand } from '../command';
import { oneOf, requireOption, UsageError } from '../args';
import { webhookPortOf } from '../../core/events/webhooks/webhook-port';
import { TEST_EVENT_BUILDERS, TEST_EVENT_KINDS } from '../../core/events/webhooks/test-events';
import { fireTestEvent } from '../../core/events/webhooks/fire-test-event';
import { digitsOf } from '../../core/events/event-finder';
import { clean } from '../format';
import { profileOption, profileSession } from './shared';
import { valueOption } from '../option-kinds';

/** the contact a test event is from (or to) when --number is not given: a reserved fictional number */
const TEST_NUMBER = '15555550100';

export const fireCommand = defineCommand({
  name: 'webhooks fire',
  summary: "post a test event at this computer's webhook listener, in a vendor's shape, signed with the profile's secret",
  usage: ['webhooks fire --kind reply|sent|delivered|read|failed [--dialect D] [--number N] [--message ID] [--profile NAME] [--json]'],
  options: {
    profile: profileOption,
    kind: valueOption('KIND', `the event: ${TEST_EVENT_KINDS.join(', ')} (failed: outside the 24-hour window, with the vendor's code)`),
    dialect: valueOption('D', `the vendor's shape: ${Object.keys(TEST_EVENT_BUILDERS).join(', ')} (default: default)`),
    number: valueOption('N', `the contact's number (default ${TEST_NUMBER}, a fictional one)`),
    message: valueOption('ID', 'the sent message a state is about, or a reply answers (default: a test id)'),
  },
  notes: ['Nothing listens unless the window is open or `crm webhooks listen` runs. A test reply shows up in the inbox like any reply.'],
  async run(ctx, { values }) {
    const kind = oneOf(requireOption(values.kind, '--kind'), TEST_EVENT_KINDS, '--kind')!;
    const dialect = oneOf(values.dialect ?? 'default', Object.keys(TEST_EVENT_BUILDERS), '--dialect')!;
    const number = values.number === undefined ? TEST_NUMBER : digitsOf(values.number);
    if (number === null) throw new UsageError('--number must be a phone number (digits, optionally with + and spaces)');
    const port = webhookPortOf(ctx.io.env);
    if (port === null || port === 0) throw new UsageError('CRM_WEBHOOK_PORT must name the port the listener took (it is off, or 0)');
    const { session, profile } = await profileSession(ctx, { profileRef: values.profile });
    const url = `http://127.0.0.1:${port}/webhooks/${encodeURIComponent(profile.id)}`;
    const secret = await session.core.webhookSecrets.secretOf(profile.id);
    const input = { kind, dialect, number, at: new Date(), ...(values.message ? { messageId: values.message } : {}) };
    const fired = await fireTestEvent(input, url, secret);
    const signed = secret === null ? 'unsigned (the profile has no webhook secret)' : `signed with the profile's secret`;
    const text = `Fired a ${kind} event in the ${dialect} shape, ${signed}, at ${url}: HTTP ${fired.status} ${clean(fired.answer)}`;
    const data = { profileId: profile.id, kind, dialect, signed: secret !== null, url, ...fired };
    if (fired.status >= 200 && fired.status < 300) return { data, text };
    return { data, text, exitCode: 1, reason: `the listener refused the test event (HTTP ${fired.status}); \`crm webhooks log\` says why` };
  },
});
