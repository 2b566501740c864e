// `crm profiles import-spec` run as a real process on a hostile document: the server URL it names
// comes from the document (a server variable's default), and the line it prints for a person to
// paste (`crm profiles edit NAME --url URL`) must give that URL back as one literal word in sh
// and in bash, with nothing run. Needs the built crm (out/cli).
import { spawnSync } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/index';
import { spawnCli } from './cli-harness';
import { spawnedRunner } from './sandbox-folder';
import { openSpecFolder } from './spec-folder';

/**
 * a host a URL parser accepts (lowercased, no spaces), holding second commands, brace expansions,
 * $(...) and backticks; the suggestion names the server by its origin
 */
const TENANT = 'x;{touch,p1};$({touch,p2});`{touch,p3}`;y';
/** the profile's name, which the person chose, is in the suggestion too */
const PROFILE = `o; touch p4 $(touch p5) \`touch p6\` it's "q"`;

const HOSTILE = {
  openapi: '3.0.3',
  info: { title: 'Hostile servers', version: '1' },
  servers: [{ url: 'https://{tenant}.chat.example/v1', variables: { tenant: { default: TENANT } } }],
  paths: {
    '/messages': {
      post: {
        summary: 'Send a text',
        requestBody: { content: { 'application/json': { example: { number: '5511999990000', text: 'hi' } } } },
      },
    },
  },
};

/** the line after `marker`, run by `shell -c` in `cwd` with `crm` printing its arguments one a line */
function paste(shell: string, output: string, marker: string, cwd: string): string[] {
  const at = output.indexOf(marker);
  expect(at, output).toBeGreaterThanOrEqual(0);
  const line = output.slice(at + marker.length).split('\n')[0]!;
  expect(line.startsWith('crm ')).toBe(true);
  // the exit status is not asserted: a pasted line that runs something shows in `cwd`
  const printed = spawnSync(shell, ['-c', `crm() { printf '%s\\n' "$@"; }; ${line}`], { cwd, encoding: 'utf8' }).stdout;
  return printed.replace(/\n$/, '').split('\n');
}

describe("import-spec: the document's server URL in the printed suggestion", () => {
  let env: Record<string, string>;
  let spec: string;
  beforeAll(async () => {
    const hostile = { name: 'hostile.json', text: JSON.stringify(HOSTILE) };
    ({ env, spec } = await openSpecFolder('spec-paste', { name: PROFILE, url: 'http://127.0.0.1:9' }, hostile, spawnedRunner));
  });

  it('comes back as one literal word in sh and bash, and nothing is run', async () => {
    const run = await spawnCli(['profiles', 'import-spec', spec, '--use', 'text=POST /messages', '--dry-run'], { env });
    expect(run.code, run.stderr).toBe(0);
    const url = `https://${TENANT.toLowerCase()}.chat.example`;
    for (const shell of ['sh', 'bash']) {
      const cwd = await tempDir(`crm-spec-paste-${shell}-`);
      expect(paste(shell, run.stdout, "To use the document's: ", cwd)).toEqual(['profiles', 'edit', PROFILE, '--url', url]);
      expect(await readdir(cwd)).toEqual([]);
    }
  });
});
