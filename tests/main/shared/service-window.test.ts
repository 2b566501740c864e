// Each service's own "outside the 24-hour window" refusal maps to one plain hint, and whether
// the window warns before a free-form message follows what the profile's description says of
// its service: descriptions learned from the sandbox's vendor playgrounds, never the default API.
import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../../src-main/core/api/curl/curl-parse';
import { proposeOperation } from '../../../src-main/core/api/propose';
import type { ApiDescription } from '../../../src-main/shared/api-description';
import { enforcesWindow, OUTSIDE_WINDOW_HINT, windowRefusalIn, WINDOW_REFUSALS } from '../../../src-main/shared/service-window';
import { playgroundTabs, type SandboxDialect } from '../../../src-main/sandbox/index';
import { outsideWindowReason } from '../../../src-main/sandbox/events/fail-reasons';

function learnedFrom(dialect: SandboxDialect): ApiDescription {
  const tab = playgroundTabs(dialect, 'http://127.0.0.1:4010').find((t) => t.id === 'text');
  if (!tab) throw new Error(`${dialect} has no text tab`);
  const { spec } = proposeOperation(parseCurl(tab.curl), 'messages.text');
  return { version: 1, operations: { 'messages.text': spec } };
}

describe("a service's own refusal for a contact outside the window", () => {
  it.each([
    [
      'Meta, as the app words its 400',
      'The server rejected the request: 131047: (#131047) Re-engagement message',
      'Meta WhatsApp Cloud API (also 360dialog)',
    ],
    ['Meta, as a failed delivery reason', 'Re-engagement message (131047)', 'Meta WhatsApp Cloud API (also 360dialog)'],
    ['Twilio', 'The service did not send the message: 63016: The free-form message was not sent', 'Twilio WhatsApp'],
    ["Wati's 2xx with result false", 'The service did not send the message: Ticket has been expired', 'Wati'],
    ['Wati, in another case', 'ticket has been EXPIRED', 'Wati'],
  ])('%s is recognised', (_, text, service) => {
    expect(windowRefusalIn(text)?.service).toBe(service);
  });

  it.each([
    ['another Meta code', 'The server rejected the request: 131026: Message Undeliverable'],
    ['a longer number holding the code', 'message id 91310470 failed'],
    ['a plain failure', 'Not found: POST /api/v1/messages/text'],
    ['nothing', ''],
  ])('%s is not', (_, text) => {
    expect(windowRefusalIn(text)).toBeNull();
  });

  it("the sandbox's played refusals are each in the table", () => {
    for (const dialect of ['meta', 'twilio'] as const) expect(windowRefusalIn(outsideWindowReason(dialect).code)).not.toBeNull();
    expect(WINDOW_REFUSALS.map((r) => r.service)).toHaveLength(3);
    expect(OUTSIDE_WINDOW_HINT).toBe('This contact has not written in the last 24 hours: send an approved template');
  });
});

describe('whether the service enforces the window', () => {
  it('the default API does not', () => {
    expect(enforcesWindow(null)).toBe(false);
    expect(enforcesWindow({ version: 1, operations: {} })).toBe(false);
  });

  it.each(['meta', 'cloud', 'twilio', 'wati'] as const)('a description learned from the %s playground does', (dialect) => {
    expect(enforcesWindow(learnedFrom(dialect))).toBe(true);
  });

  it.each(['default', 'evolution-v2'] as const)('a description learned from the %s playground does not', (dialect) => {
    expect(enforcesWindow(learnedFrom(dialect))).toBe(false);
  });

  it("360dialog's key header says it is Meta's API behind another door", () => {
    const spec = learnedFrom('default').operations['messages.text']!;
    expect(
      enforcesWindow({
        version: 1,
        operations: { 'messages.text': { ...spec, credential: { in: 'header', name: 'D360-API-KEY', scheme: '' } } },
      }),
    ).toBe(true);
  });
});
