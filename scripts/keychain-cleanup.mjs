// Deletes every keychain entry the tests made under one run's service prefix
// (tests/harness/with-keyring.sh sets CRM_KEYCHAIN_SERVICE to it). On macOS and Windows the tests
// use the OS's own keychain, the one a person's real keys live in, so the prefix is refused unless
// it is a test or CI name: the app's own service, "crm-console", can never match.
//   node scripts/keychain-cleanup.mjs <prefix>
// Which entries exist is read from the OS (security dump-keychain on macOS, cmdkey /list on
// Windows: keytar can only list one exact service); each is deleted through keytar, as the app
// stores them. On Linux the tests' keyring is a private one deleted with its folder.
// Exit 1 when an entry could not be deleted.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** only names the test harness and CI make: crm-console-test-… / crm-console-ci-… */
export function prefixProblem(prefix) {
  if (!/^crm-console-(test|ci)-[A-Za-z0-9._-]+$/.test(prefix ?? '')) {
    return `refusing "${prefix ?? ''}": the prefix must look like crm-console-test-<run> or crm-console-ci-<run>, so no real entry can match`;
  }
  return null;
}

/**
 * The generic passwords of `security dump-keychain` (attributes only, no secrets) whose service
 * starts with `prefix`.
 * @returns {{ service: string, account: string }[]}
 */
export function macEntries(dump, prefix) {
  const entries = [];
  for (const block of dump.split(/^keychain: /m)) {
    if (!/^class: "genp"/m.test(block)) continue;
    const service = /"svce"<blob>="((?:[^"\\]|\\.)*)"/.exec(block)?.[1];
    const account = /"acct"<blob>="((?:[^"\\]|\\.)*)"/.exec(block)?.[1];
    if (service?.startsWith(prefix) && account !== undefined) entries.push({ service, account });
  }
  return entries;
}

/**
 * The credentials of `cmdkey /list` whose target starts with `prefix`. keytar stores a Windows
 * credential as a generic one whose target is "<service>/<account>"; service names here hold no "/".
 */
export function windowsEntries(list, prefix) {
  const entries = [];
  for (const line of list.split(/\r?\n/)) {
    const target = /^\s*Target:\s*(?:LegacyGeneric:target=)?(.+?)\s*$/.exec(line)?.[1];
    if (!target?.startsWith(prefix)) continue;
    const slash = target.indexOf('/');
    if (slash > 0) entries.push({ service: target.slice(0, slash), account: target.slice(slash + 1) });
  }
  return entries;
}

function listEntries(prefix) {
  if (process.platform === 'darwin') {
    const r = spawnSync('security', ['dump-keychain'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    return macEntries(r.stdout ?? '', prefix);
  }
  if (process.platform === 'win32') {
    const r = spawnSync('cmdkey', ['/list'], { encoding: 'utf8' });
    return windowsEntries(r.stdout ?? '', prefix);
  }
  return [];
}

/** how long one keytar call may take before it counts as refused (a keychain prompt nobody answers) */
const DELETE_TIMEOUT_MS = 10_000;

/**
 * Through keytar first, as the app stores entries. An entry another program made (the packaged
 * app's own) may make macOS ask whether node may use it, which nobody answers on a runner: after
 * a timeout, `security delete-generic-password` deletes it by service and account instead.
 */
async function deleteEntry(keytar, service, account) {
  const timeout = new Promise((done) => setTimeout(() => done(false), DELETE_TIMEOUT_MS).unref());
  const deleted = await Promise.race([keytar.deletePassword(service, account).catch(() => false), timeout]);
  if (deleted || process.platform !== 'darwin') return deleted;
  return (
    spawnSync('security', ['delete-generic-password', '-s', service, '-a', account], { stdio: 'ignore', timeout: DELETE_TIMEOUT_MS })
      .status === 0
  );
}

async function main(prefix) {
  const problem = prefixProblem(prefix);
  if (problem) {
    console.error(`keychain-cleanup: ${problem}`);
    return 1;
  }
  const keytar = createRequire(import.meta.url)('keytar');
  // macOS and Windows list every prefixed service, the exact one included (a process given
  // CRM_KEYCHAIN_SERVICE stores under that very name); elsewhere keytar finds that one only
  const found = ['darwin', 'win32'].includes(process.platform)
    ? listEntries(prefix)
    : (await keytar.findCredentials(prefix).catch(() => [])).map(({ account }) => ({ service: prefix, account }));
  const unique = [...new Map(found.map((e) => [`${e.service}\n${e.account}`, e])).values()];
  let failed = 0;
  for (const { service, account } of unique) {
    if (!(await deleteEntry(keytar, service, account))) failed++;
  }
  const left = listEntries(prefix);
  const where =
    { darwin: 'the login keychain', win32: 'Windows Credential Manager' }[process.platform] ??
    'the keyring (Linux tests use a private one, gone with its folder)';
  console.log(
    `keychain-cleanup: deleted ${unique.length - failed} entr${unique.length - failed === 1 ? 'y' : 'ies'} under ${prefix}* from ${where}`,
  );
  if (failed > 0 || left.length > 0) {
    console.error(
      `keychain-cleanup: ${failed} could not be deleted; still there: ${left.map((e) => `${e.service}/${e.account}`).join(', ') || 'none listed'}`,
    );
    return 1;
  }
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) process.exit(await main(process.argv[2]));
