// Runs first in `npm start` and `npm test` (package.json), so both work on a fresh clone:
//   0. a Node that package.json's engines accept, or one line saying which one is needed;
//   1. the system packages the command needs, checked; missing ones installed with apt-get when
//      this is root without a terminal (CI), or after an explicit yes at a terminal; otherwise
//      the one command that installs them is printed and the run stops;
//   2. node_modules installed with `npm ci` when it is missing or not what package-lock.json
//      asks for. The build tools of step 1 are checked only then: npm ci compiles keytar and
//      nothing else (libsql arrives prebuilt), which is why step 1 comes first.
// Silent when everything is in place. Usage: node scripts/bootstrap.mjs start|test
// Plain Node with no dependency: it runs before node_modules exists, and npm ci replaces
// node_modules while this runs, so nothing here may be loaded from there.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { declinedLines, isYes, neededPackages, nodeModulesPlan, systemPlan } from './bootstrap-plan.mjs';
import { ensureNodeModules, readNodeModulesFacts } from './node-modules.mjs';
import { enginesProblem } from './node-version.mjs';
import { aptInstall, ask, isPresent, systemFacts } from './system-packages.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const command = process.argv[2];
const label = command === 'start' || command === 'test' ? `npm ${command}` : 'bootstrap';

function stop(lines) {
  for (const line of lines) console.error(`${label}: ${line}`);
  process.exit(1);
}

if (command !== 'start' && command !== 'test') stop(['usage: node scripts/bootstrap.mjs start|test']);
// before anything is installed: npm only warns about engines, and an older Node fails later,
// deep in the build or the tests, with a message that does not say why
const nodeProblem = enginesProblem(process.version);
if (nodeProblem) stop([nodeProblem]);

const modules = nodeModulesPlan(readNodeModulesFacts(root));
const needed = neededPackages({ command, platform: process.platform, npmCi: 'run' in modules && modules.run, env: process.env });
const missingNow = () => needed.filter((p) => !isPresent(p.probe));
const facts = systemFacts();
const plan = systemPlan({ missing: missingNow(), ...facts });

let install = plan.action === 'install';
if (plan.action === 'stop') stop(plan.lines);
if (plan.action === 'ask') {
  for (const line of plan.lines) console.log(`${label}: ${line}`);
  if (!isYes(await ask(`${label}: ${plan.question}`))) stop(declinedLines(plan.names, facts.root));
  install = true;
}
if (install) {
  if (plan.action === 'install') console.log(`${label}: installing the missing system packages: ${plan.names.join(' ')}`);
  aptInstall(plan.names, facts.root);
  const still = missingNow();
  if (still.length > 0) stop([`still missing after apt-get: ${still.map((p) => p.name).join(' ')} (its output above says why).`]);
}

const installed = await ensureNodeModules(root, { say: (line) => console.log(`${label}: ${line}`) });
if (!installed.ok) process.exit(1);

// keytar is compiled during npm ci; it loads only where libsecret is installed and it was built
if (command === 'test' && spawnSync(process.execPath, ['-e', "require('keytar')"], { cwd: root }).status !== 0) {
  stop(['keytar (the keychain module) does not load: install libsecret-1-dev, then run npm rebuild keytar.']);
}
