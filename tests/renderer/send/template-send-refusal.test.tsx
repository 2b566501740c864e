// Send Template refuses, as `crm send template` does, a template that will not go: a refusal
// verdict (still in review, no such language) stops Send and Ctrl+Enter with its reason and sends
// nothing; a warning shows and the send goes; a check main cannot answer leaves it to the service.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Result, SendVerdict } from '../../../src-renderer/lib/api';
import { TemplatePanel } from '../../../src-renderer/features/send/template-panel';
import { useSendStore } from '../../../src-renderer/features/send/send-store';
import { fail, installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';
import { click, key, render, settle, typeInto, type Rendered } from '../helpers/render';

let crm: FakeCrm;
let view: Rendered;

const PENDING = 'Template order_update (en_US) is still in review (PENDING): it can be sent once approved';
const RED = 'Template order_update (en_US) has RED quality: Meta may pause it if readers keep blocking or reporting it';

beforeEach(() => {
  useSendStore.getState().reset();
  crm = installFakeCrm({
    'send:preview': () => ok({ method: 'POST', url: 'http://127.0.0.1:4010/api/v1/messages/template', curl: 'curl …', problems: [] }),
    'templates:list': () => ok({ source: 'typed' as const, templates: [], reason: 'none listed' }),
    'send:submit': () =>
      ok({
        status: 'sent',
        message: { id: 'm_t9', type: 'template', number: '5511999990001', status: 'queued', createdAt: null, raw: {}, understood: true },
        durationMs: 5,
        replayed: false,
      }),
  });
});
afterEach(() => {
  view?.unmount();
  useSendStore.getState().reset();
});

const field = (label: string) => {
  const l = [...view.container.querySelectorAll('label')].find((x) => x.textContent === label);
  return l ? view.container.querySelector<HTMLInputElement>(`#${CSS.escape(l.htmlFor)}`) : null;
};
const sendButton = () => view.container.querySelector<HTMLButtonElement>('[data-testid="send-button"]');

async function filled(verdict: () => Result<SendVerdict>): Promise<void> {
  crm.handle('template-lifecycle:check', verdict);
  view = render(<TemplatePanel />);
  await settle();
  typeInto(view.container.querySelector('[data-testid="recipient-number"]'), '5511999990001');
  typeInto(field('Template name'), 'order_update');
  await settle();
}

describe('a template that will not send', () => {
  it('Send refuses it with the reason and sends nothing', async () => {
    await filled(() => ok({ level: 'refuse', problems: [{ kind: 'pending', message: PENDING }] }));
    click(sendButton());
    await settle();
    expect(crm.callsTo('send:submit')).toEqual([]);
    expect(crm.callsTo('template-lifecycle:check').at(-1)).toEqual({ name: 'order_update', language: 'en_US' });
    expect(view.container.textContent).toContain(`Not sent: ${PENDING}`);
    // the draft is kept for when the template is approved
    expect(field('Template name')!.value).toBe('order_update');
  });

  it('Ctrl+Enter refuses it the same way', async () => {
    await filled(() =>
      ok({ level: 'refuse', problems: [{ kind: 'unknown_language', message: 'Template order_update has no en_US version' }] }),
    );
    key(field('Template name'), 'Enter', { ctrlKey: true });
    await settle();
    expect(crm.callsTo('send:submit')).toEqual([]);
    expect(view.container.textContent).toContain('Not sent: Template order_update has no en_US version');
  });
});

describe('a template that may send', () => {
  it('a warning is shown and the send goes', async () => {
    await filled(() => ok({ level: 'warn', problems: [{ kind: 'quality_red', message: RED }] }));
    click(sendButton());
    await settle();
    expect(crm.callsTo('send:submit')).toHaveLength(1);
    expect(view.container.querySelector('[data-testid="send-result"]')?.textContent).toContain('Sent: message m_t9');
  });

  it('a check main cannot make leaves the send to the service', async () => {
    await filled(() => fail({ code: 'network', message: 'the service could not be reached' }));
    click(sendButton());
    await settle();
    expect(crm.callsTo('send:submit')).toHaveLength(1);
  });
});
