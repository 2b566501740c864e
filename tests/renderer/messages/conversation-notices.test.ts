// What the conversation says besides its messages: the 24-hour warning only where the service
// enforces the window (or refused a message outside it once), and the link to Profiles only
// while the profile's events are not set up.
import { describe, expect, it } from 'vitest';
import type { ConversationItem, WebhookInfo } from '../../../src-renderer/lib/api';
import { eventsNeedSetup, warnsOfWindow } from '../../../src-renderer/features/messages/conversation-notices';
import { useWindowRefusals } from '../../../src-renderer/features/send/window-refusals';
import { webhookInfoRecord } from '../helpers/records';

const item = (patch: Partial<ConversationItem>): ConversationItem => ({
  key: 'k',
  direction: 'out',
  messageId: 'm',
  kind: 'text',
  text: 'hi',
  fileName: null,
  at: '2026-01-01T00:00:00Z',
  state: null,
  reason: null,
  media: null,
  ...patch,
});
const info = (patch: Partial<WebhookInfo>): WebhookInfo => webhookInfoRecord({ eventsArrived: true, ...patch });

describe('the 24-hour warning', () => {
  const outside = { insideWindow: false, items: [] };

  it('is not shown for a service that does not enforce the window (the default API)', () => {
    expect(warnsOfWindow(outside, false, false)).toBe(false);
  });

  it('is shown outside the window of a service that enforces it, never inside', () => {
    expect(warnsOfWindow(outside, true, false)).toBe(true);
    expect(warnsOfWindow({ insideWindow: true, items: [] }, true, true)).toBe(false);
  });

  it("is shown once the service's own refusal was seen: a send under the profile, or a failed delivery here", () => {
    expect(warnsOfWindow(outside, false, true)).toBe(true);
    expect(
      warnsOfWindow({ insideWindow: false, items: [item({ state: 'failed', reason: 'Re-engagement message (131047)' })] }, false, false),
    ).toBe(true);
    expect(
      warnsOfWindow({ insideWindow: false, items: [item({ state: 'failed', reason: 'Message Undeliverable (131026)' })] }, false, false),
    ).toBe(false);
  });

  it('a send refused with Wati\'s "Ticket has been expired" is remembered for its profile only', () => {
    const refusals = useWindowRefusals.getState();
    refusals.noteFailure('wati', 'The service did not send the message: Server error (HTTP 500)');
    expect(useWindowRefusals.getState().seen).toEqual({});
    refusals.noteFailure('wati', 'The service did not send the message: Ticket has been expired');
    refusals.noteFailure(null, 'Ticket has been expired');
    expect(useWindowRefusals.getState().seen).toEqual({ wati: true });
  });
});

describe('the link to set events up in Profiles', () => {
  it('shows while the listener is not running', () => {
    expect(eventsNeedSetup(info({ url: null, problem: 'Port 47474 is in use' }), { items: [] })).toBe(true);
  });

  it('shows while nothing of the service ever arrived, and this conversation proves nothing either', () => {
    expect(eventsNeedSetup(info({ eventsArrived: false }), { items: [item({})] })).toBe(true);
    expect(eventsNeedSetup(info({ eventsArrived: false }), { items: [item({ state: 'delivered' })] })).toBe(false);
    expect(eventsNeedSetup(info({ eventsArrived: false }), { items: [item({ direction: 'in' })] })).toBe(false);
  });

  it('says nothing once events arrive, or before main answered', () => {
    expect(eventsNeedSetup(info({}), { items: [] })).toBe(false);
    expect(eventsNeedSetup(null, null)).toBe(false);
  });
});
