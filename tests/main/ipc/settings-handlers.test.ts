// settings:* over IPC: the CA file is chosen in main's own dialog (the window never names a
// path), a file that cannot be used comes back as a validation error with its reason and the
// setting stays, and a cancelled dialog changes nothing. The request deadline set from the window
// is the data folder's, in whole seconds within its range, and another process on it sees it.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src-main/core/create-core';
import { MemorySecretStore } from '../../../src-main/core/secrets/memory-store';
import { DEFAULT_REQUEST_DEADLINE_MS, REQUEST_DEADLINE_RANGE_S } from '../../../src-main/core/http/request-deadline';
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

const NO_DEADLINE_SETTING = { get: () => null, set: () => undefined };

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
  const handlers = createSettingsHandlers({ caFile: trust, requestDeadline: NO_DEADLINE_SETTING }, async (purpose) => {
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

describe('settings:request-deadline / settings:set-request-deadline', () => {
  const cores: Core[] = [];
  afterAll(async () => {
    for (const core of cores) await core.close();
  });
  const open = async (dataDir: string) => {
    const core = await createCore({ dataDir, secretStore: new MemorySecretStore(), outbox: false });
    cores.push(core);
    return core;
  };
  const DEFAULT = {
    seconds: DEFAULT_REQUEST_DEADLINE_MS / 1000,
    isDefault: true,
    defaultSeconds: DEFAULT_REQUEST_DEADLINE_MS / 1000,
    ...REQUEST_DEADLINE_RANGE_S,
  };

  it("sets the data folder's deadline, which another process on it reads; null goes back to the default", async () => {
    const dataDir = await tempDir('crm-deadline-ipc-');
    const window = await open(dataDir);
    const other = await open(dataDir);
    const handlers = createSettingsHandlers(window, async () => null);
    expect(await handlers['settings:request-deadline']({})).toEqual(DEFAULT);
    expect(await handlers['settings:set-request-deadline']({ seconds: 5 })).toEqual({ ...DEFAULT, seconds: 5, isDefault: false });
    expect(other.requestDeadline.get()).toBe(5);
    expect(await handlers['settings:set-request-deadline']({ seconds: null })).toEqual(DEFAULT);
    expect(other.requestDeadline.get()).toBeNull();
  });

  it('takes whole seconds within the range only', () => {
    const schema = payloadSchemas['settings:set-request-deadline'];
    for (const seconds of [REQUEST_DEADLINE_RANGE_S.min, REQUEST_DEADLINE_RANGE_S.max, null])
      expect(schema.safeParse({ seconds }).success).toBe(true);
    for (const seconds of [0, REQUEST_DEADLINE_RANGE_S.max + 1, 1.5, -5, '30', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(schema.safeParse({ seconds }).success, String(seconds)).toBe(false);
    }
    expect(schema.safeParse({}).success).toBe(false);
    expect(schema.safeParse({ seconds: 30, extra: true }).success).toBe(false);
  });
});
