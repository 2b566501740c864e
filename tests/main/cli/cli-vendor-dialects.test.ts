// From a terminal, as a person would: `crm profiles import-curl` learns each vendor-shaped
// sandbox (meta, twilio, evolution-v2, wati) from its playground cURLs on stdin, the import
// table names where the key goes (never its value), and `crm send` / `crm contacts` then speak
// the vendor's shape: a Meta document from a file is uploaded first, Twilio's contacts are the
// numbers already messaged, Wati's number goes in the path. No key value in any output.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playgroundTabs } from '../../../src-main/sandbox/index';
import type { RunningSandbox, SandboxDialect } from '../../../src-main/sandbox/index';
import { openSandbox, tempDir } from '../helpers/index';
import { runInProcess } from './cli-harness';
import { addProfileAndKey, forgetKeysAndCloseSandboxes } from './sandbox-profile';
import { fileKeychain } from '../helpers/keychain';
import { lastPostOf } from '../helpers/sandbox';

const { available, service, store } = await fileKeychain('cli-vendors');

/** The console's operation for each tab the vendors' playgrounds show (others are not taught). */
const OPERATION: Record<string, string> = { contacts: 'contacts', text: 'text', media: 'media', audio: 'audio', upload: 'upload' };
/** How the import table says where the key goes. */
const KEY_LINE: Record<string, RegExp> = {
  meta: /key\s+Authorization: Bearer <key>/,
  twilio: /key\s+HTTP Basic, user AC[0-9a-f]+, the key as password/,
  'evolution-v2': /key\s+apikey: <key>/,
  wati: /key\s+Authorization: Bearer <key>/,
};

describe.skipIf(!available).each(['meta', 'twilio', 'evolution-v2', 'wati'] as const)(
  'crm against the %s dialect, taught on stdin',
  (dialect: SandboxDialect) => {
    let sandbox: RunningSandbox;
    let env: Record<string, string>;
    let dir: string;
    const crm = (argv: string[], input?: string) => runInProcess(argv, { env, ...(input === undefined ? {} : { input }) });
    const lastPost = () => lastPostOf(sandbox);

    beforeAll(async () => {
      sandbox = await openSandbox({ dialect, contacts: 30, rate: 1000, burst: 1000 });
      dir = await tempDir(`crm-cli-${dialect}-`);
      env = { CRM_DATA_DIR: dir, CRM_KEYCHAIN_SERVICE: service };
      await addProfileAndKey(env, { name: dialect, url: sandbox.baseUrl, use: true }, 'token', sandbox.adminKey);
    });

    afterAll(() => forgetKeysAndCloseSandboxes(env, store, [sandbox.adminKey]));

    it('imports every tab it can use; the table says where the key goes', async () => {
      let saw = false;
      for (const tab of playgroundTabs(dialect, sandbox.baseUrl)) {
        const operation = OPERATION[tab.id];
        if (operation === undefined) continue;
        const run = await crm(['profiles', 'import-curl', '--operation', operation], tab.curl);
        expect(run.code, `${tab.id}: ${run.stderr}`).toBe(0);
        if (KEY_LINE[dialect]!.test(run.stdout)) saw = true;
        expect(run.stdout).not.toContain('YOUR_API_KEY');
      }
      expect(saw).toBe(true);
    });

    it("sends a text in the vendor's shape", async () => {
      const run = await crm(['send', 'text', '--to', '+55 11 98765-1234', '--text', 'from the terminal', '--json']);
      expect(run.code, run.stderr).toBe(0);
      const post = lastPost();
      const seen = JSON.stringify({ path: post.path, query: post.query, json: post.json });
      expect(seen).toContain('from the terminal');
      expect(seen).toContain('5511987651234');
    });

    it('a local file: uploaded first where the service takes uploads, sent inline or refused with the reason elsewhere', async () => {
      const pdf = join(dir, 'report.pdf');
      await writeFile(pdf, Buffer.from('%PDF-1.4\n%%EOF\n'));
      const run = await crm(['send', 'media', '--to', '+5511987651234', '--type', 'document', '--file', pdf, '--json']);
      if (dialect === 'twilio') {
        expect(run.code).toBe(1);
        expect(run.stderr).toMatch(/takes media by URL/);
        return;
      }
      expect(run.code, run.stderr).toBe(0);
      if (dialect === 'meta') {
        const posts = sandbox
          .requests()
          .filter((r) => r.method === 'POST')
          .slice(-2);
        expect(posts.map((p) => p.path.split('/').pop())).toEqual(['media', 'messages']);
        expect(posts[1]!.json).toMatchObject({
          type: 'document',
          document: { id: expect.stringMatching(/^\d+$/), filename: 'report.pdf' },
        });
      }
    });

    it("contacts: the service's own listing, or the numbers already messaged with the reason", async () => {
      const run = await crm(['contacts', '--json']);
      expect(run.code, run.stderr).toBe(0);
      const page = JSON.parse(run.stdout) as { items: { number: string }[]; notice?: string };
      if (dialect === 'twilio' || dialect === 'meta') {
        // neither has a contacts listing: taught nothing for it, the guessed path answers that it does not exist
        expect(page.notice).toMatch(/no contacts listing at/);
        expect(page.items.map((c) => c.number)).toContain('5511987651234');
      } else {
        expect(page.notice).toBeUndefined();
        expect(page.items.length).toBeGreaterThan(0);
      }
    });
  },
);
