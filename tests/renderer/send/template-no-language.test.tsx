// Send Template under a profile whose Send Template has no place for a language (Twilio's Content
// templates, as a pasted cURL teaches them): the panel asks for none and says why; a profile whose
// description takes a language (docs/API.md's) keeps the field.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DescribedApi, OperationSpec } from '../../../src-renderer/lib/api';
import { TemplatePanel } from '../../../src-renderer/features/send/template-panel';
import { useSendStore } from '../../../src-renderer/features/send/send-store';
import { installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';
import { render, settle, type Rendered } from '../helpers/render';

/** what a pasted Twilio Content template cURL teaches (pinned in tests/main/core/api/twilio-content-templates.test.ts) */
const TWILIO_TEMPLATE: OperationSpec = {
  method: 'POST',
  path: '/2010-04-01/Accounts/AC0a1b2c3d4e5f60718293a4b5c6d7e8f9/Messages.json',
  query: [],
  headers: [],
  encoding: 'form',
  body: {
    ContentSid: { $role: 'template_name' },
    ContentVariables: { $role: 'template_param', form: 'json-object-string' },
    From: 'whatsapp:+14155238886',
    To: { $role: 'number', prefix: 'whatsapp:+' },
  },
};

/** docs/API.md's template: the language is a field of its own */
const DEFAULT_TEMPLATE: OperationSpec = {
  method: 'POST',
  path: '/api/v1/messages/template',
  query: [],
  headers: [],
  body: { number: { $role: 'number' }, template: { name: { $role: 'template_name' }, language: { $role: 'template_language' } } },
};

let crm: FakeCrm;
let view: Rendered;

function describedAs(spec: OperationSpec): DescribedApi {
  return {
    profileId: 'p_twilio',
    baseUrl: 'https://api.twilio.com',
    operations: [{ operation: 'messages.template', label: 'Send Template', spec, custom: true, absent: false }],
  };
}

const languageField = () => [...view.container.querySelectorAll('label')].find((l) => l.textContent === 'Language') ?? null;

beforeEach(() => {
  useSendStore.getState().reset();
  crm = installFakeCrm({
    'templates:list': () => ok({ source: 'service' as const, reason: 'This service lists no templates.', templates: [] }),
    'send:preview': () => ok({ method: 'POST', url: 'https://api.twilio.com/…', curl: 'curl …', problems: [] }),
  });
  useSendStore.getState().switchProfile('p_twilio');
});
afterEach(() => {
  view?.unmount();
  useSendStore.getState().reset();
});

describe('Send Template and the language', () => {
  it("a Twilio Content template's description: no language field, and the panel says why", async () => {
    crm.handle('api:describe', () => ok(describedAs(TWILIO_TEMPLATE)));
    view = render(<TemplatePanel />);
    await settle();
    expect(languageField()).toBeNull();
    const said = view.container.querySelector('[data-testid="template-no-language"]')?.textContent ?? '';
    expect(said).toContain('has no language field: its templates carry their own');
  });

  it("docs/API.md's description keeps the language field", async () => {
    crm.handle('api:describe', () => ok(describedAs(DEFAULT_TEMPLATE)));
    view = render(<TemplatePanel />);
    await settle();
    expect(languageField()).not.toBeNull();
    expect(view.container.querySelector('[data-testid="template-no-language"]')).toBeNull();
  });
});
