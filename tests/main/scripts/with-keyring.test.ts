// tests/harness/with-keyring.sh off Linux (macOS, Windows' Git Bash), tried here by a `uname`
// that says Darwin: the command runs with CRM_TEST_KEYRING=1 and a per-run test service, its
// exit status is kept, and the run's entries are cleaned up after it.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const fakeBin = mkdtempSync(join(tmpdir(), 'crm-fake-uname-'));
writeFileSync(join(fakeBin, 'uname'), '#!/bin/sh\necho Darwin\n');
chmodSync(join(fakeBin, 'uname'), 0o755);
afterAll(() => rmSync(fakeBin, { recursive: true, force: true }));

function runOffLinux(script: string, env: Record<string, string> = {}) {
  const { CRM_KEYCHAIN_SERVICE: _ignored, ...rest } = process.env;
  return spawnSync('bash', ['tests/harness/with-keyring.sh', 'sh', '-c', script], {
    env: { ...rest, PATH: `${fakeBin}${delimiter}${process.env.PATH}`, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe.skipIf(process.platform === 'win32')('with-keyring.sh off Linux', () => {
  it('runs the command with a per-run test service and keeps its exit status', () => {
    const run = runOffLinux('echo "$CRM_TEST_KEYRING $CRM_KEYCHAIN_SERVICE"; exit 3');
    expect(run.status).toBe(3);
    expect(run.stdout).toMatch(/^1 crm-console-test-run-\d+-\d+$/m);
    expect(run.stdout).toMatch(/keychain-cleanup: deleted 0 entries under crm-console-test-run-\d+-\d+\*/);
  });

  it("keeps CI's service name and exits 0 when the command and the clean-up succeed", () => {
    const run = runOffLinux('echo "service=$CRM_KEYCHAIN_SERVICE"', { CRM_KEYCHAIN_SERVICE: 'crm-console-ci-77-1-macOS' });
    expect(run.stdout).toContain('service=crm-console-ci-77-1-macOS');
    expect(run.status).toBe(0);
  });

  it("refuses, before running anything, a service name that could be the person's own", () => {
    const run = runOffLinux('echo ran', { CRM_KEYCHAIN_SERVICE: 'crm-console' });
    expect(run.stderr).toContain('with-keyring: refusing CRM_KEYCHAIN_SERVICE="crm-console"');
    expect(run.stdout).not.toContain('ran');
    expect(run.status).toBe(1);
  });
});
