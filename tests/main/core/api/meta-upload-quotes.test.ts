// Meta's own upload cURL writes its form values in double quotes (-F 'messaging_product="whatsapp"',
// -F 'type="image/jpeg"'), which curl strips. Taught from that shape, a profile's upload reaches
// the sandbox's meta dialect (which, as Meta does, refuses any messaging_product but whatsapp)
// without the quotes, and the document is then sent by the id the upload answered.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { playgroundTabs, type RunningSandbox } from '../../../../src-main/sandbox/index';
import type { TestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { taughtServiceAround } from '../../helpers/taught-service';
import { sendMedia } from '../../helpers/send-operations';
import { tempDir } from '../../helpers/temp-dir';

const hasKeychain = await keychainAvailable();

describe.skipIf(!hasKeychain)("Meta's upload cURL with quoted -F values", () => {
  let sandbox: RunningSandbox, t: TestCore, profileId: string;
  const seen: unknown[] = [];
  taughtServiceAround('meta', { keyName: 'Access token' }, seen, (s) => ({ sandbox, t, profileId } = s));
  beforeAll(async () => {
    const tab = playgroundTabs('meta', sandbox.baseUrl).find((x) => x.id === 'upload')!;
    const pasted =
      `curl -X POST '${tab.url}' -H 'Authorization: Bearer YOUR_ACCESS_TOKEN' ` +
      `-F 'file=@"/local/path/file.pdf";type=application/pdf' -F 'type="application/pdf"' -F 'messaging_product="whatsapp"'`;
    const proposal = await t.core.api.propose(profileId, 'media.upload', pasted);
    await t.core.api.save(profileId, 'media.upload', proposal.spec);
  });

  it("the upload sends whatsapp without quotes and the file's type, and the send by id succeeds", async () => {
    const path = join(await tempDir('crm-meta-quotes-'), 'report.pdf');
    await writeFile(path, Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'));
    const before = sandbox.requests().filter((r) => r.method === 'POST').length;
    const input = { number: '+1 555 010 1234', mediatype: 'document', source: { kind: 'file', path } } as const;
    const result = await sendMedia(t.core.messages, input, { profileId });
    seen.push(result);
    expect(result.status).toBe('sent');
    const [upload] = sandbox
      .requests()
      .filter((r) => r.method === 'POST')
      .slice(before);
    expect(upload!.path).toMatch(/\/media$/);
    expect(upload!.rawBody).toContain('name="messaging_product"\r\n\r\nwhatsapp\r\n');
    expect(upload!.rawBody).toContain('name="type"\r\n\r\napplication/pdf\r\n');
    expect(upload!.rawBody).not.toContain('"whatsapp"');
  });
});
