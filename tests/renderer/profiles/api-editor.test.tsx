import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiSection } from '../../../src-renderer/features/profiles/api/api-section';
import { CredentialNote } from '../../../src-renderer/features/profiles/api/credential-note';
import { useProfilesStore } from '../../../src-renderer/features/profiles/profiles-store';
import { ConfirmHost } from '../../../src-renderer/ui/confirm-host';
import { useConfirmStore } from '../../../src-renderer/ui/confirm-store';
import { DESK_TEXT_CURL, handleApi, PROFILE, startOnApiProfile } from '../helpers/fake-api';
import { ok, type FakeCrm } from '../helpers/fake-crm';
import { byText, click, render, settle, typeInto, type Rendered } from '../helpers/render';
import { resetStores } from '../helpers/stores';

let crm: FakeCrm;
let view: Rendered;
const $ = <T extends Element = HTMLElement>(selector: string) => view.container.querySelector<T>(selector);
const dialog = () => document.querySelector<HTMLElement>('[role="alertdialog"]');

function choose(select: HTMLSelectElement | null, value: string): void {
  if (!select) throw new Error('choose: no select');
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

async function renderSection(): Promise<void> {
  view = render(
    <>
      <ApiSection profile={PROFILE} />
      <ConfirmHost />
    </>,
  );
  await settle();
}

async function readDeskText(): Promise<void> {
  click($('button[aria-label="Edit Send Text"]'));
  await settle();
  typeInto($('[data-testid="api-curl-input"]'), DESK_TEXT_CURL);
  click(byText(view.container, 'button', 'Read cURL'));
  await settle();
}

beforeEach(() => {
  resetStores(useConfirmStore);
  crm = startOnApiProfile();
});
afterEach(() => view?.unmount());

describe('the API tab', () => {
  it('lists the operations with their request and whose description they follow; an upload API.md lacks is not offered', async () => {
    handleApi(crm);
    await renderSection();
    const rows = [...view.container.querySelectorAll('[data-testid="api-operations"] tbody tr')];
    expect(rows.map((r) => r.querySelector('th')?.textContent)).toEqual([
      'List contacts',
      'Send Text',
      'Send Media',
      'Send Audio',
      'Send Template',
      'List messages',
      'List templates',
      'Upload media',
      'Check key',
      'Send Reaction',
      'Download media',
      'Mark as Read',
      'Create template',
      'Edit template',
      'Delete template',
    ]);
    expect(rows[1]?.textContent).toContain('POST /api/v1/messages/text');
    expect(rows[1]?.textContent).toContain('the app’s own API');
    expect(rows[7]?.textContent).toContain('never asked for');
    expect(rows[7]?.textContent).toContain('not offered');
  });

  it('reads a cURL into a labelled mapping table, says how numbers are written, and a changed role is read again with the fix', async () => {
    handleApi(crm);
    await renderSection();
    await readDeskText();
    // Edit moved focus to the editor of the operation picked
    expect(document.activeElement?.tagName).toBe('H3');
    expect(document.activeElement?.textContent).toContain('Send Text');

    const table = $('[data-testid="mapping-table"]');
    expect(table?.getAttribute('aria-label')).toBe('Fields of Send Text');
    const selects = [...view.container.querySelectorAll<HTMLSelectElement>('[data-testid="mapping-table"] select')];
    expect(selects.map((s) => s.value)).toEqual(['number', 'text', '']);
    for (const s of selects)
      expect(view.container.querySelector(`label[for="${CSS.escape(s.id)}"]`)?.textContent).toMatch(/^What \S+ stands for$/);
    const options = [...selects[0]!.options].map((o) => o.textContent);
    expect(options).toEqual(['constant (keep as given)', 'recipient number', 'message text', 'quoted message id']);
    expect($('[data-testid="number-format"]')?.textContent).toBe('A recipient typed as +55 11 99999-0000 is sent as 5511999990000@c.us.');
    expect($('[data-testid="api-warnings"]')?.textContent).toContain('Authorization is left out');
    expect($('[data-testid="api-preview"] [data-testid="endpoint"]')?.textContent).toBe('POST http://127.0.0.1:4010/api/v1/sendMessage');

    choose(selects[2]!, 'text');
    await settle();
    expect(crm.callsTo('api:import-curl').at(-1)?.fixes).toEqual({ text: ['type'] });
    const after = [...view.container.querySelectorAll<HTMLSelectElement>('[data-testid="mapping-table"] select')];
    expect(after.map((s) => s.value)).toEqual(['number', '', 'text']);
    expect(view.container.querySelectorAll('[data-testid="mapping-row"] .badge').length).toBeGreaterThan(0);
    expect([...view.container.querySelectorAll('[data-testid="mapping-row"]')].at(2)?.textContent).toContain('your choice');
  });

  it('shows main’s refusal of an incomplete description', async () => {
    handleApi(crm, { refuseSave: 'Send Text cannot be saved: no field is mapped to the message text' });
    await renderSection();
    await readDeskText();
    click($('[data-testid="api-save"]'));
    await settle();
    const alert = $('[data-testid="api-save-error"]');
    expect(alert?.getAttribute('role')).toBe('alert');
    expect(alert?.textContent).toContain('Not saved: Send Text cannot be saved: no field is mapped to the message text');
  });

  it('saves, then resets to the default only after the confirmation', async () => {
    handleApi(crm);
    await renderSection();
    await readDeskText();
    click($('[data-testid="api-save"]'));
    await settle();
    expect($('[data-testid="api-save-status"]')?.textContent).toBe('Saved: Send Text now follows this description.');
    expect($('[data-testid="api-operation-messages.text"]')?.textContent).toContain('custom');

    // Cancel keeps it
    click($('[data-testid="api-reset"]'));
    expect(dialog()?.textContent).toContain('Reset “Send Text” to the default?');
    click(byText(dialog()!, 'button', 'Cancel'));
    await settle();
    expect(crm.callsTo('api:reset')).toHaveLength(0);

    click($('[data-testid="api-reset"]'));
    click(byText(dialog()!, 'button', 'Reset'));
    await settle();
    expect(crm.callsTo('api:reset')).toEqual([{ profileId: 'p1', operation: 'messages.text' }]);
    expect($('[data-testid="api-save-status"]')?.textContent).toBe('Send Text follows the app’s own API again.');
    expect($('[data-testid="api-operation-messages.text"]')?.textContent).toContain('the app’s own API');
    expect($('[data-testid="api-reset"]')).toBeNull();
    expect(document.activeElement?.tagName).toBe('H3');
  });

  it('offers the example’s base URL and changes it through the profiles store', async () => {
    handleApi(crm, { baseUrl: 'http://localhost:4010' });
    crm.handle('profiles:update', ({ baseUrl }) => ok({ ...PROFILE, baseUrl: baseUrl ?? PROFILE.baseUrl }));
    crm.handle('profiles:list', () => ok({ profiles: [{ ...PROFILE, baseUrl: 'http://localhost:4010' }], activeProfileId: 'p1' }));
    await renderSection();
    await readDeskText();
    const offer = $('[data-testid="base-url-offer"]');
    const button = offer?.querySelector('button');
    expect(button?.textContent).toBe('Use http://localhost:4010 as this profile’s base URL');
    click(button);
    await settle();
    expect(crm.callsTo('profiles:update')).toEqual([{ id: 'p1', baseUrl: 'http://localhost:4010' }]);
    expect(useProfilesStore.getState().profiles[0]?.baseUrl).toBe('http://localhost:4010');
  });

  it("a file's own address read as Download media is not saved: it offers to let the key go there for files, and main asks", async () => {
    handleApi(crm);
    const curl = "curl 'https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=1' -H 'Authorization: Bearer x'";
    crm.handle('api:import-curl', ({ operation }) =>
      ok({
        operation,
        spec: {
          method: 'GET',
          path: '/whatsapp_business/{media_id}/',
          pathRoles: [{ $role: 'media_id' }],
          query: [],
          headers: [],
          body: null,
        },
        baseUrl: 'https://lookaside.fbsbx.com',
        rows: [],
        warnings: ['it reads as the second step of a download'],
        fileOrigin: 'https://lookaside.fbsbx.com',
      }),
    );
    crm.handle('api:allow-file-origin', () => ok({ allowed: true, origin: 'https://lookaside.fbsbx.com', retried: 2 }));
    await renderSection();
    click($('button[aria-label="Edit Download media"]'));
    await settle();
    typeInto($('[data-testid="api-curl-input"]'), curl);
    click(byText(view.container, 'button', 'Read cURL'));
    await settle();
    expect($('[data-testid="base-url-offer"]')).toBeNull();
    expect($<HTMLButtonElement>('[data-testid="api-save"]')?.disabled).toBe(true);
    const offer = $('[data-testid="file-origin-offer"]');
    expect(offer?.textContent).toContain('This is the file’s own address at https://lookaside.fbsbx.com');
    click(byText(offer!, 'button', 'Allow the key there for files…'));
    await settle();
    // the window hands main the pasted cURL, never an origin of its own
    expect(crm.callsTo('api:allow-file-origin')).toEqual([{ profileId: 'p1', curl }]);
    expect(offer?.textContent).toContain(
      'The key now also goes to https://lookaside.fbsbx.com, for received files only. The 2 files refused for it are downloaded again.',
    );
    expect(crm.callsTo('api:save')).toEqual([]);
  });

  it('Download media says where else the key goes for files, when the person listed an origin', () => {
    view = render(
      <CredentialNote
        spec={{
          method: 'GET',
          path: '/v23.0/{media_id}',
          query: [],
          headers: [],
          body: null,
          fileOrigins: ['https://lookaside.fbsbx.com'],
        }}
      />,
    );
    expect($('[data-testid="file-origins-note"]')?.textContent).toBe(
      'For a received file’s bytes only, it also goes to https://lookaside.fbsbx.com ' +
        '(allowed by you; crm profiles api file-origins --remove ORIGIN stops it).',
    );
    view.unmount();
    view = render(<CredentialNote spec={{ method: 'GET', path: '/v23.0/{media_id}', query: [], headers: [], body: null }} />);
    expect($('[data-testid="file-origins-note"]')).toBeNull();
  });
});
