// A key created through the API, shown once: the store asks main for its value once
// (keys:reveal-new), keeps it only while the panel is open and drops it when it closes; the panel
// masks it until Reveal, says why a copy failed and keeps the value, and asks before closing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CreatedKeyPanel } from '../../../src-renderer/features/keys/created-key-panel';
import { closeQuestion } from '../../../src-renderer/features/keys/created-key-close';
import { useKeysStore } from '../../../src-renderer/features/keys/keys-store';
import { useProfilesStore } from '../../../src-renderer/features/profiles/profiles-store';
import { ConfirmHost } from '../../../src-renderer/ui/confirm-host';
import { useConfirmStore } from '../../../src-renderer/ui/confirm-store';
import { installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';
import { keyRecord, profileRecord } from '../helpers/records';
import { byText, click, render, settle, type Rendered } from '../helpers/render';

const VALUE = 'crm_sk_live_NEWVALUE_7q7q';
const NO_CLIPBOARD = 'Copying needs a clipboard program here: install xclip, xsel or wl-clipboard, then try again.';
const meta = keyRecord({ id: 'k9', name: 'CI bot', fingerprint: '7q7q', serverKeyId: 'k_1' });

let crm: FakeCrm;
let view: Rendered;
let clipboardWorks = true;

beforeEach(() => {
  clipboardWorks = true;
  useConfirmStore.setState(useConfirmStore.getInitialState(), true);
  useProfilesStore.setState(
    { ...useProfilesStore.getInitialState(), profiles: [profileRecord()], activeProfileId: 'p1', status: 'ready' },
    true,
  );
  useKeysStore.setState({ ...useKeysStore.getInitialState(), profileId: 'p1', status: 'ready' }, true);
  crm = installFakeCrm({
    'keys:server-create': () => ok(meta),
    'keys:reveal-new': () => ok({ value: VALUE }),
    'keys:copy-new': () =>
      clipboardWorks ? ok({ clearsAfterMs: 60_000 }) : { ok: false, error: { code: 'internal', message: NO_CLIPBOARD } },
  });
});
afterEach(() => view?.unmount());

const storeText = () => JSON.stringify(useKeysStore.getState());

describe('the keys store', () => {
  it('asks for the value once, keeps it while the panel is open and drops it when it closes', async () => {
    expect(await useKeysStore.getState().createServerKey('CI bot', ['contacts:read'])).toBe(true);
    expect(crm.callsTo('keys:reveal-new')).toEqual([{ id: 'k9' }]);
    expect(useKeysStore.getState().created?.shown).toEqual({ status: 'ready', value: VALUE });
    useKeysStore.getState().dismissCreated();
    expect(useKeysStore.getState().created).toBeNull();
    expect(storeText()).not.toContain(VALUE);
    expect(crm.callsTo('keys:reveal-new')).toHaveLength(1);
  });

  it('a panel closed before main answered never keeps the value', async () => {
    let answer!: (v: unknown) => void;
    crm = installFakeCrm({ 'keys:server-create': () => ok(meta), 'keys:reveal-new': () => new Promise((r) => (answer = r)) as never });
    const creating = useKeysStore.getState().createServerKey('CI bot', []);
    await settle();
    useKeysStore.getState().dismissCreated();
    answer(ok({ value: VALUE }));
    await creating;
    expect(storeText()).not.toContain(VALUE);
  });

  it('a profile switch drops it too', async () => {
    crm = installFakeCrm({
      'keys:server-create': () => ok(meta),
      'keys:reveal-new': () => ok({ value: VALUE }),
      'keys:list': () => ok([]),
    });
    await useKeysStore.getState().createServerKey('CI bot', []);
    await useKeysStore.getState().load('p2');
    expect(storeText()).not.toContain(VALUE);
  });

  it('closing asks, more sternly when it was never copied', () => {
    expect(closeQuestion({ key: meta, everCopied: false })).toMatchObject({ title: 'Close without copying?', danger: true });
    expect(closeQuestion({ key: meta, everCopied: true })).toMatchObject({ title: 'Close the new key “CI bot”?' });
  });
});

describe('the shown-once panel', () => {
  async function renderCreated(): Promise<HTMLElement> {
    await useKeysStore.getState().createServerKey('CI bot', ['contacts:read']);
    view = render(
      <>
        <CreatedKeyPanel />
        <ConfirmHost />
      </>,
    );
    return view.container.querySelector<HTMLElement>('[data-testid="created-key-panel"]')!;
  }

  it('is masked until Reveal; the value is in the page only while revealed', async () => {
    const panel = await renderCreated();
    expect(panel.textContent).toContain('Copy it now: you will not see it again.');
    expect(document.body.innerHTML).not.toContain(VALUE);
    const reveal = byText(panel, 'button', 'Reveal')!;
    expect(reveal.getAttribute('aria-pressed')).toBe('false');
    click(reveal);
    expect(reveal.getAttribute('aria-pressed')).toBe('true');
    expect(panel.querySelector('[data-testid="created-key-value"]')?.textContent).toBe(VALUE);
    click(reveal);
    expect(document.body.innerHTML).not.toContain(VALUE);
  });

  it('a failed copy says why and keeps the value; once copied, Close asks and then clears it', async () => {
    const panel = await renderCreated();
    clipboardWorks = false;
    click(byText(panel, 'button', 'Copy'));
    await settle();
    expect(panel.querySelector('[data-testid="created-key-copy-error"]')?.textContent).toContain(NO_CLIPBOARD);
    expect(useKeysStore.getState().created?.shown).toEqual({ status: 'ready', value: VALUE });
    clipboardWorks = true;
    click(byText(panel, 'button', 'Copy'));
    await settle();
    expect(panel.textContent).toContain('Copied; clipboard clears in 60 s');

    click(byText(panel, 'button', 'Close'));
    await settle();
    const ask = document.querySelector<HTMLElement>('[role="alertdialog"]')!;
    expect(ask.textContent).toContain('Close the new key “CI bot”?');
    click(ask.querySelector('[data-testid="confirm-accept"]'));
    await settle();
    expect(view.container.querySelector('[data-testid="created-key-panel"]')).toBeNull();
    expect(storeText()).not.toContain(VALUE);
    expect(document.body.innerHTML).not.toContain(VALUE);
  });

  it('Close on a key never copied asks "Close without copying?"; Keep it open keeps it', async () => {
    const panel = await renderCreated();
    click(byText(panel, 'button', 'Close'));
    await settle();
    const ask = document.querySelector<HTMLElement>('[role="alertdialog"]')!;
    expect(ask.textContent).toContain('Close without copying?');
    click(byText(ask, 'button', 'Keep it open'));
    await settle();
    expect(useKeysStore.getState().created?.shown).toEqual({ status: 'ready', value: VALUE });
  });
});
