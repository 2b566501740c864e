// `crm keys add` for a profile taught Twilio's send by `curl -u SID:token`: the hidden prompt asks
// for the service's pair (Account SID:Auth Token, or API key SID:secret), and the pair typed there,
// read back from the real keychain, reaches the sandbox's twilio dialect as base64(SID:token).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { openSandbox, tempDir } from '../helpers/index';
import { runInProcess } from './cli-harness';
import { forgetKeysAndCloseSandboxes } from './sandbox-profile';
import { fileKeychain } from '../helpers/keychain';

const { available, service, store } = await fileKeychain('cli-keys-basic');
const SID = 'AC0a1b2c3d4e5f60718293a4b5c6d7e8f9';

describe.skipIf(!available)('crm keys add for an HTTP Basic profile', () => {
  let sandbox: RunningSandbox;
  let env: Record<string, string>;
  const crm = (argv: string[], options: Parameters<typeof runInProcess>[1] = {}) => runInProcess(argv, { env, ...options });

  beforeAll(async () => {
    sandbox = await openSandbox({ dialect: 'twilio', rate: 1000, burst: 1000 });
    env = { CRM_DATA_DIR: await tempDir('crm-cli-keys-basic-'), CRM_KEYCHAIN_SERVICE: service };
    expect((await crm(['profiles', 'add', '--name', 'twilio', '--url', sandbox.baseUrl, '--use'])).code).toBe(0);
    const pasted =
      `curl -X POST "${sandbox.baseUrl}/2010-04-01/Accounts/${SID}/Messages.json" --data-urlencode ` +
      `"From=whatsapp:+14155238886" ` +
      `--data-urlencode "To=whatsapp:+15005550006" --data-urlencode "Body=hi" -u ${SID}:your_auth_token`;
    const imported = await crm(['profiles', 'import-curl', '--operation', 'text'], { input: pasted });
    expect(imported.code, imported.stderr).toBe(0);
  });

  afterAll(() => forgetKeysAndCloseSandboxes(env, store, [sandbox.adminKey]));

  it('the prompt asks for SID:token; the pair typed there is sent as base64(SID:token) and the send succeeds', async () => {
    const run = await crm(['keys', 'add', '--name', 'pair'], { tty: { typed: [`${SID}:${sandbox.adminKey}`, '\r'] } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('API key for profile "twilio": Account SID:Auth Token, or API key SID:secret (input is hidden): \n');
    const sent = await crm(['send', 'text', '--to', '5511999990000', '--text', 'hello']);
    expect(sent.code, sent.stderr).toBe(0);
    const last = sandbox
      .requests()
      .filter((r) => r.method === 'POST')
      .at(-1);
    expect(last?.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:${sandbox.adminKey}`).toString('base64')}`);
  });
});
