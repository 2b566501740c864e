// messages:search over the IPC dispatcher with the real core and keychain: the active profile's
// messages are found; a bad payload is a validation error and never reaches the search; text
// with nothing to search for comes back as data with the reason; no answer carries a key value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatch } from '../../../src-main/ipc/handlers';
import { keychainAvailable } from '../helpers';
import { addProfileWithKey, openTestCore, type TestCore } from '../helpers/core';
import { testDispatch } from '../helpers/ipc';
import type { SearchPage } from '../../../src-main/shared/message-search';

const available = await keychainAvailable();
const KEY = 'sk_live_searchtest_0123456789abcdef';

describe.skipIf(!available)('messages:search over IPC', () => {
  let tc: TestCore;
  let dispatch: Dispatch;
  const replies: string[] = [];
  const call = async (payload: unknown) => {
    const result = await dispatch('messages:search', payload);
    replies.push(JSON.stringify(result));
    return result;
  };

  beforeAll(async () => {
    tc = await openTestCore('ipc-search');
    const { profileId } = await addProfileWithKey(tc.core, { name: 'Shop', baseUrl: 'http://127.0.0.1:4799' }, { name: 'ops', value: KEY });
    await tc.core.profiles.activate(profileId);
    const at = new Date().toISOString();
    tc.core.conversations.receive(profileId, {
      event: 'message.received',
      data: { id: 'in_1', number: '5511999990001', type: 'text', text: `Meu pedido? a chave é ${KEY}`, name: 'Zoë', at },
    });
    dispatch = testDispatch(tc.core);
  });

  afterAll(async () => {
    expect(replies.length).toBeGreaterThan(3);
    for (const reply of replies) expect(reply).not.toContain(KEY.slice(8, 24));
    await tc?.cleanup();
  });

  it("finds the active profile's messages, with the snippet marked and any key cut out", async () => {
    const result = await call({ text: 'PEDIDO chave' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const page = result.value as SearchPage;
    expect(page).toMatchObject({ total: 1, totalCapped: false, next: null });
    expect(page.hits[0]).toMatchObject({ key: 'in:in_1', direction: 'in', number: '5511999990001', name: 'Zoë' });
    expect(page.hits[0]!.snippet.filter((p) => p.match).map((p) => p.text)).toEqual(['pedido', 'chave']);
  });

  it.each([
    ['no text', {}],
    ['text of another type', { text: 42 }],
    ['text past 500 characters', { text: 'a'.repeat(501) }],
    ['a limit of 0', { text: 'pedido', limit: 0 }],
    ['a limit past 100', { text: 'pedido', limit: 101 }],
    ['a fractional limit', { text: 'pedido', limit: 1.5 }],
    ['an unknown field', { text: 'pedido', profileId: 'p_other' }],
    ['no payload', null],
  ])('refuses %s as a validation error', async (_what, payload) => {
    const result = await call(payload);
    expect(result).toMatchObject({ ok: false, error: { code: 'validation' } });
  });

  it('answers text with nothing to search for, or a page marker no search gave, with the reason as data', async () => {
    expect(await call({ text: '  ' })).toEqual({
      ok: false,
      error: {
        code: 'validation',
        message: 'Type a word to search for.',
        details: [{ field: 'text', message: 'Type a word to search for.' }],
      },
    });
    expect(await call({ text: '*)("' })).toMatchObject({
      ok: false,
      error: { code: 'validation', message: expect.stringMatching(/finds words and numbers/) },
    });
    expect(await call({ text: 'pedido', after: 'DROP TABLE' })).toMatchObject({
      ok: false,
      error: { code: 'validation', message: expect.stringMatching(/not one a search gave/) },
    });
  });
});
