// Each profile keeps its own window state: switching the active profile parks the contacts
// search, the chosen contact, the send panels' drafts and results and the Messages filter of the
// profile left, and brings back the other profile's (or nothing). A send still on its way when
// the profile changes lands in its own profile's panel, not in the one on screen.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Contact, Profile, Result, SendResult } from '../../../src-renderer/lib/api';
import { useAppStore } from '../../../src-renderer/app/app-store';
import { useContactsStore } from '../../../src-renderer/features/contacts/contacts-store';
import { useKeysStore } from '../../../src-renderer/features/keys/keys-store';
import { useMessagesStore } from '../../../src-renderer/features/messages/messages-store';
import { useProfilesStore } from '../../../src-renderer/features/profiles/profiles-store';
import { useSendStore } from '../../../src-renderer/features/send/send-store';
import { deferred, flush, installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';
import { appInfoRecord, profileRecord } from '../helpers/records';
import { wiredAppForEachTest } from '../helpers/wired-app';

const profiles = [profileRecord({ id: 'p1', name: 'p1' }), profileRecord({ id: 'p2', name: 'p2' })];
const switchTo = (activeProfileId: string) =>
  crm.emit('profiles:changed', { profiles: structuredClone(profiles) as Profile[], activeProfileId });
const ana: Contact = { id: 'c1', name: 'Ana', number: '5511999990001', email: null, tags: [] } as unknown as Contact;

let crm: FakeCrm;
let sendAnswer: ReturnType<typeof deferred<Result<SendResult>>> | null = null;

wiredAppForEachTest([useAppStore, useContactsStore, useKeysStore, useMessagesStore, useProfilesStore], () => {
  sendAnswer = null;
  crm = installFakeCrm({
    'app:info': () =>
      ok(
        appInfoRecord({
          limits: { imageBytes: 1, documentBytes: 1, videoBytes: 1, stickerBytes: 1, audioBytes: 1, textChars: 4096, captionChars: 1 },
        }),
      ),
    'profiles:list': () => ok({ profiles: structuredClone(profiles) as Profile[], activeProfileId: 'p1' }),
    'outbox:list': () => ok([]),
    'log:list': () => ok([]),
    'keys:list': () => ok([]),
    'contacts:list': ({ page }) => ok({ items: [], page, perPage: 100, total: 0, totalPages: 0, hasMore: false }),
    'messages:list': () =>
      ok({ items: [], page: 1, perPage: 50, total: 0, hasMore: false, source: 'record', number: null, fallbackReason: null }),
    'send:preview': () => ok({ method: 'POST', url: 'u', curl: 'c', problems: [] }),
    'send:submit': () => {
      sendAnswer = deferred<Result<SendResult>>();
      return sendAnswer.promise;
    },
  });
});
beforeEach(async () => {
  await flush(10);
  useContactsStore.getState().init();
  await flush();
});

describe('per-profile window state', () => {
  it('parks the contacts search and chosen contact, and lists the other profile’s contacts with its own search', async () => {
    const contacts = () => useContactsStore.getState();
    contacts().setSearch('ana');
    contacts().choose(ana);
    switchTo('p2');
    await flush(10);
    expect(contacts().searchInput).toBe('');
    expect(contacts().chosen).toBeNull();
    expect(crm.callsTo('contacts:list').at(-1)).toEqual({ page: 1, perPage: 100 });

    contacts().setSearch('bob');
    switchTo('p1');
    await flush(10);
    expect(contacts().searchInput).toBe('ana');
    expect(contacts().chosen?.name).toBe('Ana');
    expect(crm.callsTo('contacts:list').at(-1)).toEqual({ page: 1, perPage: 100, search: 'ana' });
    switchTo('p2');
    await flush(10);
    expect(contacts().searchInput).toBe('bob');
  });

  it('parks each profile’s drafts and results, keeps the visible tab, and asks for fresh previews', async () => {
    const send = () => useSendStore.getState();
    send().setTab('text');
    send().pickRecipient('5511999990001', 'Ana');
    send().setText('for p1');
    send().setTemplate({ name: 'order_update' });
    send().dismissResult('text');
    useSendStore.setState({
      send: { ...send().send, text: { phase: 'error', error: { code: 'server_error', message: 'boom' }, retryIn: null } },
    });
    switchTo('p2');
    await flush(10);
    expect(send().recipient).toEqual({ number: '', name: null });
    expect(send().text.text).toBe('');
    expect(send().send.text).toEqual({ phase: 'idle' });
    expect(send().tab).toBe('text');

    send().setText('for p2');
    switchTo('p1');
    await flush(10);
    expect(send().text.text).toBe('for p1');
    expect(send().template.name).toBe('order_update');
    expect(send().recipient.name).toBe('Ana');
    // "Not sent" was about the moment it was shown: after a switch it does not come back
    expect(send().send.text).toEqual({ phase: 'idle' });
    vi.advanceTimersByTime(200);
    await flush();
    expect(crm.callsTo('send:preview').at(-1)).toEqual({ draft: { kind: 'text', number: '5511999990001', text: 'for p1' } });
  });

  it('a send answered after the switch shows under its own profile, never under the one on screen', async () => {
    const send = () => useSendStore.getState();
    send().setNumber('5511999990001');
    send().setText('sent from p1');
    const sending = send().submit('text');
    await flush();
    expect(send().send.text.phase).toBe('sending');
    switchTo('p2');
    await flush(10);
    sendAnswer!.resolve(
      ok({
        status: 'sent',
        durationMs: 5,
        replayed: false,
        message: { id: 'm_1', type: 'text', number: '5511999990001', status: 'queued', createdAt: null, raw: {}, understood: true },
      }),
    );
    await sending;
    expect(send().send.text).toEqual({ phase: 'idle' });
    switchTo('p1');
    await flush(10);
    expect(send().send.text).toMatchObject({ phase: 'sent', message: { id: 'm_1' } });
  });

  it('parks the Messages filter', async () => {
    const messages = () => useMessagesStore.getState();
    messages().setNumberInput('5511999990001');
    await messages().applyFilter();
    switchTo('p2');
    await flush(10);
    expect(messages().numberInput).toBe('');
    expect(messages().filter).toBe('');
    switchTo('p1');
    await flush(10);
    expect(messages().numberInput).toBe('5511999990001');
  });
});
