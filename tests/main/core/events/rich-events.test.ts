// The parts of a received message beyond its text, as Meta's webhooks give them: a file's media
// id (no address), a shared place's coordinates, name and address, and shared contact cards; and
// the bad shapes that are left out rather than stored half-read.
import { describe, expect, it } from 'vitest';
import { findMessageEvents, type ReceivedEvent } from '../../../../src-main/core/events/event-finder';

function metaMessage(message: Record<string, unknown>): unknown {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '1',
        changes: [
          {
            field: 'messages',
            value: {
              contacts: [{ profile: { name: 'Ana' }, wa_id: '5511988887777' }],
              messages: [{ from: '5511988887777', id: 'wamid.A', timestamp: '1764400000', ...message }],
            },
          },
        ],
      },
    ],
  };
}

function received(payload: unknown): ReceivedEvent {
  const events = findMessageEvents(payload);
  expect(events).toHaveLength(1);
  return events[0] as ReceivedEvent;
}

describe('rich parts of a received message', () => {
  it("a photo names its media id and type, no address (Meta's webhook)", () => {
    const event = received(
      metaMessage({ type: 'image', image: { id: '9123456789012345', mime_type: 'image/jpeg', sha256: 'abc', caption: 'The shelf' } }),
    );
    expect(event).toMatchObject({
      type: 'image',
      text: 'The shelf',
      name: 'Ana',
      mediaId: '9123456789012345',
      media: { url: null, mimetype: 'image/jpeg' },
    });
  });

  it('a voice note and a document keep their ids; the document its file name', () => {
    expect(received(metaMessage({ type: 'audio', audio: { id: '9211', mime_type: 'audio/ogg; codecs=opus', voice: true } }))).toMatchObject(
      { type: 'audio', mediaId: '9211' },
    );
    expect(
      received(metaMessage({ type: 'document', document: { id: '9311', mime_type: 'application/pdf', filename: 'invoice.pdf' } })),
    ).toMatchObject({ mediaId: '9311', media: { fileName: 'invoice.pdf' } });
  });

  it('an id that is not printable text is not taken as a media id', () => {
    expect(received(metaMessage({ type: 'image', image: { id: 'bad id\n', mime_type: 'image/png' } })).mediaId).toBeUndefined();
  });

  it('a shared place gives its coordinates, name and address; one out of range is left out', () => {
    const place = received(
      metaMessage({
        type: 'location',
        location: { latitude: -23.561684, longitude: -46.655981, name: 'Avenida Paulista', address: 'Av. Paulista, 1578' },
      }),
    );
    expect(place).toMatchObject({
      type: 'location',
      text: null,
      location: { latitude: -23.561684, longitude: -46.655981, name: 'Avenida Paulista', address: 'Av. Paulista, 1578' },
    });
    expect(received(metaMessage({ type: 'location', location: { latitude: 123, longitude: 0 } })).location).toBeUndefined();
    expect(received(metaMessage({ type: 'location', location: { latitude: '1.5', longitude: '2.5' } })).location).toEqual({
      latitude: 1.5,
      longitude: 2.5,
      name: null,
      address: null,
    });
  });

  it('shared contact cards give each name, numbers, addresses and company; a card without a name is left out', () => {
    const event = received(
      metaMessage({
        type: 'contacts',
        contacts: [
          {
            name: { formatted_name: 'Bruno Lima', first_name: 'Bruno' },
            phones: [{ phone: '+55 11 97777-1234', wa_id: '5511977771234' }],
            emails: [{ email: 'bruno@example.com' }],
            org: { company: 'Lima Transportes' },
          },
          { phones: [{ phone: '+1 555 0100' }] },
        ],
      }),
    );
    expect(event.sharedContacts).toEqual([
      { name: 'Bruno Lima', phones: ['+55 11 97777-1234'], emails: ['bruno@example.com'], company: 'Lima Transportes' },
    ]);
    // the card's own wa_id is not read as a message or a sender's name
    expect(event.name).toBe('Ana');
  });
});
