// Twilio's Content templates as Send Template: learned from a pasted cURL and from a Twilio-shaped
// OpenAPI document (our fixture), ContentSid is the template's name and ContentVariables its
// parameters as a JSON object's text keyed "1".."n"; no language is asked for. The learned send
// goes on the wire byte for byte as curl sends the same paste, and the sandbox's twilio dialect
// takes it, or refuses a wrong number of variables in Twilio's error shape.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCurl } from '../../../../src-main/core/api/curl/curl-parse';
import { proposeOperation } from '../../../../src-main/core/api/propose';
import { missingRoles } from '../../../../src-main/core/api/roles';
import { proposeFromSpec, readApiSpec } from '../../../../src-main/core/api/spec/spec-import';
import { parseApiDescription } from '../../../../src-main/core/api/schema';
import { rolesOf } from '../../../../src-main/core/api/template';
import { templateProblems } from '../../../../src-main/shared/template-rules';
import type { OperationSpec } from '../../../../src-main/core/api/types';
import type { Operation } from '../../../../src-main/core/operations';
import { SANDBOX_ACCOUNT_SID } from '../../../../src-main/sandbox/dialects/twilio-account';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import { addProfileWithKey, openTestCore, type TestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { closeSandboxes, openSandbox } from '../../helpers/sandbox';
import { sendTemplate } from '../../helpers/send-operations';
import { curlAvailable } from '../../sandbox/run-curl';
import { startJsonServer, type LocalServer } from '../http/support/local-server';
import { appSends, curlSends, learnSpec, wireOf } from './support/curl-wire';

const KEY = 'tok_Content4Template8Key2Value';
const SID = 'HXb0c1d2e3f4a5968778695a4b3c2d1e0f';
const FROM = 'whatsapp:+14155238886';
const MESSAGES = `/2010-04-01/Accounts/${SANDBOX_ACCOUNT_SID}/Messages.json`;
const VARIABLES = `'ContentVariables={"1":"12/1","2":"3pm"}'`;

/** Twilio's documented form of a template send, as a person pastes it ({URL}: the service's origin) */
function pasted(variables = VARIABLES): string {
  return (
    `-X POST {URL}${MESSAGES} --data-urlencode "ContentSid=${SID}" --data-urlencode ${variables} ` +
    `--data-urlencode "From=${FROM}" --data-urlencode "To=whatsapp:+15550001234" -u ${SANDBOX_ACCOUNT_SID}:${KEY}`
  );
}

const template = (params: string[], name = SID): Operation => ({
  op: 'messages.template',
  input: { number: '+15550001234', name, language: '', params },
  idempotencyKey: 'c2e4a6b8-0000-4000-8000-000000000003',
});

const learned = (spec: OperationSpec) => ({ roles: [...rolesOf(spec)].sort(), missing: missingRoles('messages.template', rolesOf(spec)) });

describe('a pasted Twilio Content template cURL', () => {
  const proposal = proposeOperation(parseCurl(`curl ${pasted().replaceAll('{URL}', 'https://api.twilio.com')}`), 'messages.template');

  it('learns ContentSid as the name, ContentVariables as the parameters object, To as the recipient, From kept', () => {
    expect(proposal.spec.encoding).toBe('form');
    expect(proposal.spec.body).toEqual({
      ContentSid: { $role: 'template_name' },
      ContentVariables: { $role: 'template_param', form: 'json-object-string' },
      From: FROM,
      To: { $role: 'number', prefix: 'whatsapp:+' },
    });
    expect(proposal.spec.credential).toEqual({ in: 'basic', username: SANDBOX_ACCOUNT_SID });
    expect(JSON.stringify(proposal)).not.toContain(KEY);
  });

  it('needs no language: nothing is missing without one', () => {
    expect(learned(proposal.spec)).toEqual({ roles: ['number', 'template_name', 'template_param'], missing: [] });
    const rows = proposal.rows.filter((r) => r.role === 'template_param').map((r) => [r.field, r.example]);
    expect(rows).toEqual([
      ['ContentVariables.1', '12/1'],
      ['ContentVariables.2', '3pm'],
    ]);
  });

  it('ContentVariables that is not an object keyed "1".."n" stays a constant', () => {
    for (const variables of [
      `'ContentVariables={"a":"x"}'`,
      `'ContentVariables=["x"]'`,
      `'ContentVariables={"1":2}'`,
      `ContentVariables=plain`,
    ]) {
      const other = proposeOperation(
        parseCurl(`curl ${pasted(variables).replaceAll('{URL}', 'https://api.twilio.com')}`),
        'messages.template',
      );
      expect(other.spec.body, variables).toMatchObject({ ContentVariables: expect.any(String) });
    }
  });
});

describe('the rules around a Content template', () => {
  it('a Content SID is a template name; the language is checked only where the description takes one', () => {
    const twilio = { name: SID, language: '', params: ['Ana'] };
    expect(templateProblems(twilio, false)).toEqual([]);
    expect(templateProblems(twilio).map((p) => `${p.label} ${p.message}`)).toEqual([
      'Language is empty: give the code of an approved translation, such as en_US or pt_BR',
    ]);
    expect(templateProblems({ ...twilio, name: 'HX123' }, false).map((p) => p.field)).toEqual(['name']);
  });

  it('a stored description with another parameters form is refused, saying so', () => {
    const body = { ContentSid: { $role: 'template_name' }, ContentVariables: { $role: 'template_param', form: 'xml-string' } };
    const checked = parseApiDescription({
      version: 1,
      operations: { 'messages.template': { method: 'POST', path: '/m', query: [], headers: [], body } },
    });
    expect(checked.ok).toBe(false);
    expect(checked).toEqual({
      ok: false,
      problems: [
        'operations.messages.template.body: the body template has a role written in an unknown form (the one form is json-object-string)',
      ],
    });
  });
});

describe("a Twilio-shaped OpenAPI document's Messages.json", () => {
  it('learns the same template send from ContentSid and ContentVariables, leaving the other samples out', () => {
    const specs = fileURLToPath(new URL('../../../fixtures/specs/', import.meta.url));
    const document = readApiSpec(readFileSync(join(specs, 'twilio-messages.json'), 'utf8'));
    const vars = { AccountSid: SANDBOX_ACCOUNT_SID, From: FROM };
    const result = proposeFromSpec(document, 'POST /2010-04-01/Accounts/{AccountSid}/Messages.json', 'messages.template', {
      vars,
      user: SANDBOX_ACCOUNT_SID,
    });
    expect(result.proposal?.spec.body).toEqual({
      To: { $role: 'number', prefix: 'whatsapp:+' },
      From: FROM,
      ContentSid: { $role: 'template_name' },
      ContentVariables: { $role: 'template_param', form: 'json-object-string' },
    });
    expect(learned(result.proposal!.spec).missing).toEqual([]);
  });
});

describe.skipIf(!curlAvailable)('the learned template send on the wire', () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await startJsonServer(201, '{"sid":"SM00000000000000000000000000000001"}');
  });
  afterAll(async () => server.close());

  it('is what curl sends for the same paste, byte for byte (the JSON object inside one form field)', async () => {
    const spec = learnSpec(server, pasted(), 'messages.template');
    const byCurl = wireOf(await curlSends(server, pasted()), false);
    const byApp = wireOf(await appSends(server, spec, template(['12/1', '3pm']), KEY), false);
    expect(byApp.body.toString('latin1')).toBe(byCurl.body.toString('latin1'));
    expect(byApp).toEqual(byCurl);
    expect(new URLSearchParams(byApp.body.toString()).get('ContentVariables')).toBe('{"1":"12/1","2":"3pm"}');
  });
});

