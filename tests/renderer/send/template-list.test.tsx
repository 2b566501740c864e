// Send Template offers the approved templates the service lists: choosing one fills its name,
// language and one parameter per {{n}}; a service that lists none leaves the fields typed and
// says why. Its draft is the one main previews and sends, checked by the same rules, and Ctrl+Enter
// sends it like any panel.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestPreview } from '../../../src-renderer/lib/api';
import { TemplatePanel } from '../../../src-renderer/features/send/template-panel';
import { PREVIEW_DEBOUNCE_MS, useSendStore } from '../../../src-renderer/features/send/send-store';
import { installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';
import { click, key, render, settle, typeInto, type Rendered } from '../helpers/render';

let crm: FakeCrm;
let view: Rendered;

const preview = (problems: RequestPreview['problems'] = []): RequestPreview => ({
  method: 'POST',
  url: 'http://127.0.0.1:4010/api/v1/messages/template',
  curl: 'curl …/messages/template',
  problems,
});

beforeEach(() => {
  useSendStore.getState().reset();
  crm = installFakeCrm({ 'send:preview': () => ok(preview()) });
});
afterEach(() => {
  view?.unmount();
  useSendStore.getState().reset();
});

const select = () => view.container.querySelector<HTMLSelectElement>('select');
const field = (label: string) => {
  const l = [...view.container.querySelectorAll('label')].find((x) => x.textContent === label);
  return l ? view.container.querySelector<HTMLInputElement>(`#${CSS.escape(l.htmlFor)}`) : null;
};
/** past the preview's debounce, with its answer shown */
const previewed = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, PREVIEW_DEBOUNCE_MS + 20));
  });

describe('choosing an approved template', () => {
  it('fills the name, the language and one empty parameter per {{n}}, and shows its text', async () => {
    crm.handle('templates:list', () =>
      ok({
        source: 'service' as const,
        reason: null,
        templates: [
          { name: 'hello_world', language: 'en_US', params: 0, body: 'Hello World' },
          { name: 'order_update', language: 'pt_BR', params: 2, body: 'Pedido {{1}} chega {{2}}' },
        ],
      }),
    );
    view = render(<TemplatePanel />);
    await settle();
    const picker = select()!;
    expect([...picker.options].map((o) => o.textContent)).toEqual([
      'Choose one the service approved…',
      'hello_world (en_US)',
      'order_update (pt_BR)',
    ]);
    picker.value = 'order_update|pt_BR';
    act(() => {
      picker.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(field('Template name')!.value).toBe('order_update');
    expect(field('Language')!.value).toBe('pt_BR');
    expect(field('Parameter {{1}}')).not.toBeNull();
    expect(field('Parameter {{2}}')).not.toBeNull();
    expect(view.container.textContent).toContain('Its text: Pedido {{1}} chega {{2}}');

    // another language is another template: its text is no longer shown
    typeInto(field('Language'), 'en_US');
    await settle();
    expect(view.container.textContent).not.toContain('Its text:');
  });

  it('a service that lists none: no picker, the reason, and the fields to type', async () => {
    crm.handle('templates:list', () =>
      ok({
        source: 'typed' as const,
        templates: [],
        reason: "This service lists no templates at /api/v1/templates (HTTP 404): type the template's name and language",
      }),
    );
    view = render(<TemplatePanel />);
    await settle();
    expect(select()).toBeNull();
    expect(view.container.textContent).toContain('lists no templates at /api/v1/templates (HTTP 404)');
    expect(field('Template name')).not.toBeNull();
  });
});

describe('sending a template from its panel', () => {
  it('previews and sends the template draft with Ctrl+Enter, as main builds it', async () => {
    crm.handle('templates:list', () => ok({ source: 'typed' as const, templates: [], reason: 'none listed' }));
    crm.handle('send:submit', () =>
      ok({
        status: 'sent',
        message: { id: 'm_t1', type: 'template', number: '5511999990001', status: 'queued', createdAt: null, raw: {}, understood: true },
        durationMs: 5,
        replayed: false,
      }),
    );
    view = render(<TemplatePanel />);
    await settle();
    typeInto(view.container.querySelector('[data-testid="recipient-number"]'), '5511999990001');
    typeInto(field('Template name'), ' order_update ');
    click([...view.container.querySelectorAll('button')].find((b) => b.textContent === 'Add parameter'));
    typeInto(field('Parameter {{1}}'), '#1042');
    await previewed();
    expect(crm.callsTo('send:preview').at(-1)).toEqual({
      draft: { kind: 'template', number: '5511999990001', name: 'order_update', language: 'en_US', params: ['#1042'] },
    });
    expect(view.container.querySelector('[data-testid="preview-template"]')?.textContent).toContain('/api/v1/messages/template');

    key(field('Parameter {{1}}'), 'Enter', { ctrlKey: true });
    await settle();
    expect(crm.callsTo('send:submit').map((c) => c.draft)).toEqual([
      { kind: 'template', number: '5511999990001', name: 'order_update', language: 'en_US', params: ['#1042'] },
    ]);
    expect(view.container.querySelector('[data-testid="send-result"]')?.textContent).toContain('Sent: message m_t1');
  });

  it("main's problems show under their fields once a send was tried, and follow each change", async () => {
    crm.handle('templates:list', () => ok({ source: 'typed' as const, templates: [], reason: 'none listed' }));
    const empty = {
      field: 'params.0',
      message: 'is empty',
      sentence: 'Parameter {{1}} is empty: every parameter of the template needs a text',
    };
    crm.handle('send:preview', ({ draft }) => ok(preview(draft.kind === 'template' && draft.params[0] === '' ? [empty] : [])));
    crm.handle('send:submit', () => ok({ status: 'queued', outboxId: 'o_1', reason: 'offline' }));
    view = render(<TemplatePanel />);
    await settle();
    click([...view.container.querySelectorAll('button')].find((b) => b.textContent === 'Add parameter'));
    await previewed();
    expect(view.container.textContent).not.toContain('Parameter {{1}} is empty'); // not tried yet: no red
    // a send tried: what main found shows (the send itself waits in the outbox)
    key(field('Parameter {{1}}'), 'Enter', { ctrlKey: true });
    await settle();
    expect(view.container.textContent).toContain('Parameter {{1}} is empty');
    typeInto(field('Parameter {{1}}'), '#1042');
    await previewed();
    expect(view.container.textContent).not.toContain('Parameter {{1}} is empty');
  });
});
