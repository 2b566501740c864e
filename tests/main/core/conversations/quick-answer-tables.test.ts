// Reactions and quotes in crm.db: one reaction per message and side, the latest standing (a late
// or repeated event changes nothing), an empty emoji taking it back; what a payload of each
// vendor's shape says of quotes and reactions; and the lines of a conversation decorated with both.
import { describe, expect, it } from 'vitest';
import { findQuickEvents } from '../../../../src-main/core/events/quick-event-finder';
import { findMessageEvents } from '../../../../src-main/core/events/event-finder';
import { openDatabase } from '../../../../src-main/core/store/database';
import { QuickAnswerTables } from '../../../../src-main/core/store/tables/quick-answer-tables';
import { tempDir } from '../../helpers/temp-dir';

async function tables(): Promise<QuickAnswerTables> {
  return new QuickAnswerTables(openDatabase(await tempDir('crm-quick-')));
}

describe('reactions: one per message and side, the latest wins', () => {
  it('a new emoji replaces the old, an older event changes nothing, an empty emoji takes it back', async () => {
    const t = await tables();
    expect(t.putReactions('p', [{ messageId: 'm1', by: 'contact', emoji: '👍', at: '2026-01-01T10:00:00.000Z' }])).toHaveLength(1);
    expect(t.putReactions('p', [{ messageId: 'm1', by: 'us', emoji: '❤️', at: '2026-01-01T10:00:01.000Z' }])).toHaveLength(1);
    expect(t.reactionsOf('p', ['m1'])).toEqual(new Map([['m1', { us: '❤️', contact: '👍' }]]));
    // the contact changes its mind; then a late copy of the first reaction arrives
    t.putReactions('p', [{ messageId: 'm1', by: 'contact', emoji: '😮', at: '2026-01-01T10:00:05.000Z' }]);
    expect(t.putReactions('p', [{ messageId: 'm1', by: 'contact', emoji: '👍', at: '2026-01-01T10:00:00.000Z' }])).toEqual([]);
    expect(t.reactionsOf('p', ['m1']).get('m1')).toEqual({ us: '❤️', contact: '😮' });
    // the same reaction again: nothing changed, nothing to announce
    expect(t.putReactions('p', [{ messageId: 'm1', by: 'contact', emoji: '😮', at: '2026-01-01T10:00:06.000Z' }])).toEqual([]);
    t.putReactions('p', [{ messageId: 'm1', by: 'us', emoji: '', at: '2026-01-01T10:00:07.000Z' }]);
    expect(t.reactionsOf('p', ['m1']).get('m1')).toEqual({ us: null, contact: '😮' });
    t.putReactions('p', [{ messageId: 'm1', by: 'contact', emoji: '', at: '2026-01-01T10:00:08.000Z' }]);
    expect(t.reactionsOf('p', ['m1']).size).toBe(0);
    // another profile's message of the same id is another message
    expect(t.reactionsOf('q', ['m1']).size).toBe(0);
  });

  it('a quote is recorded once per message', async () => {
    const t = await tables();
    expect(t.putQuotes('p', [{ messageId: 'm2', quotedId: 'm1' }])).toBe(1);
    expect(t.putQuotes('p', [{ messageId: 'm2', quotedId: 'other' }])).toBe(0);
    expect(t.quotesOf('p', ['m1', 'm2'])).toEqual(new Map([['m2', 'm1']]));
  });
});

const metaValue = (message: Record<string, unknown>): unknown => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '1',
      changes: [
        {
          field: 'messages',
          value: { messaging_product: 'whatsapp', contacts: [{ profile: { name: 'Ana' }, wa_id: '5511999990001' }], messages: [message] },
        },
      ],
    },
  ],
});

describe('quotes and reactions in the service events', () => {
  it("Meta: a reply's context.id is its quote; a reaction is a reaction, never a text line; no emoji takes it back", () => {
    const quoted = metaValue({
      from: '5511999990001',
      id: 'wamid.in1',
      timestamp: '1767261600',
      context: { from: '15550001234', id: 'wamid.out1' },
      type: 'text',
      text: { body: 'Yes please' },
    });
    expect(findQuickEvents(quoted)).toEqual([{ kind: 'quote', messageId: 'wamid.in1', quotedId: 'wamid.out1' }]);
    expect(findMessageEvents(quoted)).toMatchObject([{ kind: 'received', messageId: 'wamid.in1', text: 'Yes please' }]);
    const reacted = metaValue({
      from: '5511999990001',
      id: 'wamid.in2',
      timestamp: '1767261601',
      type: 'reaction',
      reaction: { message_id: 'wamid.out1', emoji: '👍' },
    });
    expect(findQuickEvents(reacted)).toEqual([
      { kind: 'reaction', messageId: 'wamid.out1', number: '5511999990001', emoji: '👍', at: '2026-01-01T10:00:01.000Z' },
    ]);
    expect(findMessageEvents(reacted)).toEqual([]);
    const removed = metaValue({
      from: '5511999990001',
      id: 'wamid.in3',
      timestamp: '1767261602',
      type: 'reaction',
      reaction: { message_id: 'wamid.out1' },
    });
    expect(findQuickEvents(removed)).toMatchObject([{ kind: 'reaction', emoji: '' }]);
  });

  it('the default shape: replyTo and reaction {messageId, emoji}', () => {
    expect(
      findQuickEvents({
        event: 'message.received',
        data: { id: 'in_1', number: '5511999990001', type: 'text', text: 'ok', replyTo: 'm_1', at: '2026-01-01T10:00:00Z' },
      }),
    ).toEqual([{ kind: 'quote', messageId: 'in_1', quotedId: 'm_1' }]);
    const reaction = {
      event: 'message.received',
      data: {
        id: 'in_2',
        number: '5511999990001',
        type: 'reaction',
        reaction: { messageId: 'm_1', emoji: '🎉' },
        at: '2026-01-01T10:00:00Z',
      },
    };
    expect(findQuickEvents(reaction)).toMatchObject([{ kind: 'reaction', messageId: 'm_1', emoji: '🎉' }]);
    expect(findMessageEvents(reaction)).toEqual([]);
  });

  it.each([
    ['a reaction without a target', { from: '5511999990001', type: 'reaction', reaction: { emoji: '👍' } }],
    ['a reaction whose emoji is not a string', { from: '5511999990001', type: 'reaction', reaction: { message_id: 'm', emoji: 42 } }],
    ['a reaction of no one', { type: 'reaction', reaction: { message_id: 'm', emoji: '👍' } }],
    ['a huge id', { id: 'in', context: { id: 'x'.repeat(5000) } }],
    ['a message quoting itself', { id: 'in', context: { id: 'in' } }],
  ])('%s is no event', (_name, payload) => {
    expect(findQuickEvents(payload)).toEqual([]);
  });
});
