// The command lines `crm` prints for a person to paste (hints) carry names and URLs that come
// from the person or from a pasted example: each value must come back, pasted into a shell,
// as exactly one word, with nothing run. Checked by pasting the printed hint into bash with
// printf in place of crm.
import { execFileSync } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { pasteWord } from '../../../src-main/cli/paste-word';
import { tempDir } from '../helpers/index';
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
    const curl = `curl -X POST 'https://${host}/api/v1/messages/text' -H 'Authorization: Bearer KEY' -H 'Content-Type: application/json' --data '{"number":"5511999990000","text":"hi"}'`;
    const run = await runInProcess(['profiles', 'import-curl', '--profile', NASTY, '--operation', 'text', '--dry-run'], { env, input: curl });
    expect(run.code, run.stderr).toBe(0);
    const args = paste(run.stdout, "To use the example's: ", cwd);
    expect(args).toEqual(['profiles', 'edit', NASTY, '--url', `https://${host}`]);
    expect(await readdir(cwd)).toEqual([]);
  });
});
