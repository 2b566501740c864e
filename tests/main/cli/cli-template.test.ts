// crm send template in env-var mode (CRM_API_KEY), against the real sandbox: an approved template
// with its parameters in order, the cURL it prints without sending, the sandbox's refusal of a
// template it never approved, and the input rules said before anything is sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { closeSandboxes } from '../helpers/index';
import { runInProcess } from './cli-harness';
import { openEnvModeSandbox } from './sandbox-profile';

let sandbox: RunningSandbox;
let env: Record<string, string>;
const number = '5511922223333';

function templatePosts(): { json: unknown; status: number }[] {
  return sandbox.requests().filter((r) => r.method === 'POST' && r.path === '/api/v1/messages/template');
}

beforeAll(async () => {
  ({ sandbox, env } = await openEnvModeSandbox('cli-template'));
});

afterAll(closeSandboxes);

describe('crm send template', () => {
  it('sends an approved template with its parameters in order', async () => {
    const run = await runInProcess(
      ['send', 'template', '--to', '+55 (11) 92222-3333', '--name', 'order_update', '--language', 'pt_BR', '--param', '#1042', '--json'],
      { env },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'sent', message: { type: 'template', number } });
    const sent = templatePosts().at(-1);
    expect(sent?.status).toBe(201);
    expect(sent?.json).toEqual({ number, template: { name: 'order_update', language: 'pt_BR', params: ['#1042'] } });
  });

  it('says "Sent template" for a template without parameters', async () => {
    const run = await runInProcess(['send', 'template', '--to', number, '--name', 'hello_world', '--language', 'en_US'], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Sent template to 5511922223333: message m_/);
  });

  it('--curl prints the request with an Idempotency-Key and sends nothing', async () => {
    const before = templatePosts().length;
    const run = await runInProcess(
      ['send', 'template', '--to', number, '--name', 'order_update', '--language', 'en_US', '--param', "Ana's", '--curl'],
      { env },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`${sandbox.baseUrl}/api/v1/messages/template`);
    expect(run.stdout).toMatch(/-H 'Idempotency-Key: [0-9a-f-]{36}'/);
    expect(run.stdout).toContain(`"params":["Ana'\\''s"]`);
    expect(templatePosts().length).toBe(before);
  });

  it("shows the sandbox's refusal of a template it never approved", async () => {
    const run = await runInProcess(['send', 'template', '--to', number, '--name', 'winter_sale', '--language', 'en_US'], { env });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/no approved template is named winter_sale/);
  });

  it('says what is wrong with the input before sending anything', async () => {
    const before = templatePosts().length;
    const run = await runInProcess(['send', 'template', '--to', number, '--name', 'Order Update', '--language', 'english', '--param', ''], {
      env,
    });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('Template name may only have lower-case letters, digits and underscores');
    expect(run.stderr).toContain('Language must be a language code such as en_US or pt_BR');
    expect(run.stderr).toContain('Parameter {{1}} is empty');
    expect(templatePosts().length).toBe(before);
  });

  it('without --language, a service whose template takes one says so and sends nothing', async () => {
    const before = templatePosts().length;
    const run = await runInProcess(['send', 'template', '--to', number, '--name', 'order_update', '--param', '#1042'], { env });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('Language is empty: give the code of an approved translation, such as en_US or pt_BR');
    expect(templatePosts().length).toBe(before);
  });
});
