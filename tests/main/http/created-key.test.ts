// The answer to a key creation carries the new key's value; the request log keeps that answer
// without it (the key is not in the vault yet when the answer is logged).
import { describe, expect, it } from 'vitest';
import { withoutCreatedKey } from '../../../src-main/core/http/created-key';
import { leakedRuns } from '../helpers/secret-scan';

const NEW = 'crm_sk_9fQ2mZ7xLp4Rt8Kc1VbN6sDw3HyJ5gAe';
const answer = JSON.stringify({ id: 'k_1', name: 'CI', key: NEW, prefix: NEW.slice(0, 11), permissions: ['contacts:read'], created_at: '2026-11-23T00:00:00Z' });

describe('withoutCreatedKey', () => {
  it('cuts the new key, and its prefix, out of a key creation answer and keeps the rest', () => {
    const kept = withoutCreatedKey('keys.create', 201, answer);
    expect(kept).not.toBeNull();
    expect(leakedRuns(kept ?? '', NEW)).toEqual([]);
    expect(JSON.parse(kept ?? '{}')).toMatchObject({ id: 'k_1', name: 'CI', key: '***', prefix: '***', permissions: ['contacts:read'] });
  });

  it.each([
    ['a body that is not JSON', `key=${NEW}`],
    ['a body cut short', answer.slice(0, 60)],
    ['the value under another name', JSON.stringify({ id: 'k_1', token: NEW })],
    ['a value too short to cut out by runs', JSON.stringify({ id: 'k_1', key: 'abc123' })],
  ])('keeps nothing of a successful answer when the value cannot be found: %s', (_case, text) => {
    expect(withoutCreatedKey('keys.create', 200, text)).toBeNull();
  });

  it('keeps an error answer, and every other operation\'s answer, as it came', () => {
    const error = JSON.stringify({ error: { code: 'forbidden', message: 'keys:manage is needed' } });
    expect(withoutCreatedKey('keys.create', 403, error)).toBe(error);
    expect(withoutCreatedKey('contacts.list', 200, answer)).toBe(answer);
  });
});
