// The key test on a service taught only its sends (the sandbox's twilio dialect: no contacts
// listing, no Check key request): it asks nothing rather than a contacts route the app guessed,
// says so plainly with the account request worth learning, and once that request is learned as
// the profile's Check key request, the key test uses it. Real sandbox over loopback, real keychain.
import { describe, expect, it } from 'vitest';
import type { CrmError } from '../../../../src-main/core/errors';
import { accountPathOf } from '../../../../src-main/core/keys/key-check-hint';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import type { TestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { caught } from '../../helpers/secret-scan';
import { taughtServiceAround } from '../../helpers/taught-service';

const hasKeychain = await keychainAvailable();

describe('the account request a send path names', () => {
  it('is the parent of the messages collection, keeping its extension', () => {
    expect(accountPathOf('/2010-04-01/Accounts/AC0a1b/Messages.json')).toBe('/2010-04-01/Accounts/AC0a1b.json');
    expect(accountPathOf('/v23.0/1029384756/messages')).toBe('/v23.0/1029384756');
  });

  it('is none when the path ends elsewhere or its parent holds the recipient', () => {
    expect(accountPathOf('/api/v1/sendMessage')).toBeNull();
    expect(accountPathOf('/messages')).toBeNull();
    expect(accountPathOf('/api/v1/{number}/messages')).toBeNull();
  });
});

describe.skipIf(!hasKeychain)('the key test on a service with no contacts listing and no Check key request', () => {
  let sandbox: RunningSandbox, t: TestCore, profileId: string;
  const seen: unknown[] = [];
  taughtServiceAround('twilio', { keyName: 'Auth token' }, seen, (s) => ({ sandbox, t, profileId } = s));

  it('asks nothing of a guessed contacts route and names the account request to learn, never the base URL', async () => {
    const [key] = await t.core.keys.list(profileId);
    const before = sandbox.requests().length;
    const err = (await caught(() => t.core.keys.checkKey(key!.id))) as CrmError;
    seen.push(err.message);
    expect(err.message).toMatch(/could not be checked: this service has no contacts listing/);
    expect(err.message).toMatch(/GET \/2010-04-01\/Accounts\/AC[0-9a-f]{32}\.json/);
    expect(err.message).not.toMatch(/base URL|404/);
    expect(sandbox.requests().length).toBe(before);
  });

  it('uses the account request once it is learned as the Check key request', async () => {
    const [key] = await t.core.keys.list(profileId);
    const err = (await caught(() => t.core.keys.checkKey(key!.id))) as CrmError;
    const path = /GET (\S+\.json)/.exec(err.message)![1]!;
    const accountSid = /Accounts\/(AC[0-9a-f]{32})/.exec(path)![1]!;
    const proposal = await t.core.api.propose(profileId, 'keys.check', `curl -u ${accountSid}:YOUR_API_KEY ${sandbox.baseUrl}${path}`);
    await t.core.api.save(profileId, 'keys.check', proposal.spec);
    const before = sandbox.requests().length;
    const result = await t.core.keys.checkKey(key!.id);
    seen.push(result);
    expect(result.outcome).toBe('valid');
    expect(result.message).toMatch(/Check key request/);
    expect(sandbox.requests()[before]).toMatchObject({ method: 'GET', path });
  });
});
