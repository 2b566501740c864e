// The webhook inspector refreshes when main says a delivery was kept (inspector:changed), not on a
// timer: it sets no interval, asks only for what is newer than its newest, ignores another
// profile's change, and a storm of changes while one refresh is under way becomes one more ask.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryList, KeptDelivery } from '../../../src-main/shared/webhook-deliveries';
import { WebhookInspector } from '../../../src-renderer/features/profiles/webhook-inspector';
import { useDeliveriesStore } from '../../../src-renderer/features/profiles/deliveries-store';
import { deferred, installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';
import { render, settle, type Rendered } from '../helpers/render';

let crm: FakeCrm;
let view: Rendered | null = null;
let kept: KeptDelivery[];

const delivery = (seq: number): KeptDelivery => ({
  seq,
  id: `d${seq}`,
  profileId: 'p1',
  at: '2026-11-29T10:00:00.000Z',
  source: '127.0.0.1',
  method: 'POST',
  path: '/webhooks/p1',
  headers: { 'content-type': 'application/json' },
  body: `{"n":${seq}}`,
  bodyBytes: 8,
  bodyCut: false,
  verdict: 'valid',
  status: 200,
  problem: null,
  effects: [],
  changed: 1,
  replayOf: null,
});

const listed = (afterSeq = 0): DeliveryList => ({
  profileId: 'p1',
  deliveries: kept.filter((d) => d.seq > afterSeq).reverse(),
  dialects: ['default'],
  url: 'http://127.0.0.1:1/webhooks/p1',
});

beforeEach(() => {
  kept = [delivery(1)];
  useDeliveriesStore.setState({ profileId: null, deliveries: [], selectedId: null, error: null, note: null });
  crm = installFakeCrm({ 'inspector:list': (payload) => ok(listed(payload.afterSeq)) });
});
afterEach(() => {
  view?.unmount();
  view = null;
  vi.restoreAllMocks();
});

const rows = (): string[] => [...view!.container.querySelectorAll('[role="option"]')].map((o) => o.id || o.textContent || '');

describe('the webhook inspector hears of new deliveries', () => {
  it('sets no interval and lists a delivery kept elsewhere when inspector:changed arrives', async () => {
    const intervals = vi.spyOn(globalThis, 'setInterval');
    view = render(<WebhookInspector />);
    await settle();
    expect(rows()).toHaveLength(1);
    expect(intervals).not.toHaveBeenCalled();

    kept.push(delivery(2));
    crm.emit('inspector:changed', { profileId: null });
    await settle();
    expect(rows()).toHaveLength(2);
    expect(crm.callsTo('inspector:list').at(-1)).toEqual({ afterSeq: 1, limit: 200 });
  });

  it("ignores another profile's change and listens no more once closed", async () => {
    view = render(<WebhookInspector />);
    await settle();
    const asked = crm.callsTo('inspector:list').length;
    crm.emit('inspector:changed', { profileId: 'another' });
    await settle();
    expect(crm.callsTo('inspector:list')).toHaveLength(asked);
    view.unmount();
    view = null;
    crm.emit('inspector:changed', { profileId: 'p1' });
    await settle();
    expect(crm.callsTo('inspector:list')).toHaveLength(asked);
  });

  it('changes arriving while a refresh is under way make one more ask, not one each', async () => {
    view = render(<WebhookInspector />);
    await settle();
    const held = deferred<void>();
    crm.handle('inspector:list', async (payload) => {
      await held.promise;
      return ok(listed(payload.afterSeq));
    });
    const before = crm.callsTo('inspector:list').length;
    for (let i = 0; i < 20; i++) crm.emit('inspector:changed', { profileId: 'p1' });
    kept.push(delivery(2));
    held.resolve();
    await settle();
    await settle();
    expect(crm.callsTo('inspector:list')).toHaveLength(before + 2);
    expect(rows()).toHaveLength(2);
  });
});
