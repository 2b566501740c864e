// Roll key… in the window: openRoll opens the dialog for a key from anywhere; Roll sends the
// chosen grace (24 hours unless changed), the steps follow main's keys:roll-progress, and the end
// names the new key in use and when the old one retires, or main's sentence and that the old key
// still works. A revoked key's row says its retirement time or what the checks found.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import type { RollOutcome } from '../../../src-main/shared/key-roll';
import { keyClock } from '../../../src-renderer/features/keys/key-clock';
import { KeyTable } from '../../../src-renderer/features/keys/key-table';
import { wireKeysEvents } from '../../../src-renderer/features/keys/keys-events';
import { useKeysStore } from '../../../src-renderer/features/keys/keys-store';
import { RollDialogHost } from '../../../src-renderer/features/keys/roll-dialog';
import { useProfilesStore } from '../../../src-renderer/features/profiles/profiles-store';
import { deferred, fail, installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';
import { keyRecord, profileRecord } from '../helpers/records';
import { click, render, settle, type Rendered } from '../helpers/render';

const ops = keyRecord({ id: 'k1', name: 'ops', fingerprint: 'ab12' });
const rolled = keyRecord({ id: 'k2', name: 'ops (rolled)', fingerprint: 'cd34' });
const retiresAt = new Date(Date.now() + 3_600_000).toISOString();

let crm: FakeCrm;
let view: Rendered | undefined;
let unwire: (() => void) | undefined;

beforeEach(() => {
  crm = installFakeCrm({ 'keys:list': () => ok([ops]) });
  useProfilesStore.setState(
    { ...useProfilesStore.getInitialState(), profiles: [profileRecord({ activeKeyId: 'k1' })], activeProfileId: 'p1', status: 'ready' },
    true,
  );
  useKeysStore.setState(useKeysStore.getInitialState(), true);
  useKeysStore.setState({ profileId: 'p1', status: 'ready', keys: [ops] });
  unwire = wireKeysEvents();
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  unwire?.();
});

const q = (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);

describe('the Roll dialog', () => {
  it('opens from the row, rolls with the default 24 hours and shows each step, then the new key in use', async () => {
    const answer = deferred<ReturnType<typeof ok<RollOutcome>>>();
    crm.handle('keys:roll', () => answer.promise);
    view = render(
      <>
        <KeyTable keys={[ops]} />
        <RollDialogHost />
      </>,
    );
    const button = q('key-roll-k1');
    expect(button?.getAttribute('aria-label')).toBe('Roll key… ops (…ab12)');
    click(button);
    expect(q('roll-dialog')?.textContent).toContain('Roll key “ops”');
    expect((q('roll-grace') as HTMLSelectElement).value).toBe('24h');
    click(q('roll-accept'));
    expect(crm.callsTo('keys:roll')).toEqual([{ id: 'k1', grace: '24h' }]);
    act(() => crm.emit('keys:roll-progress', { keyId: 'k1', step: 'proving' }));
    expect(q('roll-status')?.textContent).toBe('Proving it with a live request…');
    expect(q('roll-steps')?.textContent).toContain('saving it in the keychain — done');
    // a roll under way cannot be closed halfway
    useKeysStore.getState().closeRoll();
    expect(q('roll-dialog')).not.toBeNull();

    const oldKey = {
      ...ops,
      state: 'revoked' as const,
      sync: { state: 'pending' as const, reason: 'scheduled' as const, nextAttemptAt: retiresAt },
    };
    answer.resolve(ok({ oldKey, newKey: rolled, switched: ['p1'], retiresAt }));
    await settle();
    expect(q('roll-done')?.textContent).toContain('“ops (rolled)” (…cd34) is in use by');
    // the time alone today, with its date past midnight (key-clock.test.ts): an hour from now may be tomorrow
    expect(q('roll-done')?.textContent).toContain(`retires on the service at ${keyClock(retiresAt)};`);
    expect(useKeysStore.getState().keys.map((k) => [k.id, k.state])).toEqual([
      ['k1', 'revoked'],
      ['k2', 'active'],
    ]);
    click(q('roll-close'));
    expect(q('roll-dialog')).toBeNull();
  });

  it('a roll that stops shows main’s sentence and that the old key still works', async () => {
    crm.handle('keys:roll', () =>
      fail({
        code: 'conflict',
        message:
          'Created and saved the new key …cd34, but it was refused by the service: the old key is still in use; the new one is saved, unused.',
      }),
    );
    view = render(<RollDialogHost />);
    act(() => useKeysStore.getState().openRoll('k1'));
    click(q('roll-accept'));
    await settle();
    expect(q('roll-error')?.textContent).toContain('but it was refused by the service');
    expect(q('roll-error')?.textContent).toContain('“ops” (…ab12) still works.');
    expect(useKeysStore.getState().keys).toEqual([ops]);
  });

  it('progress for another key is not shown', () => {
    act(() => useKeysStore.getState().openRoll('k1'));
    useKeysStore.getState().rollProgress({ keyId: 'k9', step: 'switching' });
    expect(useKeysStore.getState().roll?.run).toEqual({ status: 'asking' });
  });
});

describe('a revoked key’s retirement and proof in its row', () => {
  it('says "retires at", then what the checks found; a revoked key has no Roll key…', () => {
    const at = new Date();
    at.setHours(14, 2, 0, 0);
    const scheduled = keyRecord({
      id: 'r1',
      name: 'later',
      state: 'revoked',
      sync: { state: 'pending', reason: 'scheduled', nextAttemptAt: at.toISOString() },
    });
    const refused = keyRecord({
      id: 'r2',
      name: 'refused',
      state: 'revoked',
      sync: { state: 'synced', at: at.toISOString(), proof: { state: 'refused', status: 401, at: at.toISOString() } },
    });
    const accepted = keyRecord({
      id: 'r3',
      name: 'accepted',
      state: 'revoked',
      sync: { state: 'synced', at: at.toISOString(), proof: { state: 'accepted', status: 200, at: at.toISOString() } },
    });
    view = render(<KeyTable keys={[scheduled, refused, accepted]} />);
    expect(q('key-proof-r1')?.textContent).toBe('retires at 14:02');
    expect(q('key-proof-r2')?.textContent).toBe('refused (401) at 14:02');
    expect(q('key-proof-r3')?.textContent).toBe('still accepted (200) at 14:02, checking again');
    expect(q('key-roll-r1')).toBeNull();
  });
});
