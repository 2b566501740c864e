// `crm messages` in-process against the real sandbox and the REAL OS keychain: the service's
// listing after `crm send`, the outbox's delivery after `crm sync`, this app's record when the
// service has no listing (404), paging, and its mistakes. No key value in any output.
import { describe, expect, it } from 'vitest';
import type { MessageHistoryPage } from '../../../src-main/shared/message-history';
import { stderrLines } from './cli-harness';
import { sandboxFolderForSuite } from './sandbox-folder';
import { fileKeychain } from '../helpers/keychain';

const { available, service, store } = await fileKeychain('cli-messages');
const NO_LISTING = { method: 'GET', pathPrefix: '/api/v1/messages' };

describe.skipIf(!available)('crm messages', () => {
  const number = '5511933334444';
  const folder = sandboxFolderForSuite({
    label: 'cli-messages',
    keychain: { service, store },
    profile: { name: 'local' },
    keyName: 'admin',
    accountsOf: (id) => [`key:${id}`, `revoking:${id}`],
  });
  const { crm } = folder;

  async function messages(...argv: string[]): Promise<MessageHistoryPage> {
    const run = await crm(['messages', ...argv, '--json']);
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as MessageHistoryPage;
  }

  it('after crm send, lists the message from the service as sent now (table and --json)', async () => {
    const sent = await crm(['send', 'text', '--to', '+55 11 93333-4444', '--text', 'hello from the terminal']);
    expect(sent.code, sent.stderr).toBe(0);
    const page = await messages('--to', '+55 (11) 93333-4444');
    expect(page).toMatchObject({ source: 'service', number, fallbackReason: null, total: 1, page: 1 });
    expect(page.items.map((m) => [m.kind, m.text, m.origin])).toEqual([['text', 'hello from the terminal', 'sent']]);

    const table = await crm(['messages', '--to', number]);
    expect(table.code, table.stderr).toBe(0);
    const [header, row, footer, from] = table.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^WHEN\s+TO\s+TYPE\s+ORIGIN\s+STATUS\s+TEXT\s+ID$/);
    expect(row).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}\s+5511933334444\s+Text\s+sent now\s+queued\s+hello from the terminal\s+m_/);
    expect(footer).toBe('page 1 of 1 (1 message to 5511933334444)');
    expect(from).toBe('From the service.');
  });

  it('a message queued while the service was down is listed as from the outbox once crm sync delivered it', async () => {
    await folder.sandbox.suspend();
    try {
      const queued = await crm(['send', 'text', '--to', number, '--text', 'sent by the outbox', '--queue', '--json']);
      expect(queued.code, queued.stderr).toBe(0);
      expect(JSON.parse(queued.stdout)).toMatchObject({ status: 'queued' });
    } finally {
      await folder.sandbox.resume();
    }
    const synced = await crm(['sync']);
    expect(synced.code, synced.stderr).toBe(0);
    const page = await messages('--to', number);
    expect(page.items.map((m) => [m.text, m.origin])).toEqual([
      ['sent by the outbox', 'outbox'],
      ['hello from the terminal', 'sent'],
    ]);
  });

  it('without a service listing (404) it lists the app record and says so', async () => {
    folder.sandbox.injectFaults([{ kind: 'status', status: 404 }], NO_LISTING);
    const page = await messages('--to', number);
    expect(page).toMatchObject({ source: 'record', total: 2 });
    expect(page.items.map((m) => [m.text, m.origin, m.source])).toEqual([
      ['sent by the outbox', 'outbox', 'record'],
      ['hello from the terminal', 'sent', 'record'],
    ]);
    folder.sandbox.injectFaults([{ kind: 'status', status: 404 }], NO_LISTING);
    const table = await crm(['messages', '--to', number, '--per-page', '1', '--page', '2']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain('hello from the terminal');
    expect(table.stdout).not.toContain('sent by the outbox');
    expect(table.stdout).toContain(
      "The service has no message listing (GET /api/v1/messages answered HTTP 404); this is the app's own record of what it sent.",
    );
  });

  it('an empty page says so; a later page is offered while more follow', async () => {
    const empty = await crm(['messages', '--to', '5511900001111']);
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stdout).toContain('No messages to 5511900001111.');
    const first = await crm(['messages', '--to', number, '--per-page', '1']);
    expect(first.stdout).toContain('more with --page 2');
  });

  it('mistakes: a bad --page is a usage error (2); a bad number is refused (1) without asking the service', async () => {
    const page = await crm(['messages', '--page', 'zero']);
    expect(page.code).toBe(2);
    expect(stderrLines(page).at(-1)).toBe('crm: --page must be a whole number of at least 1 (see crm messages --help)');
    const before = folder.sandbox.requests().length;
    const bad = await crm(['messages', '--to', '12ab', '--json']);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout)).toMatchObject({
      error: { code: 'validation', details: [expect.objectContaining({ field: 'number' })] },
    });
    expect(folder.sandbox.requests().length).toBe(before);
  });
});
