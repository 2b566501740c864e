// Where a profile's events are read besides webhooks: docs/API.md's stream and status route unless
// its description names others (a path, an absolute URL, or null for none), checked like the
// rest of a description; and the status request, its key placed as the profile's sends place it.
import { describe, expect, it } from 'vitest';
import { parseApiDescription } from '../../../../src-main/core/api/schema';
import { eventChannelsOf, statusRequest } from '../../../../src-main/core/events/event-routes';
import { DEFAULT_OPERATIONS } from '../../../../src-main/core/api/defaults';

const BASE = { baseUrl: 'https://crm.example.com/', endpointOverrides: {} };

describe('event routes of a description', () => {
  it("API.md's when the description says nothing of them", () => {
    expect(eventChannelsOf(BASE)).toEqual({ streamUrl: 'https://crm.example.com/api/v1/events', statusPath: '/api/v1/messages/{id}' });
    expect(eventChannelsOf({ ...BASE, api: { version: 1, operations: {} } })).toEqual(eventChannelsOf(BASE));
  });

  it("a path, an absolute URL, or null for none; a part left out stays API.md's", () => {
    expect(eventChannelsOf({ ...BASE, api: { version: 1, operations: {}, events: { stream: '/v2/stream' } } })).toEqual({
      streamUrl: 'https://crm.example.com/v2/stream',
      statusPath: '/api/v1/messages/{id}',
    });
    expect(
      eventChannelsOf({
        ...BASE,
        api: { version: 1, operations: {}, events: { stream: 'https://events.example.com/sse?channel=wa', statusPath: null } },
      }),
    ).toEqual({ streamUrl: 'https://events.example.com/sse?channel=wa', statusPath: null });
    expect(eventChannelsOf({ ...BASE, api: { version: 1, operations: {}, events: { stream: null, statusPath: '/status/{id}' } } })).toEqual(
      { streamUrl: null, statusPath: '/status/{id}' },
    );
  });

  it('are checked like the rest of a description', () => {
    const parse = (events: unknown): boolean => parseApiDescription({ version: 1, operations: {}, events }).ok;
    expect(parse({ stream: '/api/v1/events', statusPath: '/api/v1/messages/{id}' })).toBe(true);
    expect(parse({ stream: 'https://events.example.com/sse', statusPath: null })).toBe(true);
    expect(parse({})).toBe(true);
    expect(parse({ stream: 'ftp://events.example.com/' })).toBe(false);
    expect(parse({ stream: 'https://user:pass@events.example.com/' })).toBe(false);
    expect(parse({ stream: 'events' })).toBe(false);
    expect(parse({ statusPath: '/api/v1/messages' })).toBe(false);
    expect(parse({ statusPath: '/api/v1/{id}/x/{id}' })).toBe(false);
    expect(parse({ statusPath: '/api/v1/{number}/{id}' })).toBe(false);
    expect(parse({ statusPath: '/api/../{id}' })).toBe(false);
    expect(parse({ stream: '/x', other: 1 })).toBe(false);
  });
});

describe('the status request', () => {
  it("GETs the path with the id as one segment, the key placed where the profile's sends put it", () => {
    const plain = statusRequest(BASE, '/api/v1/messages/{id}', 'm_1/../x');
    expect(plain).toMatchObject({
      endpoint: 'messages.status',
      method: 'GET',
      url: 'https://crm.example.com/api/v1/messages/m_1%2F..%2Fx',
      body: null,
      retrySafe: true,
    });
    expect(plain.credential).toBeUndefined();
    const credential = { in: 'header', name: 'apikey', scheme: '' } as const;
    const described = {
      ...BASE,
      api: { version: 1 as const, operations: { 'messages.text': { ...DEFAULT_OPERATIONS['messages.text'], credential } } },
    };
    expect(statusRequest(described, '/status/{id}', 'wamid.A').credential).toEqual(credential);
    // a service whose event routes take the key otherwise than its sends says so in its events part
    const bearer = { in: 'header', name: 'Authorization', scheme: 'Bearer' } as const;
    const own = { ...described, api: { ...described.api, events: { credential: bearer } } };
    expect(statusRequest(own, '/status/{id}', 'wamid.A').credential).toEqual(bearer);
    expect(parseApiDescription({ version: 1, operations: {}, events: { credential: bearer } }).ok).toBe(true);
    expect(
      parseApiDescription({ version: 1, operations: {}, events: { credential: { in: 'header', name: 'Content-Type', scheme: '' } } }).ok,
    ).toBe(false);
  });
});
