// The Keys screen's lifecycle in the window: the Live / Revoked / All view (the same rule as
// `crm keys list`), the once-a-second keychain watch while the screen is open, "value missing"
// with Repair, Remove on a revoked key's row only, the expiry and idleness labels, and the
// expiry picked when a key is created.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KeyMeta } from '../../../src-renderer/lib/api';
import { expiryInput } from '../../../src-renderer/features/keys/expiry-choice';
import { emptyViewText, keysInView } from '../../../src-renderer/features/keys/key-filter';
import { KeyTable } from '../../../src-renderer/features/keys/key-table';
import { useKeysStore } from '../../../src-renderer/features/keys/keys-store';
import { useValueWatch, VALUE_WATCH_MS } from '../../../src-renderer/features/keys/use-value-watch';
import { useProfilesStore } from '../../../src-renderer/features/profiles/profiles-store';
import { useConfirmStore } from '../../../src-renderer/ui/confirm-store';
import { deferred, fail, installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';
import { keyRecord, profileRecord } from '../helpers/records';
import { act } from 'react';
import { click, render, settle, type Rendered } from '../helpers/render';

const DAY = 86_400_000;
const live = keyRecord({ id: 'live', name: 'live', lastUsedAt: new Date().toISOString() });
/** a key revoked here on 2026-01-01, its revocation on the service as far as `sync` says */
const revoked = (id: string, sync: KeyMeta['sync']) =>
  keyRecord({ id, name: id, state: 'revoked', revokedAt: '2026-01-01T00:00:00Z', sync });
const pending = revoked('pending', { state: 'pending', reason: 'offline' });
const failed = revoked('failed', { state: 'failed', reason: 'no' });
const done = revoked('done', { state: 'synced', at: '2026-01-01T00:00:00Z' });
const localOnly = revoked('local', { state: 'local_only' });
const all = [live, pending, failed, done, localOnly];
const ids = (keys: KeyMeta[]) => keys.map((k) => k.id);

let crm: FakeCrm;
let view: Rendered | undefined;

beforeEach(() => {
  useProfilesStore.setState(
    { ...useProfilesStore.getInitialState(), profiles: [profileRecord({ activeKeyId: 'live' })], activeProfileId: 'p1', status: 'ready' },
    true,
  );
  useKeysStore.setState(useKeysStore.getInitialState(), true);
  useKeysStore.setState({ profileId: 'p1', status: 'ready', keys: all });
  useConfirmStore.setState(useConfirmStore.getInitialState(), true);
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.useRealTimers();
});

const q = (testId: string) => view?.container.querySelector<HTMLElement>(`[data-testid="${testId}"]`) ?? null;

describe('which keys the table shows', () => {
  it('Live: live keys, and revoked ones only while their server revocation is unfinished', () => {
    expect(ids(keysInView(all, 'live'))).toEqual(['live', 'pending', 'failed']);
    expect(ids(keysInView(all, 'revoked'))).toEqual(['pending', 'failed', 'done', 'local']);
    expect(ids(keysInView(all, 'all'))).toEqual(ids(all));
    // synced, while the service is still checked to refuse it: it may still need the person
    const checking = { ...done, sync: { state: 'synced' as const, at: done.revokedAt!, proof: { state: 'checking' as const } } };
    expect(ids(keysInView([checking], 'live'))).toEqual(['done']);
  });

  it('says why a view is empty', () => {
    expect(emptyViewText(0, 'live')).toBe('No keys saved for this profile yet.');
    expect(emptyViewText(2, 'revoked')).toBe('No revoked keys for this profile.');
    expect(emptyViewText(2, 'live')).toContain('show All for the revoked ones');
  });

  it('the filter is kept in the store, across a profile switch', async () => {
    crm = installFakeCrm({ 'keys:list': () => ok([]) });
    useKeysStore.getState().setFilter('revoked');
    await useKeysStore.getState().load('p2');
    expect(useKeysStore.getState().filter).toBe('revoked');
  });
});

describe('the keychain watch', () => {
  function Watch({ profileId }: { profileId: string | null }) {
    useValueWatch(profileId);
    return null;
  }

  it('asks main about once a second while the screen is open, and stops when it closes', async () => {
    vi.useFakeTimers();
    crm = installFakeCrm({ 'keys:missing-values': () => ok(['live']) });
    view = render(<Watch profileId="p1" />);
    await settle();
    expect(crm.callsTo('keys:missing-values')).toEqual([{ profileId: 'p1' }]);
    expect(useKeysStore.getState().missing).toEqual(['live']);
    for (let i = 0; i < 3; i++) {
      await act(async () => {
        vi.advanceTimersByTime(VALUE_WATCH_MS);
      });
      await settle();
    }
    expect(crm.callsTo('keys:missing-values')).toHaveLength(4);
    view.unmount();
    view = undefined;
    await act(async () => {
      vi.advanceTimersByTime(5 * VALUE_WATCH_MS);
    });
    expect(crm.callsTo('keys:missing-values')).toHaveLength(4);
  });

  it('never asks again before the keychain answered', async () => {
    const slow = deferred<ReturnType<typeof ok<string[]>>>();
    crm = installFakeCrm({ 'keys:missing-values': () => slow.promise });
    const first = useKeysStore.getState().checkMissing();
    await useKeysStore.getState().checkMissing();
    expect(crm.callsTo('keys:missing-values')).toHaveLength(1);
    slow.resolve(ok([]));
    await first;
    await useKeysStore.getState().checkMissing();
    expect(crm.callsTo('keys:missing-values')).toHaveLength(2);
  });
});

describe('a key row', () => {
  it('says "value missing" instead of its last status, and Repair re-links then checks again', async () => {
    useKeysStore.setState({ keys: [{ ...live, lastStatus: 'valid' }], missing: ['live'] });
    crm = installFakeCrm({
      'keys:repair': () =>
        ok({ repaired: true, message: 'The value of “live” (…9z9z) was found in the keychain under another entry and linked back to it.' }),
      'keys:missing-values': () => ok([]),
    });
    view = render(<KeyTable keys={useKeysStore.getState().keys} />);
    expect(q('key-value-status-live')?.textContent).toContain('value missing');
    expect(q('key-value-status-live')?.textContent).not.toContain('valid');
    const repair = q('key-repair-live');
    expect(repair?.getAttribute('aria-label')).toBe('Repair live');
    click(repair);
    await settle();
    expect(crm.callsTo('keys:repair')).toEqual([{ id: 'live' }]);
    expect(crm.callsTo('keys:missing-values')).toEqual([{ profileId: 'p1' }]);
    expect(q('key-repair-result-live')?.textContent).toContain('linked back');
    expect(q('key-value-missing-live')).toBeNull();
    expect(q('key-value-status-live')?.textContent).toContain('valid');
  });

  it('keeps "value missing" and shows the sentence when nothing can be re-linked', async () => {
    useKeysStore.setState({ keys: [live], missing: ['live'] });
    crm = installFakeCrm({ 'keys:repair': () => ok({ repaired: false, message: 'The keychain holds no value for “live” (…9z9z).' }) });
    view = render(<KeyTable keys={useKeysStore.getState().keys} />);
    click(q('key-repair-live'));
    await settle();
    expect(q('key-repair-result-live')?.textContent).toBe('The keychain holds no value for “live” (…9z9z).');
    expect(q('key-value-missing-live')?.textContent).toBe('value missing');
    expect(crm.callsTo('keys:missing-values')).toHaveLength(0);
  });

  it('shows expiry and idleness in the State cell', () => {
    const soon = keyRecord({
      id: 'soon',
      name: 'soon',
      lastUsedAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 2.5 * DAY).toISOString(),
    });
    const idle = keyRecord({ id: 'idle', name: 'idle', lastUsedAt: new Date(Date.now() - 60 * DAY - 1000).toISOString() });
    const gone = keyRecord({
      id: 'gone',
      name: 'gone',
      lastUsedAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() - DAY).toISOString(),
    });
    view = render(<KeyTable keys={[soon, idle, gone, live]} />);
    expect(q('key-lifecycle-soon')?.textContent).toBe('expires in 3 days');
    expect(q('key-lifecycle-idle')?.textContent).toBe('unused for 60 days');
    expect(q('key-lifecycle-gone')?.textContent).toBe('expired');
    expect(q('key-lifecycle-live')).toBeNull();
  });

  it('offers Remove on a revoked key only; it asks, then main removes the record', async () => {
    crm = installFakeCrm({ 'keys:remove': ({ id }) => ok({ id }) });
    view = render(<KeyTable keys={[live, done]} />);
    expect(q('key-remove-live')).toBeNull();
    click(q('key-remove-done'));
    expect(useConfirmStore.getState().current?.title).toBe('Remove “done”?');
    act(() => useConfirmStore.getState().answer(true));
    await settle();
    expect(crm.callsTo('keys:remove')).toEqual([{ id: 'done' }]);
    expect(ids(useKeysStore.getState().keys)).not.toContain('done');
  });

  it('a refused removal is said on the row, and the key stays', async () => {
    crm = installFakeCrm({ 'keys:remove': () => fail({ code: 'conflict', message: 'The key “done” is live: revoke it first.' }) });
    expect(await useKeysStore.getState().removeKey('done')).toBe(false);
    expect(useKeysStore.getState().rowErrors.done?.message).toContain('revoke it first');
    expect(ids(useKeysStore.getState().keys)).toContain('done');
  });
});

