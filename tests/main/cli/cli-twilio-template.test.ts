// From a terminal with the real keychain: `crm profiles import-curl --operation template` learns
// Twilio's Content template send from its documented cURL (pasted on stdin), and `crm send
// template` then sends one to the sandbox's twilio dialect without a --language; a wrong number of
// parameters is refused by the sandbox with its Twilio error said. No key value in any output.
import { describe, expect, it } from 'vitest';
import { SANDBOX_ACCOUNT_SID } from '../../../src-main/sandbox/dialects/twilio-account';
import { vendorFolderForSuite } from './sandbox-folder';
import { fileKeychain } from '../helpers/keychain';
import { lastPostOf } from '../helpers/sandbox';

const { available, service, store } = await fileKeychain('cli-twilio-template');
const ORDER_UPDATE = 'HXb0c1d2e3f4a5968778695a4b3c2d1e0f';

describe.skipIf(!available)('crm and Twilio Content templates', () => {
  const folder = vendorFolderForSuite('cli-twilio-template', { service, store }, 'twilio');
  const { crm } = folder;
  const lastPost = () => lastPostOf(folder.sandbox);

  it("import-curl learns the template from Twilio's documented form, the key's value never shown", async () => {
    const paste =
      `curl -X POST ${folder.sandbox.baseUrl}/2010-04-01/Accounts/${SANDBOX_ACCOUNT_SID}/Messages.json ` +
      `--data-urlencode "ContentSid=${ORDER_UPDATE}" --data-urlencode 'ContentVariables={"1":"12/1","2":"3pm"}' ` +
      `--data-urlencode "From=whatsapp:+14155238886" --data-urlencode "To=whatsapp:+15550001234" ` +
      `-u ${SANDBOX_ACCOUNT_SID}:${folder.sandbox.adminKey}`;
    const run = await crm(['profiles', 'import-curl', '--operation', 'template'], paste);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/ContentSid\s+HX\w+\s+template_name\n/);
    expect(run.stdout).toMatch(/ContentVariables\.1\s+12\/1\s+template_param\nContentVariables\.2\s+3pm\s+template_param\n/);
    expect(run.stdout).toMatch(/From\s+whatsapp:\+14155238886\s+constant\n/);
    expect(run.stdout).toContain('"ContentVariables":"{\\"1\\":{{template_param}},\\"2\\":…}"');
    expect(run.stdout).toContain("note: ContentVariables holds the template's parameters as a JSON object's text");
  });

  it('send template needs no --language and sends the variables as one JSON object field', async () => {
    const run = await crm(['send', 'template', '--to', '+55 11 98765-1234', '--name', ORDER_UPDATE, '--param', '#1042', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'sent', message: { type: 'template' } });
    expect(lastPost().json).toEqual({
      ContentSid: ORDER_UPDATE,
      ContentVariables: '{"1":"#1042"}',
      From: 'whatsapp:+14155238886',
      To: 'whatsapp:+5511987651234',
    });
  });

  it('a wrong number of parameters is refused by the sandbox, its Twilio error said', async () => {
    const run = await crm(['send', 'template', '--to', '+55 11 98765-1234', '--name', ORDER_UPDATE, '--param', 'a', '--param', 'b']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/ContentVariables must fill 1 variable \("1".."1"\) for HX\w+, not 2/);
    expect(run.stderr).toContain('21656');
    expect(lastPost().status).toBe(400);
  });
});
