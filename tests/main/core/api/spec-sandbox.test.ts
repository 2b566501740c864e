// A profile set up from nothing but an API document written for these tests sends a text the
// sandbox's Twilio- and Evolution-shaped dialects accept: the key where the document's security
// scheme puts it, the body encoded as the document says. No key value in any record or file.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { SandboxDialect } from '../../../../src-main/sandbox/index';
import { addSandboxProfile, openTestCore } from '../../helpers/core';
import type { TestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { closeSandboxes, openSandbox } from '../../helpers/sandbox';
import { filesContainingSecrets, findSecrets } from '../../helpers/secret-scan';
import { sendText } from '../../helpers/send-operations';

const hasKeychain = await keychainAvailable();
const SPECS = fileURLToPath(new URL('../../../fixtures/specs/', import.meta.url));

const CASES: { dialect: SandboxDialect; file: string; id: string; check: (json: Record<string, unknown>) => void }[] = [
  {
    dialect: 'twilio',
    file: 'twilio-style.json',
    id: 'POST /2010-04-01/Accounts/{AccountSid}/Messages.json',
    check: (json) => expect(json).toMatchObject({ To: 'whatsapp:+5511987654321', Body: 'from the spec', From: 'whatsapp:+14155238886' }),
  },
  {
    dialect: 'evolution-v2',
    file: 'evolution-style.json',
    id: 'POST /message/sendText/{instance}',
    check: (json) => expect(json).toEqual({ number: '5511987654321', text: 'from the spec' }),
  },
  {
    dialect: 'evolution-v2',
    file: 'gateway.postman_collection.json',
    id: 'Messages / Send text',
    check: (json) => expect(json).toEqual({ number: '5511987654321', text: 'from the spec' }),
  },
];

describe.skipIf(!hasKeychain)('a profile set up only from an API document', () => {
  const cores: TestCore[] = [];
  afterAll(async () => {
    for (const t of cores) await t.cleanup();
    await closeSandboxes();
  });

  it.each(CASES)('$file: a text to the $dialect sandbox is accepted', async ({ dialect, file, id, check }) => {
    const sandbox = await openSandbox({ dialect, rate: 1000, burst: 1000 });
    const t = await openTestCore(`spec-${dialect}`);
    cores.push(t);
    const { profileId } = await addSandboxProfile(t.core, sandbox, dialect, 'key');
    const loaded = await t.core.api.loadSpec(join(SPECS, file));
    // the collection's own base URL is another host: the profile's stands in for it
    const vars: Record<string, string> = file.includes('postman') ? { baseUrl: sandbox.baseUrl } : {};
    const result = await t.core.api.proposeFromSpec(profileId, 'messages.text', loaded, id, { vars });
    expect(result.unsupported).toBeNull();
    await t.core.api.save(profileId, 'messages.text', result.proposal!.spec);

    const sent = await sendText(t.core.messages, { number: '+55 11 98765-4321', text: 'from the spec' }, { profileId });
    expect(sent.status).toBe('sent');
    const post = sandbox
      .requests()
      .filter((r) => r.method === 'POST')
      .at(-1)!;
    expect(post.status).toBeLessThan(300);
    check(post.json as Record<string, unknown>);
    expect(findSecrets([result, await t.core.api.describe(profileId)], [sandbox.adminKey])).toEqual([]);
    expect(await filesContainingSecrets(t.dataDir, [sandbox.adminKey])).toEqual([]);
  });
});
