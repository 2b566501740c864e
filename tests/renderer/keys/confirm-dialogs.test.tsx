import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KeyMeta, OutboxItem } from '../../../src-renderer/lib/api';
import { useOutboxStore } from '../../../src-renderer/features/outbox/outbox-store';
import { KeyTable } from '../../../src-renderer/features/keys/key-table';
import { useKeysStore } from '../../../src-renderer/features/keys/keys-store';
import { useProfilesStore } from '../../../src-renderer/features/profiles/profiles-store';
import { RevokeDialogHost } from '../../../src-renderer/features/keys/revoke-dialog';
import { useRevokeDialogStore } from '../../../src-renderer/features/keys/revoke-dialog-store';
import { RequestPreviewPanel } from '../../../src-renderer/features/send/request-preview';
import { useSendStore } from '../../../src-renderer/features/send/send-store';
import { ConfirmHost } from '../../../src-renderer/ui/confirm-host';
import { useConfirmStore } from '../../../src-renderer/ui/confirm-store';
import { installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';
import { keyRecord, profileRecord } from '../helpers/records';
import { byText, click, key, render, settle, type Rendered } from '../helpers/render';

const profile = profileRecord({ activeKeyId: 'k1', sandbox: true });
const key1 = keyRecord({ name: 'Deploy key', fingerprint: 'ab12', permissions: ['messages:send'] });

let crm: FakeCrm;
let view: Rendered;
const dialog = () => document.querySelector<HTMLElement>('[role="alertdialog"]');

beforeEach(() => {
  useConfirmStore.setState(useConfirmStore.getInitialState(), true);
  useProfilesStore.setState({ ...useProfilesStore.getInitialState(), profiles: [profile], activeProfileId: 'p1', status: 'ready' }, true);
  useKeysStore.setState({ ...useKeysStore.getInitialState(), profileId: 'p1', keys: [key1], status: 'ready' }, true);
  crm = installFakeCrm({ 'keys:revoke': () => ok({ ...key1, state: 'revoked' }), 'send:copy-curl': () => ok({ clearsAfterMs: 60_000 }) });
});
afterEach(() => {
  view?.unmount();
  useSendStore.getState().reset();
});

/** the key table with its revoke dialog, for a key no profile uses (the simple confirm; revoke-dialog.test.tsx has the rest) */
function renderKeys() {
  useRevokeDialogStore.setState(useRevokeDialogStore.getInitialState(), true);
  useProfilesStore.setState({ profiles: [{ ...profile, activeKeyId: null }] });
  view = render(
    <>
      <KeyTable keys={useKeysStore.getState().keys} />
      <RevokeDialogHost />
    </>,
  );
  return view.container.querySelector<HTMLButtonElement>('[data-testid="key-revoke-k1"]');
}

/** opens the revoke dialog: it is worked out (which profiles use the key) before it shows */
async function openRevoke(revoke: HTMLButtonElement | null): Promise<void> {
  click(revoke);
  await settle();
}

describe('revoke confirmation', () => {
  it('names the key, warns, focuses Cancel (a destructive action); Escape cancels without revoking and returns focus', async () => {
    const revoke = renderKeys();
    revoke?.focus();
    await openRevoke(revoke);
    const d = dialog();
    expect(d).not.toBeNull();
    expect(d?.getAttribute('aria-modal')).toBe('true');
    expect(d?.textContent).toContain('Revoke key “Deploy key”?');
    expect(d?.textContent).toContain('Every request that uses it will fail.');
    expect(document.activeElement?.textContent).toBe('Cancel');
    expect(d?.contains(document.activeElement)).toBe(true);

    key(document.activeElement, 'Escape');
    await settle();
    expect(dialog()).toBeNull();
    expect(crm.callsTo('keys:revoke')).toHaveLength(0);
    expect(document.activeElement).toBe(revoke);
  });

  it('revokes only through the confirm button', async () => {
    await openRevoke(renderKeys());
    const confirm = dialog()?.querySelector('[data-testid="revoke-accept"]');
    click(confirm);
    await settle();
    expect(dialog()).toBeNull();
    expect(crm.callsTo('keys:revoke')).toEqual([{ id: 'k1' }]);
  });

  it('Cancel does not revoke', async () => {
    await openRevoke(renderKeys());
    click(byText(dialog()!, 'button', 'Cancel'));
    await settle();
    expect(crm.callsTo('keys:revoke')).toHaveLength(0);
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    await openRevoke(renderKeys());
    const d = dialog()!;
    const [cancel, confirm] = Array.from(d.querySelectorAll('button'));
    confirm!.focus();
    key(confirm, 'Tab');
    expect(document.activeElement).toBe(cancel);
    key(cancel, 'Tab', { shiftKey: true });
    expect(document.activeElement).toBe(confirm);
  });
});

/** The Send Text preview with the dialog host, as the send screen shows them. */
function renderPreview(): Rendered {
  return render(
    <>
      <RequestPreviewPanel kind="text" />
      <ConfirmHost />
    </>,
  );
}

describe('copy cURL with key', () => {
  it('asks first; Escape copies nothing', async () => {
    vi.useFakeTimers();
    view = renderPreview();
    click(byText(view.container, 'button', 'Copy cURL with key'));
    expect(dialog()?.textContent).toContain('cleared after 60 s');
    key(document.activeElement, 'Escape');
    await settle();
    expect(dialog()).toBeNull();
    expect(crm.callsTo('send:copy-curl')).toHaveLength(0);
    vi.useRealTimers();
  });

  it('copies with the key after confirmation and says when the clipboard clears', async () => {
    view = renderPreview();
    click(byText(view.container, 'button', 'Copy cURL with key'));
    click(dialog()?.querySelector('[data-testid="confirm-accept"]'));
    await settle();
    expect(crm.callsTo('send:copy-curl')).toEqual([{ draft: { kind: 'text', number: '', text: '' }, withKey: true }]);
    expect(view.container.querySelector('[data-testid="copy-status"]')?.textContent).toBe('Copied; clipboard clears in 60 s');
  });

  it('plain Copy cURL copies without the key and without asking', async () => {
    view = renderPreview();
    click(byText(view.container, 'button', 'Copy cURL'));
    await settle();
    expect(dialog()).toBeNull();
    expect(crm.callsTo('send:copy-curl')).toEqual([{ draft: { kind: 'text', number: '', text: '' }, withKey: false }]);
  });
});

describe('a revoked key whose server revocation failed', () => {
  const revocation = (id: string, createdAt: string, state: OutboxItem['state']): OutboxItem => ({
    id,
    kind: 'keys.revoke',
    profileId: 'p1',
    label: 'Deploy key', // two revoked keys may share a name: the item is found by id, not label
    state,
    attempts: 1,
    createdAt,
    updatedAt: createdAt,
    nextAttemptAt: null,
    lastError: { code: 'forbidden', message: 'Forbidden (403)' },
    resultSummary: null,
    pendingReason: null,
  });

  it("Retry retries exactly the outbox item named by the key's sync state", async () => {
    const failed: KeyMeta = { ...key1, state: 'revoked', sync: { state: 'failed', reason: 'Forbidden (403)', outboxId: 'o-old' } };
    useOutboxStore.setState({
      items: [revocation('o-old', '2025-01-01T00:00:00Z', 'failed'), revocation('o-new', '2025-02-01T00:00:00Z', 'failed')],
    });
    crm = installFakeCrm({ 'outbox:retry': ({ id }) => ok({ ...revocation(id, '2025-01-01T00:00:00Z', 'pending') }) });
    view = render(<KeyTable keys={[failed]} />);
    const retry = view.container.querySelector<HTMLButtonElement>('[data-testid="key-sync-retry-k1"]');
    expect(view.container.textContent).toContain('failed: Forbidden (403)');
    click(retry);
    await settle();
    expect(crm.callsTo('outbox:retry')).toEqual([{ id: 'o-old' }]);
  });

  it('offers no Retry when nothing was queued for it', () => {
    const failed: KeyMeta = {
      ...key1,
      state: 'revoked',
      sync: { state: 'failed', reason: 'The key could not be read from the OS keychain' },
    };
    useOutboxStore.setState({ items: [revocation('o-old', '2025-01-01T00:00:00Z', 'failed')] });
    view = render(<KeyTable keys={[failed]} />);
    expect(view.container.querySelector('[data-testid="key-sync-retry-k1"]')).toBeNull();
  });
});
