// Operations a service does not offer: recorded as absent (never guessed from docs/API.md), never
// asked for, and the contacts screen lists the numbers already messaged instead of a "404: check
// the base URL". A service described by its own cURLs whose contacts path answers 404 gets the
// same list with the reason. Real sandbox, real keychain, real data folder.
import { describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import type { TestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { teachPlayground } from '../../helpers/playground';
import { requestCount } from '../../helpers/sandbox';
import { findSecrets } from '../../helpers/secret-scan';
import { sendText } from '../../helpers/send-operations';
import { taughtServiceAround } from '../../helpers/taught-service';

const hasKeychain = await keychainAvailable();

describe.skipIf(!hasKeychain)('operations a service does not offer', () => {
  let sandbox: RunningSandbox;
  let t: TestCore;
  let profileId: string;

  taughtServiceAround('desk', { keyName: 'Admin' }, [], (s) => ({ sandbox, t, profileId } = s));

  it('a contacts listing marked absent is never asked for; the numbers already messaged are listed, searchable, with the reason', async () => {
    await sendText(t.core.messages, { number: '+55 11 99999-1234', text: 'first' }, { profileId });
    await sendText(t.core.messages, { number: '+55 11 98888-0001', text: 'second' }, { profileId });
    await sendText(t.core.messages, { number: '+55 11 99999-1234', text: 'again' }, { profileId });
    await t.core.api.markAbsent(profileId, 'contacts.list', true);
    const described = await t.core.api.describe(profileId);
    expect(described.operations.find((o) => o.operation === 'contacts.list')).toMatchObject({ absent: true, custom: false });

    const before = requestCount(sandbox);
    const page = await t.core.contacts.list({ profileId, page: 1, perPage: 50 });
    expect(requestCount(sandbox)).toBe(before);
    expect(page.notice).toMatch(/This service has no contacts listing .*the numbers this app has messaged/);
    // newest first, one row per number
    expect(page.items.map((c) => c.number)).toEqual(['5511999991234', '5511988880001']);
    expect(page.total).toBe(2);
    const found = await t.core.contacts.list({ profileId, page: 1, perPage: 50, search: '98888' });
    expect(found.items.map((c) => c.number)).toEqual(['5511988880001']);

    // the key test does not ask a listing the service lacks either
    await expect(
      t.core.messages.prepare({ op: 'contacts.list', input: { perPage: 1 } }, profileId).then((p) => p.problems.map((x) => x.sentence)),
    ).resolves.toEqual([expect.stringMatching(/does not offer List contacts/)]);
    expect(findSecrets([page, found], [sandbox.adminKey])).toEqual([]);
  });

  it('saving a description of the operation, or saying it is offered, brings it back', async () => {
    await t.core.api.markAbsent(profileId, 'contacts.list', false);
    await teachPlayground(t.core, profileId, 'desk', sandbox.baseUrl);
    const page = await t.core.contacts.list({ profileId, page: 1, perPage: 5 });
    expect(page.notice).toBeUndefined();
    expect(page.items).toHaveLength(5);
    const profile = await t.core.profiles.get(profileId);
    expect(profile.api?.absent).toBeUndefined();
  });

  it(
    "API.md's contacts path guessed for a service described by its own cURLs: a 404 lists the numbers " +
      'messaged and says why, not "check the base URL"',
    async () => {
      await t.core.api.reset(profileId, 'contacts.list');
      // the desk service keeps /api/v1/contacts; ask a path it does not have, as Twilio's would be
      await t.core.profiles.update(profileId, { endpointOverrides: { 'contacts.list': '/api/v1/people' } });
      const page = await t.core.contacts.list({ profileId, page: 1, perPage: 50 });
      expect(page.notice).toMatch(
        /no contacts listing at \/api\/v1\/people \(HTTP 404\); import its contacts cURL, or mark it as not offered/,
      );
      expect(page.items.length).toBeGreaterThan(0);
    },
  );
});