describe.skipIf(!(await keychainAvailable()))('sent to the sandbox twilio dialect', () => {
  let sandbox: RunningSandbox;
  let t: TestCore;
  let profileId: string;
  beforeAll(async () => {
    sandbox = await openSandbox({ dialect: 'twilio', rate: 1000, burst: 1000 });
    t = await openTestCore('twilio-content');
    ({ profileId } = await addProfileWithKey(t.core, { name: 'twilio', baseUrl: sandbox.baseUrl }, { name: 'k', value: sandbox.adminKey }));
    const paste = pasted().replaceAll('{URL}', sandbox.baseUrl).replace(KEY, sandbox.adminKey);
    const spec = proposeOperation(parseCurl(`curl ${paste}`), 'messages.template', { profileBaseUrl: sandbox.baseUrl }).spec;
    await t.core.api.save(profileId, 'messages.template', spec);
  });
  afterAll(async () => {
    await t.cleanup();
    await closeSandboxes();
  });

  it('is accepted and recorded as a template message with its parameters filled, no language given', async () => {
    const sent = await sendTemplate(t.core.messages, { number: '+15550001234', name: SID, language: '', params: ['#1042'] }, { profileId });
    if (sent.status !== 'sent') throw new Error(`not sent: ${JSON.stringify(sent)}`);
    const post = sandbox
      .requests()
      .filter((r) => r.method === 'POST')
      .at(-1)!;
    expect(post.json).toEqual({ ContentSid: SID, ContentVariables: '{"1":"#1042"}', From: FROM, To: 'whatsapp:+15550001234' });
    const stored = await fetch(`${sandbox.baseUrl}/api/v1/messages/${sent.message.id}`, {
      headers: { Authorization: `Bearer ${sandbox.adminKey}` },
    });
    expect(stored.status).toBe(200);
    expect(await stored.json()).toMatchObject({ type: 'template', template: { name: 'order_update', params: ['#1042'] } });
  });

  it('a wrong number of variables is refused by the sandbox with its Twilio error said', async () => {
    const sent = sendTemplate(t.core.messages, { number: '+15550001234', name: SID, language: '', params: ['a', 'b'] }, { profileId });
    await expect(sent).rejects.toThrow(/rejected the request: ContentVariables must fill 1 variable \("1".."1"\) for HX\w+, not 2.*21656/);
  });

  it('an unknown Content SID is refused naming the known ones', async () => {
    const unknown = 'HXffffffffffffffffffffffffffffffff';
    const sent = sendTemplate(t.core.messages, { number: '+15550001234', name: unknown, language: '', params: [] }, { profileId });
    await expect(sent).rejects.toThrow(/ContentSid must name an approved Content template \(the sandbox has HXa1b2.*21655/);
  });
});
