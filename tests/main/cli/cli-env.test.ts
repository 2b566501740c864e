// runCli in-process in env-var mode (CRM_API_KEY), against the real sandbox, without the OS
// keychain: media and audio from files and URLs, --curl for a file, the profile's URL when
// CRM_BASE_URL is unset, and what env-var mode refuses.
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { closeSandboxes } from '../helpers/index';
import { runInProcess, stderrLines, transcript } from './cli-harness';
import { openEnvModeSandbox } from './sandbox-profile';

// a 1x1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
// the first bytes of an Ogg stream are enough for the sniffer and the sandbox
const OGG = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60, 1)]);

let sandbox: RunningSandbox;
let env: Record<string, string>;
let dir: string;
const number = '5511922221111';

function lastPost(path: string): { json: unknown; status: number } | undefined {
  return sandbox
    .requests()
    .filter((r) => r.method === 'POST' && r.path === path)
    .at(-1);
}

beforeAll(async () => {
  ({ sandbox, env, dir } = await openEnvModeSandbox('cli-env'));
  await writeFile(join(dir, 'dot.png'), PNG);
  await writeFile(join(dir, 'note.ogg'), OGG);
});

afterAll(closeSandboxes);

describe('env-var mode', () => {
  it('send media --file sends the image bytes', async () => {
    const run = await runInProcess(
      ['send', 'media', '--to', number, '--type', 'image', '--file', join(dir, 'dot.png'), '--caption', 'a dot', '--json'],
      { env },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'sent', message: { type: 'media', number } });
    const sent = lastPost('/api/v1/messages/media');
    expect(sent?.status).toBe(201);
    expect(sent?.json).toMatchObject({
      number,
      mediatype: 'image',
      mimetype: 'image/png',
      fileName: 'dot.png',
      caption: 'a dot',
      media: PNG.toString('base64'),
    });
  });

  it('send media --url with --file-name', async () => {
    const run = await runInProcess(
      [
        'send',
        'media',
        '--to',
        number,
        '--type',
        'document',
        '--url',
        'https://files.example.com/report.pdf',
        '--file-name',
        'Report.pdf',
        '--mimetype',
        'application/pdf',
      ],
      { env },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(lastPost('/api/v1/messages/media')?.json).toMatchObject({
      mediatype: 'document',
      media: 'https://files.example.com/report.pdf',
      fileName: 'Report.pdf',
    });
  });

  it('send audio --file sends a voice note', async () => {
    const run = await runInProcess(['send', 'audio', '--to', number, '--file', join(dir, 'note.ogg')], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Sent audio to 5511922221111: message m_/);
    expect(lastPost('/api/v1/messages/audio')?.json).toMatchObject({
      number,
      mimetype: 'audio/ogg',
      ptt: true,
      audio: OGG.toString('base64'),
    });
  });

  it('send media --curl for a file streams it with base64 instead of inlining it, and sends nothing', async () => {
    const before = sandbox.requests().length;
    const run = await runInProcess(['send', 'media', '--to', number, '--type', 'image', '--file', join(dir, 'dot.png'), '--curl'], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`base64 < '${join(dir, 'dot.png')}'`);
    expect(run.stdout).not.toContain(PNG.toString('base64'));
    expect(sandbox.requests().length).toBe(before);
  });

  it('an unreadable file is an operation error (exit 1), one line', async () => {
    const run = await runInProcess(['send', 'audio', '--to', number, '--file', join(dir, 'missing.ogg')], { env });
    expect(run.code).toBe(1);
    expect(stderrLines(run)).toHaveLength(1);
  });

  it('a bad number is refused by the core before anything is sent', async () => {
    const before = sandbox.requests().length;
    const run = await runInProcess(['send', 'text', '--to', '12', '--text', 'x'], { env });
    expect(run.code).toBe(1);
    expect(stderrLines(run)).toHaveLength(1);
    expect(sandbox.requests().length).toBe(before);
  });

  it('keys test checks CRM_API_KEY', async () => {
    const run = await runInProcess(['keys', 'test', '--json'], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ outcome: 'valid', key: { fingerprint: sandbox.adminKey.slice(-4) } });
  });

  it('--queue is refused: a queued message could not be sent later without a saved key', async () => {
    const run = await runInProcess(['send', 'text', '--to', number, '--text', 'x', '--queue'], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--queue needs a saved profile');
  });

  it('a malformed CRM_API_KEY is refused without being repeated', async () => {
    const bad = 'not a key value';
    const run = await runInProcess(['contacts'], { env: { ...env, CRM_API_KEY: bad } });
    expect(run.code).toBe(1);
    expect(stderrLines(run)).toHaveLength(1);
    expect(run.stderr).not.toContain(bad);
  });

  it('without CRM_BASE_URL the profile gives the URL (the profile is read, not written)', async () => {
    const plain = { CRM_DATA_DIR: env.CRM_DATA_DIR!, CRM_KEYCHAIN_SERVICE: 'crm-cli-env-unused' };
    const noProfile = await runInProcess(['contacts'], { env: { ...plain, CRM_API_KEY: sandbox.adminKey } });
    expect(noProfile.code).toBe(1);
    expect(noProfile.stderr).toContain('No profile yet');

    expect((await runInProcess(['profiles', 'add', '--name', 'box', '--url', sandbox.baseUrl], { env: plain })).code).toBe(0);
    // SQLite's own working files (-wal, -shm) may appear when the database is read: they hold no state
    const stateFiles = async (): Promise<string[]> =>
      (await readdir(plain.CRM_DATA_DIR)).filter((name) => !/-(wal|shm)$/.test(name)).sort();
    const filesBefore = await stateFiles();
    const run = await runInProcess(['contacts', '--json', '--per-page', '1'], { env: { ...plain, CRM_API_KEY: sandbox.adminKey } });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ perPage: 1, total: 200 });
    expect(await stateFiles()).toEqual(filesBefore);
    const table = await runInProcess(['contacts', '--per-page', '2'], { env: { ...plain, CRM_API_KEY: sandbox.adminKey } });
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^NAME\s+NUMBER\s+EMAIL\s+TAGS\s+ID$/);
    expect(table.stdout.trimEnd().split('\n').at(-1)).toBe('page 1 of 100 (200 contacts)');
    // --curl needs the profile's URL but no key at all
    const curl = await runInProcess(['send', 'text', '--to', number, '--text', 'hi', '--curl'], { env: plain });
    expect(curl.code, curl.stderr).toBe(0);
    expect(curl.stdout).toContain(`curl '${sandbox.baseUrl}/api/v1/messages/text'`);
    // and no key metadata was saved for the profile
    const keys = await runInProcess(['keys', 'list', '--json'], { env: plain });
    expect(JSON.parse(keys.stdout)).toMatchObject({ keys: [] });
  });

  it('the key appears in no output', () => {
    const all = transcript.map((r) => r.stdout + r.stderr).join('\n');
    expect(all).not.toContain(sandbox.adminKey);
  });
});
