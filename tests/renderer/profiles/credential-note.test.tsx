// The mapping editor says where an operation carries the key and how its body is written,
// from the placement alone: no value is ever part of what it is given.
import { afterEach, describe, expect, it } from 'vitest';
import { CredentialNote } from '../../../src-renderer/features/profiles/api/credential-note';
import type { OperationSpec } from '../../../src-renderer/lib/api';
import { render, type Rendered } from '../helpers/render';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

const base: OperationSpec = { method: 'POST', path: '/send', query: [], headers: [], body: { to: { $role: 'number' } } };
const text = (spec: OperationSpec): string => {
  view?.unmount();
  view = render(<CredentialNote spec={spec} />);
  return view.container.querySelector('[data-testid="credential-placement"]')?.textContent ?? '';
};

describe('CredentialNote', () => {
  it('names the default, a bare header, HTTP Basic and a query parameter', () => {
    expect(text(base)).toContain('Authorization: Bearer <key>');
    expect(text(base)).toContain('sent as JSON');
    expect(text({ ...base, credential: { in: 'header', name: 'apikey', scheme: '' } })).toContain('apikey: <key>');
    expect(text({ ...base, encoding: 'form', credential: { in: 'basic', username: 'AC12' } })).toMatch(
      /HTTP Basic, user AC12, the key as password.*a form \(application\/x-www-form-urlencoded\)/,
    );
    expect(text({ ...base, body: null, credential: { in: 'query', name: 'token' } })).toBe(
      'The key (from the keychain) goes as query parameter token=<key>.',
    );
  });
});
