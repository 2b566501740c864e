// "Fire a test event": one event in a vendor's shape, signed as that vendor signs with the
// profile's secret, as the HTTP request the vendor would post. The shapes and signatures are the
// sandbox's own builders (sandbox/events), so the listener is tried with exactly what the sandbox
// sends. Keyed by dialect: a dialect whose builder is written later is one more entry here.
import { randomBytes } from 'node:crypto';
import type { SandboxEvent } from '../../../sandbox/events/event-types';
import type { SandboxDialect } from '../../../sandbox/types';
import { outsideWindowReason } from '../../../sandbox/events/fail-reasons';
import { webhookRequest, type WebhookRequest } from '../../../sandbox/events/webhook-request';
import { TEST_EVENT_KINDS, type TestEventKind } from '../../../shared/webhook-deliveries';

export { TEST_EVENT_KINDS, type TestEventKind };

type RequestBuilder = (event: SandboxEvent, url: string, secret: string | null) => WebhookRequest;

/** the dialects a test event can be fired in, and how each is built */
export const TEST_EVENT_BUILDERS: Readonly<Record<string, RequestBuilder>> = {
  default: (event, url, secret) => webhookRequest('default', event, url, secret),
  meta: (event, url, secret) => webhookRequest('meta', event, url, secret),
  twilio: (event, url, secret) => webhookRequest('twilio', event, url, secret),
  // Evolution carries the secret as the body's apikey; Wati signs nothing
  'evolution-v2': (event, url, secret) => webhookRequest('evolution-v2', event, url, secret),
  wati: (event, url, secret) => webhookRequest('wati', event, url, secret),
};

/** whose wording of a failure a dialect's test event carries (the sandbox's fail-reasons.ts) */
const FAILURE_DIALECT: Readonly<Record<string, SandboxDialect>> = { meta: 'meta', twilio: 'twilio' };

export interface TestEventInput {
  kind: TestEventKind;
  dialect: string;
  /** the contact, in digits */
  number: string;
  /** the sent message a state is about (and a reply answers); absent: a made-up test id */
  messageId?: string;
  at: Date;
}

function testId(prefix: string): string {
  return `${prefix}${randomBytes(6).toString('hex')}`;
}

/** the event a kind names; a failure carries the dialect's own code for a message outside the 24-hour window */
export function testEvent(input: TestEventInput): SandboxEvent {
  const messageId = input.messageId ?? testId('test_');
  if (input.kind === 'reply') {
    const text = 'A test reply fired from the webhook inspector';
    const id = testId('in_test_');
    const from = { number: input.number, profileName: 'Test contact' };
    return { name: 'message.received', seq: 0, id, ...from, type: 'text', text, media: null, at: input.at, inReplyTo: messageId };
  }
  const error = input.kind === 'failed' ? outsideWindowReason(FAILURE_DIALECT[input.dialect] ?? 'default') : null;
  return { name: 'message.status', seq: 0, id: messageId, number: input.number, status: input.kind, at: input.at, error };
}

/** the request to post, or why none can be built */
export function testEventRequest(input: TestEventInput, url: string, secret: string | null): WebhookRequest | { problem: string } {
  const build = TEST_EVENT_BUILDERS[input.dialect];
  const shapes = Object.keys(TEST_EVENT_BUILDERS).join(', ');
  if (!build) return { problem: `No test events in the "${input.dialect}" shape yet; choose one of: ${shapes}.` };
  return build(testEvent(input), url, secret);
}
