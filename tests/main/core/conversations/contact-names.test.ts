// Names in a conversation when the service's events carry none (the default API's do not): the
// contacts list's name for the number, asked once per number and profile, not per message.
// The unit half runs anywhere; the sandbox half inside the keyring harness (npm test).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactNames, FAILED_LOOKUP_TTL_MS, NAME_TTL_MS, nameAmong } from '../../../../src-main/core/conversations/contact-names';
import { addProfileWithKey, openTestCore, type TestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { closeSandboxes, openSandbox, requestCount } from '../../helpers/sandbox';

describe('ContactNames', () => {
  it('asks once per number and profile, and again after the time a name is trusted', async () => {
    let clock = 0;
    const asked: string[] = [];
    const names = new ContactNames(
      async (profileId, number) => {
        asked.push(`${profileId}/${number}`);
        return number === '5511999990001' ? 'Ana' : null;
      },
      () => clock,
    );
    expect(await names.nameOf('p1', '5511999990001')).toBe('Ana');
    expect(await names.nameOf('p1', '5511999990001')).toBe('Ana');
    // a number in no contact is remembered too: most numbers that write are not in the list
    expect(await names.nameOf('p1', '5511999990009')).toBeNull();
    expect(await names.nameOf('p1', '5511999990009')).toBeNull();
    // another profile is another service's list
    expect(await names.nameOf('p2', '5511999990001')).toBe('Ana');
    expect(asked).toEqual(['p1/5511999990001', 'p1/5511999990009', 'p2/5511999990001']);
    clock += NAME_TTL_MS + 1;
    await names.nameOf('p1', '5511999990001');
    expect(asked).toHaveLength(4);
    names.forget('p2');
    await names.nameOf('p2', '5511999990001');
    expect(asked).toHaveLength(5);
  });

  it('a failed lookup (offline, no key) gives no name and is not repeated at every event, only after a while', async () => {
    let clock = 0;
    let calls = 0;
    const names = new ContactNames(
      async () => {
        calls += 1;
        throw new Error('offline');
      },
      () => clock,
    );
    expect(await names.nameOf('p1', '5511999990001')).toBeNull();
    expect(await names.nameOf('p1', '5511999990001')).toBeNull();
    expect(calls).toBe(1);
    clock += FAILED_LOOKUP_TTL_MS + 1;
    await names.nameOf('p1', '5511999990001');
    expect(calls).toBe(2);
  });

  it('nameAmong takes only the contact with exactly that number, and not a row named by its own number', () => {
    const rows = [
      { name: 'Longer Number', number: '+55 11 99999-00011' },
      { name: '+5511999990001', number: '5511999990001' },
      { name: 'Ana Souza', number: '+55 (11) 99999-0002' },
    ];
    expect(nameAmong(rows, '5511999990001')).toBeNull();
    expect(nameAmong(rows, '5511999990002')).toBe('Ana Souza');
    expect(nameAmong([], '5511999990002')).toBeNull();
  });
});

const available = await keychainAvailable();
let t: TestCore | null = null;
afterEach(async () => {
  await t?.cleanup();
  t = null;
  await closeSandboxes();
});

/** a core on a sandbox of 5 contacts, with the first listed contact and its number's digits */
async function shopWithContacts(label: string) {
  const sandbox = await openSandbox({ contacts: 5 });
  t = await openTestCore(label);
  const core = t.core;
  const { profileId } = await addProfileWithKey(core, { name: 'Shop', baseUrl: sandbox.baseUrl }, { name: 'ops', value: sandbox.adminKey });
  const contact = (await core.contacts.list({ profileId, page: 1, perPage: 1 })).items[0]!;
  return { sandbox, core, profileId, contact, number: contact.number.replace(/\D/g, '') };
}

describe.skipIf(!available)('a conversation named from the sandbox contacts', () => {
  it('an event without a name shows the listed contact name, with one contacts request for many events', async () => {
    const { sandbox, core, profileId, contact, number } = await shopWithContacts('contact-names');
    const before = requestCount(sandbox, '/api/v1/contacts');
    for (let i = 0; i < 3; i += 1) {
      core.conversations.receive(profileId, {
        event: 'message.received',
        data: { id: `in_named_${i}`, number, type: 'text', text: `hello ${i}`, at: new Date().toISOString() },
      });
      const thread = await core.conversations.thread({ profileId, number });
      expect(thread.name).toBe(contact.name);
    }
    expect(requestCount(sandbox, '/api/v1/contacts') - before).toBe(1);
    // a number in no contact stays a number (and the list was asked once for it too)
    core.conversations.receive(profileId, {
      event: 'message.received',
      data: { id: 'in_stranger', number: '5511900000000', type: 'text', text: 'hi', at: new Date().toISOString() },
    });
    expect((await core.conversations.thread({ profileId, number: '5511900000000' })).name).toBeNull();
    expect((await core.conversations.thread({ profileId, number: '5511900000000' })).name).toBeNull();
    expect(requestCount(sandbox, '/api/v1/contacts') - before).toBe(2);
  });

  it(
    'a slow contacts list (3 s) does not hold the conversation up: shown by number, then announced again with the name',
    { timeout: 20_000 },
    async () => {
      const { sandbox, core, profileId, contact, number } = await shopWithContacts('contact-names-slow');
      sandbox.injectFaults([{ kind: 'delay', ms: 3_000 }], { pathPrefix: '/api/v1/contacts' });
      core.conversations.receive(profileId, {
        event: 'message.received',
        data: { id: 'in_slow', number, type: 'text', text: 'hello', at: new Date().toISOString() },
      });
      const changes: (string | null)[] = [];
      const subscription = core.conversations.onDidChange((change) => changes.push(change.number));
      try {
        expect((await core.conversations.thread({ profileId, number })).name).toBeNull();
        await vi.waitFor(() => expect(changes).toContain(number), { timeout: 10_000, interval: 50 });
        expect((await core.conversations.thread({ profileId, number })).name).toBe(contact.name);
      } finally {
        subscription.dispose();
      }
    },
  );

  it('a name the event carries wins over the list', async () => {
    const { core, profileId, number } = await shopWithContacts('contact-names-event');
    core.conversations.receive(profileId, {
      contacts: [{ profile: { name: 'Name From WhatsApp' }, wa_id: number }],
      messages: [{ from: number, id: 'wamid.named', timestamp: '1700000000', type: 'text', text: { body: 'oi' } }],
    });
    expect((await core.conversations.thread({ profileId, number })).name).toBe('Name From WhatsApp');
  });
});
