// npm run screenshots: the README's and docs' pictures, taken again from the built window over the real
// sandbox. The end-to-end specs that take them save every picture under test-results/screens/;
// this command runs those specs (screens.spec.ts, and the ones calling readmeScreenshot) and copies
// each picture whose name is already one of resources/screenshots/ over it. It is its own command
// because the pictures are tracked files, and `npm test` leaves the checkout as it found it.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const SCREENS = 'test-results/screens';
const TRACKED = 'resources/screenshots';

function run(cmd, args) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const specs = readdirSync('tests/e2e')
  .filter((f) => f.endsWith('.spec.ts'))
  .filter((f) => f === 'screens.spec.ts' || readFileSync(join('tests/e2e', f), 'utf8').includes('readmeScreenshot('))
  .map((f) => join('tests/e2e', f));

run('npm', ['run', 'build']);
run('bash', ['tests/harness/with-keyring.sh', 'npx', 'playwright', 'test', ...specs]);

let copied = 0;
for (const name of readdirSync(TRACKED)) {
  const fresh = join(SCREENS, name);
  if (!existsSync(fresh)) {
    console.log(`not taken by this run: ${name} (kept as it was)`);
    continue;
  }
  copyFileSync(fresh, join(TRACKED, name));
  copied += 1;
}
console.log(`${copied} of ${readdirSync(TRACKED).length} pictures in ${TRACKED} replaced; review them with git diff --stat ${TRACKED}`);
