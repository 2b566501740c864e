// crm templates against the sandbox's Meta dialect, taught its template listing from a cURL on
// stdin: the list with status, quality and category; create (PENDING, then approved or rejected
// with its reason on a later list); a bad draft refused before anything is sent; delete; the
// "will this send?" check, and crm send template refusing a rejected template without sending.
import { beforeAll, describe, expect, it } from 'vitest';
import { vendorFolderForSuite } from './sandbox-folder';
import { fileKeychain } from '../helpers/keychain';

const { available, service, store } = await fileKeychain('cli-templates');
const LISTING = '/v23.0/102290129340398/message_templates';

describe.skipIf(!available)('crm templates against Meta', () => {
  const folder = vendorFolderForSuite('cli-templates', { service, store }, 'meta', { contacts: 5 });
  const { crm } = folder;
  const posts = () => folder.sandbox.requests().filter((r) => r.method === 'POST' && r.path === LISTING).length;

  async function statusOf(name: string): Promise<{ status: string; rejectedReason: string | null } | undefined> {
    const run = await crm(['templates', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const { templates } = JSON.parse(run.stdout) as { templates: { name: string; status: string; rejectedReason: string | null }[] };
    return templates.find((t) => t.name === name);
  }

  async function until(name: string, status: string): Promise<{ status: string; rejectedReason: string | null }> {
    for (let i = 0; i < 100; i += 1) {
      const found = await statusOf(name);
      if (found?.status === status) return found;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${name} never became ${status}`);
  }

  beforeAll(async () => {
    const fields = 'name,language,status,category,quality_score,components';
    const curl = `curl '${folder.sandbox.baseUrl}${LISTING}?fields=${fields}' -H 'Authorization: Bearer EAAG_YOUR_ACCESS_TOKEN'`;
    const taught = await crm(['profiles', 'import-curl', '--operation', 'templates'], curl);
    expect(taught.code, taught.stderr).toBe(0);
  });

  it('`crm templates` alone lists every template with status, quality, category and language', async () => {
    const run = await crm(['templates']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/NAME\s+LANGUAGE\s+STATUS\s+REASON\s+QUALITY\s+CATEGORY/);
    expect(run.stdout).toMatch(/order_update\s+pt_BR\s+APPROVED\s+GREEN\s+UTILITY/);
    const approved = await crm(['templates', '--approved']);
    expect(approved.stdout).toContain('order_update (pt_BR), 1 parameter: Your order {{1}} has an update.');
  });

  it('create submits a template that is PENDING, then APPROVED; a reject_ one is REJECTED with its reason', async () => {
    const run = await crm([
      'templates',
      'create',
      '--name',
      'delivery_window',
      '--language',
      'en_US',
      '--category',
      'utility',
      '--body',
      'We deliver {{1}} between {{2}}.',
      '--sample',
      'A-1',
      '--sample',
      '9 and 12',
      '--footer',
      'CRM Sandbox',
      '--button',
      'quick:Fine',
      '--button',
      'url:Track=https://example.com/t',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Submitted delivery_window \(en_US\): PENDING/);
    await until('delivery_window', 'APPROVED');
    expect(
      (await crm(['templates', 'create', '--name', 'reject_offer', '--language', 'en_US', '--category', 'MARKETING', '--body', 'Hello']))
        .code,
    ).toBe(0);
    expect((await until('reject_offer', 'REJECTED')).rejectedReason).toBe('INVALID_FORMAT');
    const list = await crm(['templates']);
    expect(list.stdout).toMatch(/reject_offer\s+en_US\s+REJECTED\s+INVALID_FORMAT/);
  });

  it('a draft over the limits or with a malformed button is refused with what is wrong, and nothing is sent', async () => {
    const before = posts();
    const long = await crm([
      'templates',
      'create',
      '--name',
      'too_long',
      '--language',
      'en_US',
      '--category',
      'UTILITY',
      '--body',
      'Hi {{1}}',
      '--header',
      'h'.repeat(61),
    ]);
    expect(long.code).not.toBe(0);
    expect(long.stderr).toMatch(/header is 61 characters; at most 60/);
    expect(long.stderr).toMatch(/give 1 sample value, not 0/);
    const button = await crm([
      'templates',
      'create',
      '--name',
      'bad_button',
      '--language',
      'en_US',
      '--category',
      'UTILITY',
      '--body',
      'Hi',
      '--button',
      'link:Go',
    ]);
    expect(button.code).toBe(2);
    expect(button.stderr).toMatch(/start it with quick:, url: or phone:/);
    expect(posts()).toBe(before);
  });

  it('check and crm send template refuse a rejected template, naming why, and send nothing', async () => {
    await until('reject_offer', 'REJECTED');
    const check = await crm(['templates', 'check', '--name', 'reject_offer', '--language', 'en_US']);
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(/Will not send: Template reject_offer \(en_US\) was rejected \(INVALID_FORMAT\)/);
    expect((await crm(['templates', 'check', '--name', 'hello_world', '--language', 'en_US'])).stdout).toMatch(/^It will send/);
    const sends = folder.sandbox.requests().filter((r) => r.path.endsWith('/messages')).length;
    const send = await crm(['send', 'template', '--to', '5511999990000', '--name', 'reject_offer', '--language', 'en_US']);
    expect(send.code).not.toBe(0);
    expect(send.stderr).toMatch(/Not sent: Template reject_offer \(en_US\) was rejected/);
    expect(folder.sandbox.requests().filter((r) => r.path.endsWith('/messages')).length).toBe(sends);
  });

  it('delete removes the template in every language', async () => {
    const run = await crm(['templates', 'delete', 'order_update', '--yes']);
    expect(run.code, run.stderr).toBe(0);
    expect(await statusOf('order_update')).toBeUndefined();
    const again = await crm(['templates', 'delete', 'order_update', '--yes']);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/no message template is named order_update/i);
  });
});
