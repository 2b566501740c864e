import { describe, expect, it } from 'vitest';
import type { Profile, RequestLogEntry } from '../../../src-renderer/lib/api';
import { invokeEarly } from '../../../src-renderer/lib/api';
import { useAppStore } from '../../../src-renderer/app/app-store';
import { useContactsStore } from '../../../src-renderer/features/contacts/contacts-store';
import { useKeysStore } from '../../../src-renderer/features/keys/keys-store';
import { useLogStore } from '../../../src-renderer/features/log/log-store';
import { useOutboxStore } from '../../../src-renderer/features/outbox/outbox-store';
import { useProfilesStore } from '../../../src-renderer/features/profiles/profiles-store';
import { flush, installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';
import { appInfoRecord, keyRecord, profileRecord } from '../helpers/records';
import { wiredAppForEachTest } from '../helpers/wired-app';

const profile = (id: string): Profile => profileRecord({ id, name: id });

const entry = (id: string): RequestLogEntry => ({
  id,
  at: '2025-01-01T00:00:00Z',
  process: 'window',
  host: '127.0.0.1:4010',
  method: 'GET',
  path: '/api/v1/contacts',
  status: 200,
  durationMs: 12,
  requestHeaders: { authorization: 'Bearer [redacted]' },
  errorCode: null,
  attempt: 1,
});

let crm: FakeCrm;

const unwire = wiredAppForEachTest([useAppStore, useContactsStore, useKeysStore, useLogStore, useOutboxStore, useProfilesStore], () => {
  crm = installFakeCrm({
    'app:info': () =>
      ok(
        appInfoRecord({
          firstRunNotice: 'A built-in sandbox was started and a Sandbox profile created.',
          notices: ['profiles.json could not be read and was set aside as profiles.json.broken.'],
        }),
      ),
    'profiles:list': () => ok({ profiles: [profile('p1'), profile('p2')], activeProfileId: 'p1' }),
    'outbox:list': () => ok([]),
    'log:list': () => ok([entry('old')]),
    'keys:list': ({ profileId }) =>
      ok([keyRecord({ id: `k_${profileId}`, name: 'k', profileId: profileId ?? '', fingerprint: 'ab12', addedAt: '' })]),
    'contacts:list': ({ page }) => ok({ items: [], page, perPage: 100, total: 0, totalPages: 0, hasMore: false }),
    'send:preview': () => ok({ method: 'POST', url: 'u', curl: 'c', problems: [] }),
  });
});

describe('wireAppEvents', () => {
  it('loads app info, profiles, outbox and log, and the active profile’s keys', async () => {
    await flush(10);
    expect(useAppStore.getState().info?.firstRunNotice).toContain('sandbox');
    expect(document.title).toBe('CRM Console');
    expect(useProfilesStore.getState().activeProfileId).toBe('p1');
    expect(useLogStore.getState().entries.map((e) => e.id)).toEqual(['old']);
    expect(crm.callsTo('keys:list')).toEqual([{ profileId: 'p1' }]);
    expect(useKeysStore.getState().keys.map((k) => k.id)).toEqual(['k_p1']);
  });

  it('routes main’s events to the stores', async () => {
    await flush(10);
    crm.emit('log:entry', entry('new'));
    crm.emit('net:status', { online: false, pending: 3 });
    crm.emit('app:notice', { level: 'warning', message: 'Keychain is locked' });
    expect(useLogStore.getState().entries.map((e) => e.id)).toEqual(['new', 'old']);
    expect(useOutboxStore.getState().net).toEqual({ online: false, pending: 3 });
    expect(useAppStore.getState().notices.map((n) => [n.level, n.message])).toEqual([
      // said by main while starting, shown once app:info answers
      ['warning', 'profiles.json could not be read and was set aside as profiles.json.broken.'],
      ['warning', 'Keychain is locked'],
    ]);
  });

  it('follows a profile switch: keys reload for the new profile and the contacts cache resets', async () => {
    await flush(10);
    useContactsStore.getState().init();
    await flush();
    const generation = useContactsStore.getState().generation;
    crm.emit('profiles:changed', { profiles: [profile('p1'), profile('p2')], activeProfileId: 'p2' });
    await flush(10);
    expect(crm.callsTo('keys:list').at(-1)).toEqual({ profileId: 'p2' });
    expect(useKeysStore.getState().keys.map((k) => k.id)).toEqual(['k_p2']);
    expect(useContactsStore.getState().generation).toBe(generation + 1);
  });

  it("a first page asked for before the app ran is not served after a profile switch: the new profile's contacts are asked of main", async () => {
    await flush(10);
    useContactsStore.getState().init();
    await flush(10);
    invokeEarly('contacts:list', { page: 1, perPage: 100 });
    const asked = crm.callsTo('contacts:list').length;
    crm.emit('profiles:changed', { profiles: [profile('p1'), profile('p2')], activeProfileId: 'p2' });
    await flush(10);
    // the early call itself, then the new profile's first page asked afresh
    expect(crm.callsTo('contacts:list').length).toBeGreaterThan(asked);
  });

  it('follows a saved API description of the active profile: the contacts are read again, the keys are not', async () => {
    await flush(10);
    useContactsStore.getState().init();
    await flush();
    const generation = useContactsStore.getState().generation;
    const keysCalls = crm.callsTo('keys:list').length;
    const described = {
      ...profile('p1'),
      api: {
        version: 1 as const,
        operations: {
          'messages.text': {
            method: 'POST' as const,
            path: '/api/v1/sendMessage',
            query: [],
            headers: [],
            body: { chatId: { $role: 'number' as const } },
          },
        },
      },
    };
    crm.emit('profiles:changed', { profiles: [described, profile('p2')], activeProfileId: 'p1' });
    await flush(10);
    expect(useContactsStore.getState().generation).toBe(generation + 1);
    expect(crm.callsTo('keys:list')).toHaveLength(keysCalls);
    // the same description again (a new object) changes nothing
    crm.emit('profiles:changed', { profiles: [structuredClone(described), profile('p2')], activeProfileId: 'p1' });
    await flush(10);
    expect(useContactsStore.getState().generation).toBe(generation + 1);
  });

  it('does not fetch the contacts twice when the profiles answer after the list asked', async () => {
    useContactsStore.getState().init();
    await flush(10);
    expect(useProfilesStore.getState().activeProfileId).toBe('p1');
    expect(crm.callsTo('contacts:list')).toEqual([{ page: 1, perPage: 100 }]);
  });

  it('unsubscribes everything it subscribed', () => {
    // one per event main sends (eleven), net:status twice (the outbox and the contacts each hear
    // it), and the inbox's conversation:changed and inbox:open
    expect(crm.listenerCount()).toBe(14);
    unwire();
    expect(crm.listenerCount()).toBe(0);
  });
});
