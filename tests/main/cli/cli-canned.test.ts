// crm canned list|add|remove, each a real crm process on one data folder: a shared canned
// response stored by one process is listed by another and seen by the window's core; personal
// ones belong to one OS user (two users on one folder, through the core); every bad input is
// refused with its reason and nothing is stored.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CannedResponses } from '../../../src-main/core/canned/canned-responses';
import { createCore, type Core } from '../../../src-main/core/create-core';
import { openDatabase } from '../../../src-main/core/store/database';
import { CannedTable } from '../../../src-main/core/store/tables/canned-table';
import { keychainAvailable, tempDir, uniqueKeychainService } from '../helpers/index';
import { runInProcess, spawnCli } from './cli-harness';

const available = await keychainAvailable();

describe.skipIf(!available)('crm canned', () => {
  let env: Record<string, string>;
  let window: Core;

  beforeAll(async () => {
    env = { CRM_DATA_DIR: await tempDir('crm-cli-canned-'), CRM_KEYCHAIN_SERVICE: uniqueKeychainService('cli-canned') };
  });
  afterAll(async () => {
    await window?.close();
  });

  it('one process stores a shared canned response, another lists it, and the window sees it', async () => {
    const added = await spawnCli(
      ['canned', 'add', '--name', 'order-status', '--text', 'Hi {{contact.name}}, order {{order}} ships today.', '--shared'],
      { env, timeoutMs: 30_000 },
    );
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout.trim()).toBe('Stored shared canned response order-status: type /order-status in a reply.');
    const personal = await spawnCli(['canned', 'add', '--name', 'thanks', '--text', 'Thank you!'], { env, timeoutMs: 30_000 });
    expect(personal.code, personal.stderr).toBe(0);

    const listed = await spawnCli(['canned', 'list', '--json'], { env, timeoutMs: 30_000 });
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([
      { name: 'order-status', text: 'Hi {{contact.name}}, order {{order}} ships today.', scope: 'shared', media: null },
      { name: 'thanks', text: 'Thank you!', scope: 'personal', media: null },
    ]);
    const plain = await runInProcess(['canned', 'list'], { env });
    expect(plain.stdout.split('\n').slice(0, 2)).toEqual([
      'NAME          SCOPE     FILE  TEXT',
      'order-status  shared    -     Hi {{contact.name}}, order {{order}} ships today.',
    ]);

    window = await createCore({ dataDir: env.CRM_DATA_DIR!, keychainService: env.CRM_KEYCHAIN_SERVICE, outbox: false });
    expect(window.canned.list().map((c) => c.name)).toEqual(['order-status', 'thanks']);
  });

  it.each([
    [
      'a name taken (case aside)',
      ['add', '--name', 'Order-Status', '--text', 'x'],
      'A canned response is already named order-status: remove it first or choose another name',
    ],
    ['an empty text', ['add', '--name', 'empty', '--text', ''], 'The text is empty'],
    [
      'a body with an unclosed {{',
      ['add', '--name', 'broken', '--text', 'Hi {{contact.name'],
      'The body has a "{{" without its "}}" (at character 4)',
    ],
    ['a name with a space', ['add', '--name', 'two words', '--text', 'x'], 'The name may hold only letters, digits, - and _'],
    ['no --text', ['add', '--name', 'x'], 'missing --text'],
    ['an unknown name to remove', ['remove', 'nothing-here'], 'No canned response is named nothing-here: crm canned list shows them'],
  ])('%s: a clear error and nothing stored', async (_name, args, message) => {
    const run = await runInProcess(['canned', ...args], { env });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(message);
    const listed = await runInProcess(['canned', 'list', '--json'], { env });
    expect((JSON.parse(listed.stdout) as { name: string }[]).map((c) => c.name)).toEqual(['order-status', 'thanks']);
  });

  it('--media keeps a file (a relative path made absolute) or an http(s) URL; list names the file, never its folder', async () => {
    const dir = await tempDir('crm-canned-media-');
    await writeFile(join(dir, 'price list.pdf'), '%PDF-1.4 price list');
    const file = await spawnCli(
      ['canned', 'add', '--name', 'prices', '--text', 'Our prices, {{contact.name}}', '--media', 'price list.pdf', '--json'],
      { env, cwd: dir, timeoutMs: 30_000 },
    );
    expect(file.code, file.stderr).toBe(0);
    expect(JSON.parse(file.stdout)).toEqual({
      name: 'prices',
      text: 'Our prices, {{contact.name}}',
      scope: 'personal',
      media: { kind: 'file', fileName: 'price list.pdf' },
    });
    const url = await runInProcess(
      ['canned', 'add', '--name', 'menu', '--text', 'Our menu', '--media', 'https://example.com/menu.jpg', '--shared'],
      { env },
    );
    expect(url.code, url.stderr).toBe(0);
    const listed = await runInProcess(['canned', 'list'], { env });
    expect(listed.stdout).toContain('https://example.com/menu.jpg');
    expect(listed.stdout).toContain('price list.pdf');
    expect(listed.stdout).not.toContain(dir);
    for (const name of ['prices', 'menu']) expect((await runInProcess(['canned', 'remove', name], { env })).code).toBe(0);
  });

  it.each([
    ['a file that is not there', 'missing.pdf', 'The file missing.pdf cannot be read here'],
    ['another scheme', 'ftp://example.com/menu.pdf', 'The file must be an http(s) URL or a file on this computer'],
    ['a folder', '.', 'is not a file'],
  ])('--media with %s: a clear error and nothing stored', async (_name, media, message) => {
    const run = await spawnCli(['canned', 'add', '--name', 'with-file', '--text', 'x', '--media', media], {
      env,
      cwd: await tempDir('crm-canned-cwd-'),
      timeoutMs: 30_000,
    });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(message);
    const listed = await runInProcess(['canned', 'list', '--json'], { env });
    expect((JSON.parse(listed.stdout) as { name: string }[]).map((c) => c.name)).not.toContain('with-file');
  });

  it('remove takes a canned response away for every process', async () => {
    const run = await spawnCli(['canned', 'remove', 'thanks'], { env, timeoutMs: 30_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe('Removed canned response thanks.');
    expect(window.canned.list().map((c) => c.name)).toEqual(['order-status']);
  });
});

describe('personal canned responses belong to one OS user', () => {
  it('two users on one data folder (two connections, as two processes): each sees the shared ones and only their own', async () => {
    const dir = await tempDir('crm-canned-users-');
    const ana = new CannedResponses(new CannedTable(openDatabase(dir)), 'ana');
    const bruno = new CannedResponses(new CannedTable(openDatabase(dir)), 'bruno');
    await ana.add({ name: 'hello', text: 'Hello from Ana' });
    await bruno.add({ name: 'hello', text: 'Hello from Bruno' });
    await ana.add({ name: 'hours', text: 'We open at 9.', shared: true });
    expect(ana.list()).toEqual([
      { name: 'hello', text: 'Hello from Ana', scope: 'personal', media: null },
      { name: 'hours', text: 'We open at 9.', scope: 'shared', media: null },
    ]);
    expect(bruno.list().map((c) => [c.name, c.text])).toEqual([
      ['hello', 'Hello from Bruno'],
      ['hours', 'We open at 9.'],
    ]);
    // a shared name is taken for everyone; a personal one only for its owner
    await expect(bruno.add({ name: 'HOURS', text: 'x', shared: true })).rejects.toThrow('A canned response is already named hours');
    // removing a personal one leaves the other user's of the same name
    ana.remove('hello');
    expect(bruno.list().map((c) => c.name)).toEqual(['hello', 'hours']);
    expect(() => ana.remove('hello')).toThrow('No canned response is named hello');
  });
});