describe('the expiry picked at creation', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it('is sent as the words main takes, or said wrong before any key is made', () => {
    expect(expiryInput('none', '', now)).toEqual({ ok: true, expires: undefined });
    expect(expiryInput('30d', '', now)).toEqual({ ok: true, expires: '30d' });
    expect(expiryInput('date', '2026-04-01', now)).toEqual({ ok: true, expires: '2026-04-01' });
    expect(expiryInput('date', '', now)).toMatchObject({ ok: false, problem: 'Choose the last day the key is used, or another expiry.' });
    expect(expiryInput('date', '2026-02-01', now)).toMatchObject({
      ok: false,
      problem: '2026-02-01 has already passed: choose a later day.',
    });
  });

  it('goes to main with the created key', async () => {
    crm = installFakeCrm({ 'keys:server-create': () => ok(live), 'keys:reveal-new': () => ok({ value: 'x'.repeat(20) }) });
    await useKeysStore.getState().createServerKey('ci', ['contacts:read'], '30d');
    await useKeysStore.getState().createServerKey('ci2', ['contacts:read']);
    expect(crm.callsTo('keys:server-create')).toEqual([
      { name: 'ci', permissions: ['contacts:read'], expires: '30d' },
      { name: 'ci2', permissions: ['contacts:read'] },
    ]);
  });
});
