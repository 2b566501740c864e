// A key created through the API is shown to the window once (revealNewKeyValue) and copied by
// main once (copyNewKeyValue): against the real sandbox and keychain. Each hand-out works once per
// key, within 5 minutes of the creation, never for a key saved by hand or revoked since; a copy
// whose clipboard failed is not spent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrmError } from '../../../../src-main/core/errors';
import { keyAccount } from '../../../../src-main/core/secrets/secret-store';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import { addProfileWithKey, openTestCore, type TestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { closeOpened } from '../../helpers/opened-cores';
import { openSandbox } from '../../helpers/sandbox';
import { caught } from '../../helpers/secret-scan';

const hasKeychain = await keychainAvailable();

describe.skipIf(!hasKeychain)('a new key shown once', () => {
  let sandbox: RunningSandbox;
  const opened: TestCore[] = [];
  let now = new Date('2026-03-01T10:00:00.000Z');

  async function open(label: string): Promise<{ t: TestCore; adminId: string }> {
    const t = await openTestCore(label, { outbox: false, now: () => now });
    opened.push(t);
    const { keyId } = await addProfileWithKey(t.core, { name: 'P', baseUrl: sandbox.baseUrl }, { name: 'Admin', value: sandbox.adminKey });
    return { t, adminId: keyId };
  }

  beforeAll(async () => {
    sandbox = await openSandbox();
  });
  afterAll(() => closeOpened(...opened));

  it('hands the value out once, the keychain one, then refuses', async () => {
    const { t } = await open('reveal-once');
    const meta = await t.core.keys.createServerKey({ name: 'shown once' });
    const value = await t.core.keys.revealNewKeyValue(meta.id);
    expect(value).toBe(await t.raw.get(keyAccount(meta.id)));
    expect(value.slice(-4)).toBe(meta.fingerprint);
    const again = (await caught(() => t.core.keys.revealNewKeyValue(meta.id))) as CrmError;
    expect(again).toBeInstanceOf(CrmError);
    expect(again.code).toBe('conflict');
    expect(again.message).toMatch(/already shown once/);
    expect(again.message).not.toContain(value);
    // showing it did not spend the one copy by main
    expect(await t.core.keys.copyNewKeyValue(meta.id, async (v) => v === value)).toBe(true);
  });

  it('two asks at once: only one has the value', async () => {
    const { t } = await open('reveal-race');
    const meta = await t.core.keys.createServerKey({ name: 'raced' });
    const answers = await Promise.allSettled([t.core.keys.revealNewKeyValue(meta.id), t.core.keys.revealNewKeyValue(meta.id)]);
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
  });

  it('refuses a key saved by hand, a revoked one, and one older than 5 minutes', async () => {
    const { t, adminId } = await open('reveal-refused');
    expect(((await caught(() => t.core.keys.revealNewKeyValue(adminId))) as CrmError).code).toBe('conflict');
    const revoked = await t.core.keys.createServerKey({ name: 'revoked at once' });
    await t.core.keys.revoke(revoked.id);
    expect(((await caught(() => t.core.keys.revealNewKeyValue(revoked.id))) as CrmError).code).toBe('conflict');
    const late = await t.core.keys.createServerKey({ name: 'too late' });
    now = new Date(now.getTime() + 5 * 60 * 1000 + 1000);
    const err = (await caught(() => t.core.keys.revealNewKeyValue(late.id))) as CrmError;
    expect(err.code).toBe('conflict');
    expect(err.message).toMatch(/5 minutes/);
  });

  it('a copy whose clipboard failed is not spent; a copy that worked is', async () => {
    const { t } = await open('copy-retry');
    const meta = await t.core.keys.createServerKey({ name: 'copied after a failure' });
    const broken = new CrmError('internal', 'Copying needs a clipboard program here: install xclip, xsel or wl-clipboard, then try again.');
    const failed = await caught(() => t.core.keys.copyNewKeyValue(meta.id, async () => Promise.reject(broken)));
    expect(failed).toBe(broken);
    let copied = '';
    await t.core.keys.copyNewKeyValue(meta.id, async (v) => {
      copied = v;
    });
    expect(copied).toBe(await t.raw.get(keyAccount(meta.id)));
    const third = (await caught(() => t.core.keys.copyNewKeyValue(meta.id, async () => undefined))) as CrmError;
    expect(third.code).toBe('conflict');
    expect(third.message).toMatch(/already copied/);
  });
});
