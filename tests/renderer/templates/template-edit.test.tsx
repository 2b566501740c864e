// Edit on a Templates row opens the New template form prefilled with what the listing says of that
// template (name and language fixed: they pick it), and submitting it sends an edit, not a new
// template; the row then shows it back in review. Cancel edit returns to an empty New template form.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ManagedTemplate, TemplateOverview } from '../../../src-renderer/lib/api';
import { TemplatesScreen } from '../../../src-renderer/features/templates/templates-screen';
import { useTemplatesStore } from '../../../src-renderer/features/templates/templates-store';
import { installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';
import { byText, click, render, settle, typeInto, type Rendered } from '../helpers/render';

let crm: FakeCrm;
let view: Rendered;

const template = (status: string): ManagedTemplate => ({
  id: '7100000000000001',
  name: 'order_update',
  language: 'pt_BR',
  status,
  category: 'MARKETING',
  approvedCategory: null,
  quality: 'GREEN',
  rejectedReason: null,
  body: 'Pedido {{1}} a caminho',
  updatedAt: '2026-11-29T10:00:00.000Z',
});

let listed: ManagedTemplate[];
const overview = (): TemplateOverview => ({ templates: listed, source: 'service', reason: null, manages: true, management: 'inferred' });

beforeEach(() => {
  listed = [template('APPROVED')];
  useTemplatesStore.setState({ status: 'idle', overview: null, error: null, submitError: null, done: null, editing: null });
  crm = installFakeCrm({
    'template-lifecycle:overview': () => ok(overview()),
    'template-lifecycle:kept': () => ok(listed),
    'template-lifecycle:update': () => {
      listed = [template('PENDING')];
      return ok(null);
    },
  });
});
afterEach(() => view?.unmount());

const form = () => view.container.querySelector<HTMLFormElement>('form.template-form')!;
const field = (label: RegExp) => {
  const l = [...form().querySelectorAll('label')].find((x) => label.test(x.textContent ?? ''));
  return l ? form().querySelector<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(`#${CSS.escape(l.htmlFor)}`) : null;
};
const submitForm = () =>
  act(() => {
    form().requestSubmit();
  });

const clickEdit = async () => {
  click(view.container.querySelector('[aria-label="Edit order_update (pt_BR)"]'));
  await settle();
};
/** the Templates screen with order_update's Edit clicked */
const editFromItsRow = async () => {
  view = render(<TemplatesScreen />);
  await settle();
  await clickEdit();
};

describe('Edit on a template row', () => {
  it('opens the form prefilled, with the name and language fixed', async () => {
    view = render(<TemplatesScreen />);
    await settle();
    expect(form().querySelector('h2')?.textContent).toBe('New template');
    await clickEdit();
    expect(form().querySelector('h2')?.textContent).toBe('Edit order_update (pt_BR)');
    expect(field(/^Name/)!.value).toBe('order_update');
    expect((field(/^Name/) as HTMLInputElement).readOnly).toBe(true);
    expect(field(/^Language/)!.value).toBe('pt_BR');
    expect((field(/^Language/) as HTMLInputElement).readOnly).toBe(true);
    expect(field(/^Category/)!.value).toBe('MARKETING');
    expect(field(/^Body/)!.value).toBe('Pedido {{1}} a caminho');
  });

  it('submits an edit, not a new template, and the row shows it back in review', async () => {
    await editFromItsRow();
    typeInto(field(/^Body/), 'Pedido {{1}} saiu para entrega');
    typeInto(field(/^Sample values/), '#1042');
    submitForm();
    await settle();
    expect(crm.callsTo('template-lifecycle:create')).toEqual([]);
    expect(crm.callsTo('template-lifecycle:update')).toEqual([
      {
        draft: {
          name: 'order_update',
          language: 'pt_BR',
          category: 'MARKETING',
          body: 'Pedido {{1}} saiu para entrega',
          samples: ['#1042'],
          header: null,
          footer: null,
          buttons: [],
        },
      },
    ]);
    expect(view.container.querySelector('[data-testid="template-order_update-pt_BR"] [data-testid="template-status"]')?.textContent).toBe(
      'PENDING',
    );
    expect(view.container.querySelector('[data-testid="templates-status"]')?.textContent).toContain(
      'Submitted an edit of order_update (pt_BR)',
    );
    // the edit is over: the form is for a new template again
    expect(form().querySelector('h2')?.textContent).toBe('New template');
    expect(field(/^Name/)!.value).toBe('');
  });

  it('Cancel edit leaves the template alone and empties the form', async () => {
    await editFromItsRow();
    click(byText(form(), 'button', 'Cancel edit'));
    await settle();
    expect(form().querySelector('h2')?.textContent).toBe('New template');
    expect(field(/^Body/)!.value).toBe('');
    expect(crm.callsTo('template-lifecycle:update')).toEqual([]);
  });
});
