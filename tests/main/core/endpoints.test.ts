import { describe, expect, it } from 'vitest';
import {
  ENDPOINTS,
  ENDPOINT_IDS,
  checkEndpointPath,
  resolveEndpointPath,
  validateEndpointOverrides,
} from '../../../src-main/core/endpoints';

describe('endpoint catalogue', () => {
  it('lists every endpoint with API.md method, path, permission and whether it creates a message', () => {
    const table = ENDPOINT_IDS.map((id) => [
      id,
      ENDPOINTS[id].method,
      ENDPOINTS[id].path,
      ENDPOINTS[id].permission,
      ENDPOINTS[id].createsMessage,
    ]);
    expect(table).toEqual([
      ['contacts.list', 'GET', '/api/v1/contacts', 'contacts:read', false],
      ['messages.text', 'POST', '/api/v1/messages/text', 'messages:send', true],
      ['messages.media', 'POST', '/api/v1/messages/media', 'messages:send', true],
      ['messages.audio', 'POST', '/api/v1/messages/audio', 'messages:send', true],
      ['messages.template', 'POST', '/api/v1/messages/template', 'messages:send', true],
      ['messages.list', 'GET', '/api/v1/messages', 'messages:send', false],
      ['messages.status', 'GET', '/api/v1/messages/{id}', 'messages:send', false],
      ['templates.list', 'GET', '/api/v1/templates', 'messages:send', false],
      ['media.upload', 'POST', '/api/v1/media', 'messages:send', false],
      ['keys.check', 'GET', '/api/v1/contacts', 'contacts:read', false],
      ['keys.list', 'GET', '/api/v1/api-keys', 'keys:manage', false],
      ['keys.create', 'POST', '/api/v1/api-keys', 'keys:manage', false],
      ['keys.delete', 'DELETE', '/api/v1/api-keys/{id}', 'keys:manage', false],
      // a reaction sent twice is one reaction: no Idempotency-Key
      ['messages.reaction', 'POST', '/api/v1/messages/reaction', 'messages:send', false],
      ['media.download', 'GET', '/api/v1/media/{media_id}', 'messages:send', false],
      // marking a message read twice leaves it read: no Idempotency-Key
      ['messages.read', 'POST', '/api/v1/messages/read', 'messages:send', false],
      ['templates.create', 'POST', '/api/v1/templates', 'messages:send', false],
      ['templates.update', 'POST', '/api/v1/templates/{template_id}', 'messages:send', false],
      ['templates.delete', 'DELETE', '/api/v1/templates', 'messages:send', false],
    ]);
  });

  it.each([
    ['contacts.list', '/crm/people', null],
    ['keys.delete', '/v2/keys/{id}/revoke', null],
    ['contacts.list', 'api/v1/contacts', 'must start with "/"'],
    ['contacts.list', '', 'must not be empty'],
    ['contacts.list', '//evil.example/contacts', 'must be a path, not a host ("//...")'],
    ['contacts.list', '/https://evil.example', 'must be a path, not a URL with a scheme'],
    ['contacts.list', '/api/../admin', 'must not contain "." or ".." segments'],
    ['contacts.list', '/api/%2e%2e/admin', 'must not contain "." or ".." segments'],
    ['contacts.list', '/api/./x', 'must not contain "." or ".." segments'],
    ['contacts.list', '/api/contacts?x=1', 'must not contain a query ("?") or fragment ("#")'],
    ['contacts.list', '/api/con tacts', 'must not contain spaces or control characters'],
    ['contacts.list', '/api\\contacts', 'must not contain backslashes'],
    ['keys.delete', '/api/v1/api-keys', 'must contain the placeholder {id}'],
    ['contacts.list', '/api/{id}', 'has an unknown placeholder {id}'],
    ['keys.delete', '/api/{id}/{', 'has an unbalanced "{" or "}"'],
  ] as const)('checks override %s %j', (id, path, problem) => {
    expect(checkEndpointPath(id, path)).toBe(problem);
  });

  it('validates a whole overrides object', () => {
    expect(validateEndpointOverrides({ 'contacts.list': '/people', 'keys.delete': '/keys/{id}' })).toEqual([]);
    expect(validateEndpointOverrides({ 'contacts.list': 'people', 'nope.list': '/x', 'keys.list': 42 })).toEqual([
      { field: 'endpointOverrides.contacts.list', message: 'people must start with "/"' },
      { field: 'endpointOverrides.nope.list', message: 'is not a known endpoint' },
      { field: 'endpointOverrides.keys.list', message: 'must be a string' },
    ]);
  });

  it('resolves overrides and fills {id} as one encoded path segment', () => {
    expect(resolveEndpointPath('keys.delete', {}, { id: 'k_1/../x y' })).toEqual({
      path: '/api/v1/api-keys/k_1%2F..%2Fx%20y',
      problem: null,
    });
    expect(resolveEndpointPath('keys.delete', { 'keys.delete': '/keys/{id}/revoke' }, { id: 'k_9' })).toEqual({
      path: '/keys/k_9/revoke',
      problem: null,
    });
    expect(resolveEndpointPath('contacts.list', { 'contacts.list': '/crm/people' })).toEqual({ path: '/crm/people', problem: null });
    expect(resolveEndpointPath('contacts.list', { 'contacts.list': 'http://x/y' })).toEqual({
      path: '/api/v1/contacts',
      problem: { field: 'endpointOverrides.contacts.list', message: 'The path override must start with "/"; using /api/v1/contacts' },
    });
  });
});
