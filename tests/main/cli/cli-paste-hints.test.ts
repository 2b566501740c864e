// The command lines `crm` prints for a person to paste (hints) carry names and URLs that come
// from the person or from a pasted example: each value must come back, pasted into a shell,
// as exactly one word, with nothing run. Checked by pasting the printed hint into bash with
// printf in place of crm.
import { execFileSync } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pasteWord } from '../../../src-main/cli/paste-word';
import { KeytarSecretStore } from '../../../src-main/core/secrets/keytar-store';
import { keychainAvailable, tempDir, uniqueKeychainService } from '../helpers/index';
import { runInProcess } from './cli-harness';

/** the hint after `marker`, pasted into bash (in `cwd`) with `crm` printing its arguments one a line */
function paste(output: string, marker: string, cwd: string): string[] {
  const at = output.indexOf(marker);
  expect(at, output).toBeGreaterThanOrEqual(0);
  const line = output.slice(at + marker.length).split('\n')[0]!;
  expect(line.startsWith('crm ')).toBe(true);
  const printed = execFileSync('bash', ['-c', `crm() { printf '%s\\n' "$@"; }; ${line}`], { cwd, encoding: 'utf8' });
  return printed.replace(/\n$/, '').split('\n');
}

const NASTY = `o; touch p1 $(touch p2) \`touch p3\` it's "q"`;

describe('pasteWord', () => {
  it('gives back any value as one literal word', () => {
    for (const value of [NASTY, '', "'", "''", '$HOME', '!x', 'a\nb', 'api.acme.example;{touch,pwned}']) {
      const word = execFileSync('bash', ['-c', `printf '%s' ${pasteWord(value)}`], { encoding: 'utf8' });
      expect(word).toBe(value);
    }
  });
});

describe('hints that name a value', () => {
  let env: Record<string, string>;
  let cwd: string;
  beforeAll(async () => {
    env = { CRM_DATA_DIR: await tempDir('crm-paste-hints-'), CRM_KEYCHAIN_SERVICE: 'crm-console-test-paste-hints-unused' };
    cwd = await tempDir('crm-paste-cwd-');
  });

  it('profiles add: "Save a key for it" names the profile as one word', async () => {
    const run = await runInProcess(['profiles', 'add', '--name', NASTY, '--url', 'http://127.0.0.1:9'], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(paste(run.stdout, 'Save a key for it: ', cwd)).toEqual(['keys', 'add', '--name', 'NAME', '--profile', NASTY]);
    expect(await readdir(cwd)).toEqual([]);
  });

  it("import-curl: the example's URL and the profile name come back exact", async () => {
    const host = 'api.acme.example;{touch,pwned}$(touch,x)';
    const curl =
      `curl -X POST 'https://${host}/api/v1/messages/text' -H 'Authorization: Bearer KEY' -H ` +
      `'Content-Type: application/json' --data '{"number":"5511999990000","text":"hi"}'`;
    const run = await runInProcess(['profiles', 'import-curl', '--profile', NASTY, '--operation', 'text', '--dry-run'], {
      env,
      input: curl,
    });
    expect(run.code, run.stderr).toBe(0);
    const args = paste(run.stdout, "To use the example's: ", cwd);
    expect(args).toEqual(['profiles', 'edit', NASTY, '--url', `https://${host}`]);
    expect(await readdir(cwd)).toEqual([]);
  });
});

const available = await keychainAvailable();
const service = uniqueKeychainService('paste-hints');

describe.skipIf(!available)('hints about saved keys (OS keychain)', () => {
  let env: Record<string, string>;
  let cwd: string;
  const crm = (argv: string[], input?: string) => runInProcess(argv, { env, ...(input === undefined ? {} : { input }) });
  beforeAll(async () => {
    env = { CRM_DATA_DIR: await tempDir('crm-paste-keys-'), CRM_KEYCHAIN_SERVICE: service };
    cwd = await tempDir('crm-paste-keys-cwd-');
    expect((await crm(['profiles', 'add', '--name', NASTY, '--url', 'http://127.0.0.1:9', '--use'])).code).toBe(0);
  });
  afterAll(async () => {
    const store = new KeytarSecretStore({ service });
    const listed = JSON.parse((await crm(['keys', 'list', '--json'])).stdout) as { keys: { id: string }[] };
    for (const key of listed.keys) await store.delete(`key:${key.id}`).catch(() => false);
  });

  it('"Check it" after keys add, and "until approved" after a move held the keys back', async () => {
    const added = await crm(['keys', 'add', '--name', 'admin'], 'crm_sk_paste_hint_key_0001\n');
    expect(added.code, added.stderr).toBe(0);
    const id = (JSON.parse((await crm(['keys', 'list', '--json'])).stdout) as { keys: { id: string }[] }).keys[0]!.id;
    expect(paste(added.stdout, 'Check it: ', cwd)).toEqual(['keys', 'test', id]);
    const moved = await crm(['profiles', 'edit', NASTY, '--url', 'http://127.0.0.2:9']);
    expect(moved.code, moved.stderr).toBe(0);
    expect(paste(moved.stdout, 'until approved: ', cwd)).toEqual(['profiles', 'edit', NASTY, '--move-keys']);
    expect(await readdir(cwd)).toEqual([]);
  });
});
