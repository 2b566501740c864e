// The template form offers the approved templates the service lists: choosing one fills its
// name, language and one parameter per {{n}}; a service that lists none leaves the fields typed
// and says why. What is sent is still checked by the form's own rules.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TemplateForm } from '../../src-renderer/features/messages/template-form';
import { useTemplateStore } from '../../src-renderer/features/messages/template-store';
import { installFakeCrm, ok, type FakeCrm } from './helpers/fake-crm';
import { render, settle, type Rendered } from './helpers/render';

let crm: FakeCrm;
let view: Rendered;

beforeEach(() => {
  useTemplateStore.setState(useTemplateStore.getInitialState(), true);
  crm = installFakeCrm({});
});
afterEach(() => view?.unmount());

const select = () => view.container.querySelector<HTMLSelectElement>('select');
const field = (label: string) => {
  const l = [...view.container.querySelectorAll('label')].find((x) => x.textContent === label);
  return view.container.querySelector<HTMLInputElement>(`#${CSS.escape(l!.htmlFor)}`);
};

describe('choosing an approved template', () => {
  it('fills the name, the language and one empty parameter per {{n}}, and shows its text', async () => {
    crm.handle('templates:list', () =>
      ok({ source: 'service' as const, reason: null, templates: [{ name: 'hello_world', language: 'en_US', params: 0, body: 'Hello World' }, { name: 'order_update', language: 'pt_BR', params: 2, body: 'Pedido {{1}} chega {{2}}' }] }),
    );
    view = render(<TemplateForm number="5511999990001" onSent={() => undefined} />);
    await settle();
    const picker = select()!;
    expect([...picker.options].map((o) => o.textContent)).toEqual(['Choose one the service approved…', 'hello_world (en_US)', 'order_update (pt_BR)']);
    picker.value = 'order_update|pt_BR';
    picker.dispatchEvent(new Event('change', { bubbles: true }));
    await settle();
    expect(field('Template name')!.value).toBe('order_update');
    expect(field('Language')!.value).toBe('pt_BR');
    expect(field('Parameter {{1}}')).not.toBeNull();
    expect(field('Parameter {{2}}')).not.toBeNull();
    expect(view.container.textContent).toContain('Its text: Pedido {{1}} chega {{2}}');
  });

  it('a service that lists none: no picker, the reason, and the fields to type', async () => {
    crm.handle('templates:list', () => ok({ source: 'typed' as const, templates: [], reason: 'This service lists no templates at /api/v1/templates (HTTP 404): type the template\'s name and language' }));
    view = render(<TemplateForm number="5511999990001" onSent={() => undefined} />);
    await settle();
    expect(select()).toBeNull();
    expect(view.container.textContent).toContain('lists no templates at /api/v1/templates (HTTP 404)');
    expect(field('Template name')).not.toBeNull();
  });
});
