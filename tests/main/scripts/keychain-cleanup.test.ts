// The clean-up after a test run in a real OS keychain: it finds the run's entries in what macOS
// and Windows list, and refuses any prefix that could reach a person's own entries.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { macEntries, prefixProblem, windowsEntries } from '../../../scripts/keychain-cleanup.mjs';

const PREFIX = 'crm-console-ci-123-1-macOS';

describe('prefixProblem', () => {
  it('accepts only test and CI prefixes', () => {
    expect(prefixProblem(PREFIX)).toBeNull();
    expect(prefixProblem('crm-console-test-run-4242-17')).toBeNull();
    for (const bad of [
      undefined,
      '',
      'crm-console',
      'crm-console-',
      'crm',
      'crm-console-test-',
      'crm-console-ci-a b',
      'other-app-test-1',
    ]) {
      expect(prefixProblem(bad)).toMatch(/^refusing/);
    }
  });

  it('the script stops before touching the keychain when refused', () => {
    const run = spawnSync(process.execPath, ['scripts/keychain-cleanup.mjs', 'crm-console'], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('keychain-cleanup: refusing "crm-console"');
  });
});

describe('macEntries', () => {
  const item = (service: string, account: string, cls = 'genp') =>
    [
      'keychain: "/Users/runner/Library/Keychains/login.keychain-db"',
      'version: 512',
      `class: "${cls}"`,
      'attributes:',
      `    0x00000007 <blob>="${service}"`,
      '    0x00000008 <blob>=<NULL>',
      `    "acct"<blob>="${account}"`,
      '    "cdat"<timedate>=0x32303236303131353130303030305A00  "20260115100000Z\\000"',
      `    "svce"<blob>="${service}"`,
      '',
    ].join('\n');

  it('lists the generic passwords under the prefix, the exact service included', () => {
    const dump = [
      item(`${PREFIX}-keys-77-a1b2`, 'key-1'),
      item('crm-console', 'key-1'),
      item(PREFIX, 'sandbox-admin'),
      item(`${PREFIX}-x`, 'not-a-password', 'inet'),
    ].join('');
    expect(macEntries(dump, PREFIX)).toEqual([
      { service: `${PREFIX}-keys-77-a1b2`, account: 'key-1' },
      { service: PREFIX, account: 'sandbox-admin' },
    ]);
  });
});

describe('windowsEntries', () => {
  it("splits keytar's <service>/<account> targets under the prefix", () => {
    const list = [
      '',
      'Currently stored credentials:',
      '',
      `    Target: LegacyGeneric:target=${PREFIX}-probe-900-ff00/probe`,
      '    Type: Generic ',
      '    User: probe',
      '    Local machine persistence',
      '    ',
      '    Target: LegacyGeneric:target=crm-console/key-1',
      '    Type: Generic ',
      `    Target: LegacyGeneric:target=${PREFIX}/webhook:p1/secret`,
      '    Target: WindowsLive:target=virtualapp/didlogical',
    ].join('\r\n');
    expect(windowsEntries(list, PREFIX)).toEqual([
      { service: `${PREFIX}-probe-900-ff00`, account: 'probe' },
      { service: PREFIX, account: 'webhook:p1/secret' },
    ]);
  });
});
