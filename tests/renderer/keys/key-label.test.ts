// The same key reads the same in the server's list and the saved keys: prefix…last four.
import { describe, expect, it } from 'vitest';
import { keyLabel } from '../../../src-main/shared/key-label';

describe('keyLabel', () => {
  it('joins the listed prefix and the last four when both are known', () => {
    expect(keyLabel({ prefix: 'crm_sk_TAV5', lastFour: '1a2b' })).toBe('crm_sk_TAV5…1a2b');
  });

  it('shows the end that is known', () => {
    expect(keyLabel({ lastFour: '1a2b' })).toBe('…1a2b');
    expect(keyLabel({ prefix: 'crm_sk_TAV5', lastFour: null })).toBe('crm_sk_TAV5…');
    expect(keyLabel({ prefix: '', lastFour: null })).toBe('—');
  });

  it('leaves out a prefix main hid because it is a run of a key in use', () => {
    expect(keyLabel({ prefix: '***', lastFour: '1a2b' })).toBe('…1a2b');
    expect(keyLabel({ prefix: 'crm_***', lastFour: null })).toBe('—');
  });
});
