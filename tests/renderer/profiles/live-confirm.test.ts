// The window's live-profile guard: an outbox retry or a send on a live profile, right after the
// window acted on a practice profile (or on none), asks once, naming the profile and who it
// reaches; "Cancel" sends nothing; once confirmed, further acts on live profiles go at once.
import { beforeEach, describe, expect, it } from 'vitest';
import type { OutboxItem, Profile } from '../../../src-renderer/lib/api';
import { useOutboxStore } from '../../../src-renderer/features/outbox/outbox-store';
import { confirmLiveAct, forgetLastActedOn } from '../../../src-renderer/features/profiles/live-confirm';
import { useProfilesStore } from '../../../src-renderer/features/profiles/profiles-store';
import { useConfirmStore } from '../../../src-renderer/ui/confirm-store';
import { flush, installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';

const base = { endpointOverrides: {}, api: null, activeKeyId: null, allowInsecureHttp: false, createdAt: '2025-01-01T00:00:00.000Z' };
const sandbox: Profile = { ...base, id: 'p_sandbox', name: 'Sandbox', baseUrl: 'http://127.0.0.1:4010', sandbox: true };
const shop: Profile = { ...base, id: 'p_shop', name: 'Shop', baseUrl: 'https://graph.example.com', sandbox: false, live: true };

function queued(profileId: string): OutboxItem {
  const at = base.createdAt;
  return {
    id: `o_${profileId}`,
    kind: 'send.text',
    profileId,
    label: '5511977776666',
    state: 'pending',
    attempts: 1,
    createdAt: at,
    updatedAt: at,
    nextAttemptAt: null,
    lastError: null,
    resultSummary: null,
    pendingReason: 'offline',
  };
}

let crm: FakeCrm;
const question = () => useConfirmStore.getState().current;

beforeEach(() => {
  forgetLastActedOn();
  useProfilesStore.getState().apply({ profiles: [sandbox, shop], activeProfileId: sandbox.id });
  crm = installFakeCrm({ 'outbox:retry': ({ id }) => ok({ ...queued(id === 'o_p_shop' ? 'p_shop' : 'p_sandbox'), id }) });
  useOutboxStore.getState().setItems([queued('p_sandbox'), queued('p_shop')]);
});

describe('live-profile guard in the window', () => {
  it('a retry on a live profile asks first, naming it and the recipient; Cancel retries nothing', async () => {
    const retry = useOutboxStore.getState().retry('o_p_shop');
    await flush();
    expect(question()?.message).toContain('5511977776666 on the live profile "Shop"');
    useConfirmStore.getState().answer(false);
    await retry;
    expect(crm.callsTo('outbox:retry')).toEqual([]);
  });

  it('asked once: after a confirmed act on a live profile the next goes at once, and a practice act in between asks again', async () => {
    const first = useOutboxStore.getState().retry('o_p_shop');
    await flush();
    useConfirmStore.getState().answer(true);
    await first;
    expect(crm.callsTo('outbox:retry')).toEqual([{ id: 'o_p_shop' }]);

    await useOutboxStore.getState().retry('o_p_shop');
    expect(question()).toBeNull();
    expect(crm.callsTo('outbox:retry')).toHaveLength(2);

    await useOutboxStore.getState().retry('o_p_sandbox');
    const again = confirmLiveAct('send', shop.id, '5511900001111');
    await flush();
    expect(question()?.message).toContain('5511900001111');
    useConfirmStore.getState().answer(true);
    expect(await again).toBe(true);
  });

  it('a profile not marked live never asks', async () => {
    expect(await confirmLiveAct('send', sandbox.id, '5511900001111')).toBe(true);
    expect(question()).toBeNull();
  });
});
