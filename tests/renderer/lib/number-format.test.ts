// The window reads how a service writes the number from the number role's leaf; a constant
// that only looks like one (an escaped literal object) is not it.
import { describe, expect, it } from 'vitest';
import type { OperationSpec } from '../../../src-renderer/lib/api';
import { numberRef, writtenNumber } from '../../../src-renderer/features/profiles/api/number-format';

const spec = (body: OperationSpec['body']): OperationSpec => ({ method: 'POST', path: '/send', query: [], headers: [], body });

describe('number format', () => {
  it('finds the number role in the body, also inside arrays', () => {
    expect(writtenNumber(spec({ to: [{ $role: 'number', suffix: '@c.us' }] }))).toBe('5511999990000@c.us');
  });

  it('a literal object holding {"$role":"number"} is a constant, not the number role', () => {
    expect(numberRef(spec({ meta: { $literal: { $role: 'number', prefix: '00' } } }))).toBeNull();
    expect(writtenNumber(spec({ meta: { $literal: { $role: 'number', prefix: '00' } }, to: { $role: 'number', prefix: '+' } }))).toBe(
      '+5511999990000',
    );
  });
});
