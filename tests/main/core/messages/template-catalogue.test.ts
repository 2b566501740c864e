// The template form's list, read from the service: the sandbox's default route, Meta's
// message_templates once its cURL is learned, and a typed fallback (with the reason) where the
// service lists none. Real sandbox, real keychain.
import { afterAll, describe, expect, it } from 'vitest';
import { BUSINESS_ACCOUNT_ID, META_VERSION } from '../../../../src-main/sandbox/dialects/meta-phone';
import { keychainAvailable } from '../../helpers/keychain';
import { closeTaughtService, openTaughtService } from '../../helpers/taught-service';
import { closeSandboxes, openSandbox } from '../../helpers/sandbox';
import { addSandboxProfile, withTestCore } from '../../helpers/core';

const hasKeychain = await keychainAvailable();
afterAll(closeSandboxes);

describe.skipIf(!hasKeychain)('the approved templates of a service', () => {
  it("the app's own route lists each template in each approved language, with its parameters", async () => {
    const sandbox = await openSandbox({ contacts: 5 });
    await withTestCore('templates-default', async ({ core }) => {
      const { profileId } = await addSandboxProfile(core, sandbox, 'S', 'admin');
      const list = await core.templates.list({ profileId });
      expect(list.source).toBe('service');
      expect(list.templates.map((t) => `${t.name} ${t.language} ${t.params}`)).toEqual([
        'hello_world en_US 0',
        'order_update en_US 1',
        'order_update pt_BR 1',
      ]);
    });
  });

  it('a Meta-shaped service lists none at the guessed route: typed, with the reason; once its template-list cURL is learned, listed', async () => {
    const service = await openTaughtService('meta', { keyName: 'Access token' });
    const seen: unknown[] = [];
    try {
      const { t, profileId, sandbox } = service;
      const guessed = await t.core.templates.list({ profileId });
      seen.push(guessed);
      expect(guessed).toMatchObject({ source: 'typed', templates: [] });
      expect(guessed.reason).toMatch(/lists no templates at \/api\/v1\/templates \(HTTP 40[04]\)/);

      const curl =
        `curl -X GET ` +
        `'${sandbox.baseUrl}/${META_VERSION}/${BUSINESS_ACCOUNT_ID}/message_templates?fields=name,language,status,components' ` +
        `-H 'Authorization: Bearer EAAG_YOUR_ACCESS_TOKEN'`;
      const proposal = await t.core.api.propose(profileId, 'templates.list', curl);
      await t.core.api.save(profileId, 'templates.list', proposal.spec);
      const learned = await t.core.templates.list({ profileId });
      seen.push(learned);
      expect(learned.source).toBe('service');
      expect(learned.templates).toContainEqual({
        name: 'order_update',
        language: 'pt_BR',
        params: 1,
        body: 'Your order {{1}} has an update.',
      });
    } finally {
      await closeTaughtService(service, seen);
    }
  });

  it('a service marked as not listing templates is not asked', async () => {
    const sandbox = await openSandbox({ contacts: 5 });
    await withTestCore('templates-absent', async ({ core }) => {
      const { profileId } = await addSandboxProfile(core, sandbox, 'S', 'admin');
      await core.api.markAbsent(profileId, 'templates.list', true);
      const before = sandbox.requests().length;
      const list = await core.templates.list({ profileId });
      expect(list).toMatchObject({ source: 'typed', templates: [] });
      expect(sandbox.requests()).toHaveLength(before);
    });
  });
});
