import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiSection } from '../../../src-renderer/features/profiles/api/api-section';
import { NO_SUCH_LISTING, useDocumentImportStore } from '../../../src-renderer/features/profiles/api/document-import-store';
import { handleApi, PROFILE, startOnApiProfile } from '../helpers/fake-api';
import { DOCUMENT, handleDocument, SEND_TEXT_ID, UPLOAD_ID } from '../helpers/fake-document';
import { deferred, fail, ok, type FakeCrm } from '../helpers/fake-crm';
import { byText, click, render, settle, typeInto, type Rendered } from '../helpers/render';
import { resetStores } from '../helpers/stores';

let crm: FakeCrm;
let view: Rendered;
const $ = <T extends Element = HTMLElement>(selector: string) => view.container.querySelector<T>(selector);
const panel = () => $('[data-testid="api-import"]')!;

function choose(select: HTMLSelectElement | null | undefined, value: string): void {
  if (!select) throw new Error('choose: no select');
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** The control a visible label names, within the import panel. */
function labelled<T extends HTMLElement>(text: string): T {
  const label = [...panel().querySelectorAll('label')].find((l) => l.textContent === text);
  const control = label ? document.getElementById(label.htmlFor) : null;
  if (!control) throw new Error(`no control labelled ${text}`);
  return control as T;
}

async function renderSection(): Promise<void> {
  view = render(<ApiSection profile={PROFILE} />);
  await settle();
}

async function expandAndLoadFile(): Promise<void> {
  const toggle = byText(panel(), 'button', 'Import an API document')!;
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  expect(document.getElementById(toggle.getAttribute('aria-controls')!)?.hidden).toBe(false);
  click(byText(panel(), 'button', 'Choose a file…'));
  await settle();
}

beforeEach(() => {
  resetStores(useDocumentImportStore);
  crm = startOnApiProfile();
  handleApi(crm);
});
afterEach(() => view?.unmount());

describe('importing an API document in the API tab', () => {
  it('loads a file main picks, maps Send Text to its candidate with the value it leaves open, reads it into the editor (focused) and saves it', async () => {
    handleDocument(crm);
    await renderSection();
    await expandAndLoadFile();
    expect(crm.callsTo('api:spec-load')).toEqual([{ profileId: 'p1', source: { kind: 'file' } }]);
    expect($('[data-testid="api-import-loaded"]')?.textContent).toBe('OpenAPI: Gateway (2 operations)');
    expect(panel().querySelector('[aria-label="About the document"]')?.textContent).toContain('apikey header');

    // one labelled select per console operation; the listings may be said to be missing altogether
    const sendText = labelled<HTMLSelectElement>('Send Text');
    expect([...sendText.options].map((o) => o.textContent)).toEqual([
      'Not in this document',
      `${SEND_TEXT_ID} — Send a text`,
      `${UPLOAD_ID} — Upload a file`,
    ]);
    expect([...labelled<HTMLSelectElement>('List contacts').options].map((o) => o.textContent)).toContain(
      'The service has no List contacts',
    );
    const read = byText(panel(), 'button', 'Read') as HTMLButtonElement;
    expect(read.disabled).toBe(true);

    choose(sendText, SEND_TEXT_ID);
    // what reading this candidate noticed describes its select; its open value gets a field
    expect(document.getElementById(sendText.getAttribute('aria-describedby')!)?.textContent).toContain('the field “instance” below');
    typeInto(labelled<HTMLInputElement>('instance'), 'sandbox');
    click(read);
    await settle();

    expect(crm.callsTo('api:spec-propose')).toEqual([
      { profileId: 'p1', handle: 'doc-1', operation: 'messages.text', candidateId: SEND_TEXT_ID, vars: { instance: 'sandbox' } },
    ]);
    expect(document.activeElement?.tagName).toBe('H3');
    expect(document.activeElement?.textContent).toContain('Send Text');
    expect($('[data-testid="mapping-table"]')?.getAttribute('aria-label')).toBe('Fields of Send Text');
    expect($('[data-testid="api-preview"] [data-testid="endpoint"]')?.textContent).toBe(
      'POST http://127.0.0.1:4010/message/sendText/sandbox',
    );
    expect($('[data-testid="api-import-results"]')?.textContent).toContain('Send Text: read; check it in its editor');

    click($('[data-testid="api-save"]'));
    await settle();
    expect(crm.callsTo('api:save').at(-1)).toMatchObject({
      operation: 'messages.text',
      spec: { path: '/message/sendText/sandbox', credential: { in: 'header', name: 'apikey', scheme: '' } },
    });
    expect($('[data-testid="api-save-status"]')?.textContent).toBe('Saved: Send Text now follows this description.');
  });

  it('a role changed in the table is read again from the same candidate, with the same values', async () => {
    handleDocument(crm);
    await renderSection();
    await expandAndLoadFile();
    choose(labelled<HTMLSelectElement>('Send Text'), SEND_TEXT_ID);
    typeInto(labelled<HTMLInputElement>('instance'), 'sandbox');
    click(byText(panel(), 'button', 'Read'));
    await settle();
    const selects = [...view.container.querySelectorAll<HTMLSelectElement>('[data-testid="mapping-table"] select')];
    choose(selects[1], '');
    await settle();
    expect(crm.callsTo('api:spec-propose').at(-1)).toEqual({
      profileId: 'p1',
      handle: 'doc-1',
      operation: 'messages.text',
      candidateId: SEND_TEXT_ID,
      vars: { instance: 'sandbox' },
      fixes: { constant: ['text'] },
    });
    expect(crm.callsTo('api:import-curl')).toHaveLength(0);
  });

  it('marks a listing the service lacks, and says why a candidate proposes nothing', async () => {
    handleDocument(crm);
    crm.handle('api:mark-absent', () => ok(PROFILE));
    await renderSection();
    await expandAndLoadFile();
    choose(labelled<HTMLSelectElement>('List contacts'), NO_SUCH_LISTING);
    choose(labelled<HTMLSelectElement>('Send Media'), UPLOAD_ID);
    expect(panel().textContent).toContain('multipart/form-data');
    click(byText(panel(), 'button', 'Read'));
    await settle();
    expect(crm.callsTo('api:mark-absent')).toEqual([{ profileId: 'p1', operation: 'contacts.list', absent: true }]);
    expect($('[data-testid="api-import-results"]')?.textContent).toContain('List contacts: noted that the service has none');
    const failed = $('[data-testid="api-import-failed-messages.media"]');
    expect(failed?.getAttribute('role')).toBe('alert');
    expect(failed?.textContent).toContain('Send Media: nothing was read: This operation cannot be proposed');
    // nothing was proposed: focus goes to the first operation read, whose editor says what happened
    expect(document.activeElement?.textContent).toContain('List contacts');
  });

  it('is busy while main loads, shows its refusal, and a cancelled dialog changes nothing', async () => {
    const answer = deferred<ReturnType<typeof fail>>();
    handleDocument(crm, () => answer.promise);
    await renderSection();
    await expandAndLoadFile();
    const body = panel().querySelector('[aria-busy]')!;
    expect(body.getAttribute('aria-busy')).toBe('true');
    expect($('[data-testid="api-import-status"]')?.textContent).toBe('Loading the document…');
    answer.resolve(
      fail({
        code: 'validation',
        message: 'The document is neither an OpenAPI 3 description (openapi: 3.x) nor a Postman collection (info and item)',
      }),
    );
    await settle();
    expect(body.getAttribute('aria-busy')).toBe('false');
    const alert = $('[data-testid="api-import-error"]');
    expect(alert?.getAttribute('role')).toBe('alert');
    expect(alert?.textContent).toContain('The document was not loaded: The document is neither');

    crm.handle('api:spec-load', () => ok(null));
    click(byText(panel(), 'button', 'Choose a file…'));
    await settle();
    expect($('[data-testid="api-import-loaded"]')).toBeNull();
  });

  it('loads from an address the person types', async () => {
    handleDocument(crm);
    await renderSection();
    click(byText(panel(), 'button', 'Import an API document'));
    const load = byText(panel(), 'button', 'Load') as HTMLButtonElement;
    expect(load.disabled).toBe(true);
    typeInto(labelled<HTMLInputElement>('Or its address'), ' https://api.example.com/openapi.json ');
    click(load);
    await settle();
    expect(crm.callsTo('api:spec-load')).toEqual([
      { profileId: 'p1', source: { kind: 'url', url: 'https://api.example.com/openapi.json' } },
    ]);
    expect($('[data-testid="api-import-loaded"]')?.textContent).toContain(DOCUMENT.title);
  });
});
