// inbox:list and inbox:mark-read over the real core and a real database: a page of the active
// profile's conversations, read marks, and bad payloads answered as validation errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatch } from '../../../src-main/ipc/handlers';
import type { InboxPage } from '../../../src-main/shared/inbox';
import { keychainAvailable } from '../helpers';
import { openTestCore, type TestCore } from '../helpers/core';
import { testDispatch } from '../helpers/ipc';

const available = await keychainAvailable();
const ANA = '5511999990001';
const BRUNO = '5511999990002';

describe.skipIf(!available)('the inbox channels', () => {
  let tc: TestCore;
  let dispatch: Dispatch;
  let profileId = '';

  beforeAll(async () => {
    tc = await openTestCore('inbox-ipc');
    profileId = (await tc.core.profiles.create({ name: 'Shop', baseUrl: 'http://127.0.0.1:9' })).id;
    await tc.core.profiles.activate(profileId);
    dispatch = testDispatch(tc.core);
    const at = new Date().toISOString();
    tc.core.conversations.receive(profileId, {
      event: 'message.received',
      data: { id: 'in_1', number: ANA, type: 'text', text: 'Hi, is my order out?', name: 'Ana', at },
    });
    tc.core.conversations.receive(profileId, {
      event: 'message.received',
      data: { id: 'in_2', number: BRUNO, type: 'text', text: 'Thanks!', at },
    });
    tc.core.conversations.receive(profileId, {
      event: 'message.received',
      data: { id: 'in_3', number: BRUNO, type: 'text', text: 'One more thing', at },
    });
  });

  afterAll(async () => {
    await tc?.cleanup();
  });

  const list = async (payload: unknown): Promise<InboxPage> => {
    const r = await dispatch('inbox:list', payload);
    if (!r.ok) throw new Error(r.error.message);
    return r.value as InboxPage;
  };

  it("lists the active profile's conversations newest first, with unread counts and the total", async () => {
    const page = await list({ filter: 'all', offset: 0, limit: 50 });
    expect(page.total).toBe(2);
    expect(page.unreadTotal).toBe(3);
    expect(page.rows.map((r) => [r.number, r.name, r.unread, r.needsAnswer, r.lastText])).toEqual([
      [BRUNO, null, 2, true, 'One more thing'],
      [ANA, 'Ana', 1, true, 'Hi, is my order out?'],
    ]);
  });

  it('marking a conversation read clears its unread count and answers the unread total', async () => {
    expect(await dispatch('inbox:mark-read', { number: '+55 11 99999-0002' })).toEqual({ ok: true, value: { unreadTotal: 1 } });
    const unread = await list({ filter: 'unread', offset: 0, limit: 50 });
    expect(unread.rows.map((r) => r.number)).toEqual([ANA]);
    // a number with no conversation changes nothing
    expect(await dispatch('inbox:mark-read', { number: '5511999990009' })).toEqual({ ok: true, value: { unreadTotal: 1 } });
  });

  it('answers bad payloads with a validation error and reads nothing', async () => {
    const bad: unknown[] = [
      { filter: 'everything', offset: 0, limit: 50 },
      { filter: 'all', offset: -1, limit: 50 },
      { filter: 'all', offset: 0, limit: 0 },
      { filter: 'all', offset: 0, limit: 501 },
      { filter: 'all', offset: 0.5, limit: 50 },
      { filter: 'all', offset: 0, limit: 50, profileId: 'x' },
      null,
    ];
    for (const payload of bad) {
      const r = await dispatch('inbox:list', payload);
      expect(r.ok ? 'ok' : r.error.code, JSON.stringify(payload)).toBe('validation');
    }
    const r = await dispatch('inbox:mark-read', { number: 'call me' });
    expect(r.ok ? null : [r.error.code, r.error.message]).toEqual([
      'validation',
      'The number has letters: only digits, spaces, "+", "-", ".", "(" and ")" are allowed.',
    ]);
    // nothing was marked by the refused calls
    expect((await list({ filter: 'unread', offset: 0, limit: 50 })).unreadTotal).toBe(1);
  });

  it('read receipts are on by default and switched through main; a bad payload changes nothing', async () => {
    expect(await dispatch('inbox:read-receipts', {})).toEqual({ ok: true, value: { on: true } });
    expect(await dispatch('inbox:set-read-receipts', { on: false })).toEqual({ ok: true, value: { on: false } });
    for (const payload of [{ on: 'no' }, {}, { on: true, profileId: 'x' }, null]) {
      const r = await dispatch('inbox:set-read-receipts', payload);
      expect(r.ok ? 'ok' : r.error.code, JSON.stringify(payload)).toBe('validation');
    }
    expect(tc.core.inbox.readReceipts()).toEqual({ on: false });
    expect(await dispatch('inbox:set-read-receipts', { on: true })).toEqual({ ok: true, value: { on: true } });
  });
});
