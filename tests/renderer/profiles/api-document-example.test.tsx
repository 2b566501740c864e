// The window's document import offers the document's named examples of a chosen operation in a
// picker ("Example for Send Media"), and Read asks main for the one picked; with none picked, main
// reads the one that fits. A candidate with one example or none shows no picker.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiSection } from '../../../src-renderer/features/profiles/api/api-section';
import { useDocumentImportStore } from '../../../src-renderer/features/profiles/api/document-import-store';
import type { ApiDocumentView } from '../../../src-renderer/lib/api';
import { handleApi, PROFILE, startOnApiProfile } from '../helpers/fake-api';
import { DOCUMENT, handleDocument, SEND_TEXT_ID } from '../helpers/fake-document';
import { ok, type FakeCrm } from '../helpers/fake-crm';
import { byText, click, render, settle, type Rendered } from '../helpers/render';
import { resetStores } from '../helpers/stores';

const SEND_ID = 'POST /{Version}/{Phone-Number-ID}/messages';
const WITH_EXAMPLES: ApiDocumentView = {
  ...DOCUMENT,
  candidates: [
    ...DOCUMENT.candidates,
    {
      id: SEND_ID,
      method: 'POST',
      path: '/{Version}/{Phone-Number-ID}/messages',
      summary: 'Send message',
      notes: [],
      open: { vars: [], user: false, examples: ['text-message', 'image-by-id', 'image-by-url'] },
      unsupported: null,
    },
  ],
};

let crm: FakeCrm;
let view: Rendered;
const panel = () => view.container.querySelector<HTMLElement>('[data-testid="api-import"]')!;

function choose(select: HTMLSelectElement, value: string): void {
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

function labelled<T extends HTMLElement>(text: string): T | null {
  const label = [...panel().querySelectorAll('label')].find((l) => l.textContent === text);
  return label ? (document.getElementById(label.htmlFor) as T | null) : null;
}

beforeEach(async () => {
  resetStores(useDocumentImportStore);
  crm = startOnApiProfile();
  handleApi(crm);
  handleDocument(crm, () => ok(WITH_EXAMPLES));
  view = render(<ApiSection profile={PROFILE} />);
  await settle();
  click(byText(panel(), 'button', 'Import an API document'));
  click(byText(panel(), 'button', 'Choose a file…'));
  await settle();
});
afterEach(() => view?.unmount());

describe("choosing among a document's examples", () => {
  it("offers the chosen candidate's examples and reads the one picked", async () => {
    expect(labelled('Example for Send Media')).toBeNull();
    choose(labelled<HTMLSelectElement>('Send Media')!, SEND_ID);
    const picker = labelled<HTMLSelectElement>('Example for Send Media')!;
    const offered = [...picker.options].map((o) => o.textContent);
    expect(offered).toEqual(['The one that fits Send Media', 'text-message', 'image-by-id', 'image-by-url']);
    choose(picker, 'image-by-id');
    click(byText(panel(), 'button', 'Read'));
    await settle();
    expect(crm.callsTo('api:spec-propose')[0]).toMatchObject({ operation: 'messages.media', candidateId: SEND_ID, example: 'image-by-id' });
  });

  it('sends no example when none is picked, and a candidate without examples has no picker', async () => {
    choose(labelled<HTMLSelectElement>('Send Media')!, SEND_ID);
    choose(labelled<HTMLSelectElement>('Send Text')!, SEND_TEXT_ID);
    expect(labelled('Example for Send Text')).toBeNull();
    click(byText(panel(), 'button', 'Read'));
    await settle();
    for (const call of crm.callsTo('api:spec-propose')) expect(call).not.toHaveProperty('example');
  });
});
