// The revoke dialog: what it works out (revoke-plan.ts: who uses the key, what they could switch
// to, whether the last four must be typed) and how it behaves for a key in use: Revoke disabled
// until the last four are typed, and "Switch … to…" activating the other key before revoking.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KeyMeta } from '../../../src-renderer/lib/api';
import { KeyTable } from '../../../src-renderer/features/keys/key-table';
import { useKeysStore } from '../../../src-renderer/features/keys/keys-store';
import { RevokeDialogHost } from '../../../src-renderer/features/keys/revoke-dialog';
import { useRevokeDialogStore } from '../../../src-renderer/features/keys/revoke-dialog-store';
import { alternativesIn, planRevoke, typedMatches, type RevokeSubject } from '../../../src-renderer/features/keys/revoke-plan';
import { useProfilesStore } from '../../../src-renderer/features/profiles/profiles-store';
import { installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';
import { keyRecord, profileRecord } from '../helpers/records';
import { byText, click, key, render, settle, typeInto, type Rendered } from '../helpers/render';

const inUse = keyRecord({
  id: 'k1',
  name: 'Deploy key',
  fingerprint: 'ab12',
  addedAt: '2025-03-04T10:00:00Z',
  lastUsedAt: '2025-03-05T11:00:00Z',
});
const spare = keyRecord({ id: 'k2', name: 'Spare', fingerprint: 'cd34' });
const revoked = keyRecord({ id: 'k3', name: 'Old', fingerprint: 'ef56', state: 'revoked' });
const heldBack = keyRecord({ id: 'k4', name: 'Elsewhere', fingerprint: 'gh78', heldBack: true });
const sandbox = profileRecord({ id: 'p1', name: 'Sandbox', activeKeyId: 'k1' });

const subject = (fields: Partial<RevokeSubject> = {}): RevokeSubject => ({
  kind: 'saved',
  name: 'Deploy key',
  prefix: null,
  lastFour: 'ab12',
  createdAt: null,
  lastUsedAt: null,
  localKeyId: 'k1',
  live: true,
  ...fields,
});

describe('revoke plan', () => {
  it('a live key a profile uses: that profile, its other live keys, and typing', () => {
    const plan = planRevoke(subject(), [sandbox, profileRecord({ id: 'p2', name: 'Other', activeKeyId: 'k9' })], 'p1', () => [
      inUse,
      spare,
      revoked,
      heldBack,
    ]);
    expect(plan.usedBy).toEqual([
      { profileId: 'p1', profileName: 'Sandbox', active: true, alternatives: [{ id: 'k2', name: 'Spare', fingerprint: 'cd34' }] },
    ]);
    expect(plan.needsTyping).toBe(true);
  });

  it('a key no profile uses, or one already revoked: the simple confirm', () => {
    expect(planRevoke(subject({ localKeyId: 'k2' }), [sandbox], 'p1', () => []).needsTyping).toBe(false);
    expect(planRevoke(subject({ live: false }), [sandbox], 'p1', () => []).usedBy).toEqual([]);
    // a server key saved on no profile
    expect(planRevoke(subject({ kind: 'server', localKeyId: null, lastFour: null }), [sandbox], 'p1', () => []).needsTyping).toBe(false);
  });

  it('offers only keys of that profile, live and sent where it points', () => {
    const otherProfiles = keyRecord({ id: 'k5', profileId: 'p2' });
    expect(alternativesIn([inUse, spare, revoked, heldBack, otherProfiles], 'p1', 'k1').map((a) => a.id)).toEqual(['k2']);
  });

  it('the typed last four must match exactly', () => {
    expect(typedMatches(' ab12 ', 'ab12')).toBe(true);
    expect(typedMatches('AB12', 'ab12')).toBe(false);
    expect(typedMatches('ab1', 'ab12')).toBe(false);
    expect(typedMatches('', null)).toBe(false);
  });
});

/** picks an option the way React notices (native setter + change event) */
function choose(select: HTMLSelectElement | null, value: string): void {
  if (!select) throw new Error('choose: no select');
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

let crm: FakeCrm;
let view: Rendered;
const dialog = () => document.querySelector<HTMLElement>('[role="alertdialog"]');

describe('the dialog for a key in use', () => {
  beforeEach(() => {
    useRevokeDialogStore.setState(useRevokeDialogStore.getInitialState(), true);
    useProfilesStore.setState({ ...useProfilesStore.getInitialState(), profiles: [sandbox], activeProfileId: 'p1', status: 'ready' }, true);
    useKeysStore.setState({ ...useKeysStore.getInitialState(), profileId: 'p1', keys: [inUse, spare], status: 'ready' }, true);
    crm = installFakeCrm({
      'keys:revoke': ({ id }) => ok({ ...inUse, id, state: 'revoked' }),
      'keys:activate': ({ id }) => ok({ ...spare, id }),
    });
    view = render(
      <>
        <KeyTable keys={useKeysStore.getState().keys} />
        <RevokeDialogHost />
      </>,
    );
  });
  afterEach(() => view?.unmount());

  const open = async () => {
    click(view.container.querySelector('[data-testid="key-revoke-k1"]'));
    await settle();
    return dialog()!;
  };

  it('names the key and who uses it, and keeps Revoke disabled until the last four are typed', async () => {
    const d = await open();
    expect(d.querySelector('[data-testid="revoke-key-label"]')?.textContent).toBe('…ab12');
    expect(d.querySelector('[data-testid="revoke-key-created"]')?.textContent).toMatch(/2025/);
    expect(d.querySelector('[data-testid="revoke-key-last-used"]')?.textContent).toMatch(/2025/);
    expect(d.querySelector('[data-testid="revoke-key-used-by"]')?.textContent).toBe('Sandbox (this window’s profile)');
    expect(d.textContent).toContain('The profile Sandbox uses this key: its requests will be refused until you choose another key.');
    const typed = d.querySelector<HTMLInputElement>('[data-testid="revoke-type-last-four"]');
    expect(document.activeElement).toBe(typed);
    const accept = d.querySelector<HTMLButtonElement>('[data-testid="revoke-accept"]')!;
    expect(accept.disabled).toBe(true);
    typeInto(typed, 'ab1');
    expect(accept.disabled).toBe(true);
    typeInto(typed, 'ab12');
    expect(accept.disabled).toBe(false);
    key(document.activeElement, 'Escape');
    await settle();
    expect(dialog()).toBeNull();
    expect(crm.callsTo('keys:revoke')).toHaveLength(0);
  });

  it('"Switch Sandbox to…" makes the other key active first, then revokes', async () => {
    const d = await open();
    const select = d.querySelector<HTMLSelectElement>('select')!;
    expect(d.querySelector(`label[for="${select.id}"]`)?.textContent).toBe('Switch Sandbox to…');
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(['Do not switch (its requests are refused)', 'Spare (…cd34)']);
    choose(select, 'k2');
    typeInto(d.querySelector('[data-testid="revoke-type-last-four"]'), 'ab12');
    click(byText(d, 'button', 'Revoke'));
    await settle();
    expect(crm.calls.map((c) => c.channel)).toEqual(['keys:activate', 'keys:revoke']);
    expect(crm.callsTo('keys:activate')).toEqual([{ id: 'k2' }]);
    expect(crm.callsTo('keys:revoke')).toEqual([{ id: 'k1' }]);
  });

  it('a switch that fails stops there: the key is not revoked under a profile still using it', async () => {
    crm = installFakeCrm({
      'keys:activate': () => ({ ok: false, error: { code: 'internal', message: 'no' } }),
      'keys:revoke': () => ok({ ...inUse, state: 'revoked' } as KeyMeta),
    });
    const d = await open();
    choose(d.querySelector('select'), 'k2');
    typeInto(d.querySelector('[data-testid="revoke-type-last-four"]'), 'ab12');
    click(byText(d, 'button', 'Revoke'));
    await settle();
    expect(crm.callsTo('keys:revoke')).toHaveLength(0);
  });
});
