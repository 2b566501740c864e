// settings:* over IPC: the CA file is chosen in main's own dialog (the window never names a
// path), a file that cannot be used comes back as a validation error with its reason and the
// setting stays, and a cancelled dialog changes nothing.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CaFileTrust } from '../../../src-main/core/http/network/ca-file-trust';
import { payloadSchemas } from '../../../src-main/ipc/schemas';
import { createSettingsHandlers } from '../../../src-main/ipc/settings-handlers';
import { caught } from '../helpers/secret-scan';
import { tempDir } from '../helpers/temp-dir';
import { TEST_CERT } from '../core/http/support/self-signed';

let good: string;
let bad: string;
beforeAll(async () => {
  const dir = await tempDir('crm-ca-ipc-');
  good = join(dir, 'company.pem');
  bad = join(dir, 'notes.txt');
  await writeFile(good, TEST_CERT);
  await writeFile(bad, 'hello');
});

function setup(picks: (string | null)[]) {
  const stored = { value: null as string | null };
  const trust = new CaFileTrust(
    {
      get: () => stored.value,
      set: (path) => {
        stored.value = path;
      },
    },
    { defaults: () => null },
  );
  const asked: string[] = [];
  const handlers = createSettingsHandlers(trust, async (purpose) => {
    asked.push(purpose);
    return picks.shift() ?? null;
  });
  return { stored, asked, handlers };
}

describe('settings:ca-file / settings:set-ca-file', () => {
  it("choose: the file picked in main's dialog is trusted and stored; clear: none", async () => {
    const { stored, asked, handlers } = setup([good]);
    expect(await handlers['settings:ca-file']({})).toEqual({ path: null, certificates: 0, problem: null });
    expect(await handlers['settings:set-ca-file']({ action: 'choose' })).toEqual({ path: good, certificates: 1, problem: null });
    expect(asked).toEqual(['document']);
    expect(stored.value).toBe(good);
    expect(await handlers['settings:set-ca-file']({ action: 'clear' })).toEqual({ path: null, certificates: 0, problem: null });
    expect(stored.value).toBeNull();
  });

  it('a file that cannot be used is a validation error with its reason; a cancelled dialog changes nothing', async () => {
    const { stored, handlers } = setup([good, bad, null]);
    await handlers['settings:set-ca-file']({ action: 'choose' });
    expect(await caught(() => handlers['settings:set-ca-file']({ action: 'choose' }))).toMatchObject({
      code: 'validation',
      message: `${bad} holds no PEM certificate (a block starting with -----BEGIN CERTIFICATE-----).`,
    });
    expect(await handlers['settings:set-ca-file']({ action: 'choose' })).toEqual({ path: good, certificates: 1, problem: null });
    expect(stored.value).toBe(good);
  });

  it('the window cannot name a path: the payload takes only an action', () => {
    expect(payloadSchemas['settings:set-ca-file'].safeParse({ action: 'choose' }).success).toBe(true);
    expect(payloadSchemas['settings:set-ca-file'].safeParse({ action: 'choose', path: '/tmp/evil.pem' }).success).toBe(false);
    expect(payloadSchemas['settings:set-ca-file'].safeParse({ path: '/tmp/evil.pem' }).success).toBe(false);
    expect(payloadSchemas['settings:ca-file'].safeParse({ path: '/tmp/evil.pem' }).success).toBe(false);
  });
});
