// What `npm run dist` hands electron-builder (scripts/dist-plan.mjs, scripts/node-version.mjs,
// scripts/mac-after-sign.mjs): the architectures its arguments ask for, the Electron packaged for
// each (never this machine's binary under another architecture's name), macOS signing from the
// environment, and the Node version packaging needs. Arguments go through electron-builder's own
// parser, as in dist.mjs.
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crashUploadPlan, electronDistPlan, macSigningPlan, parseDistArgs, requestedArchs, updateFeedPlan } from '../../../scripts/dist-plan.mjs';
import { adHocResignTarget } from '../../../scripts/mac-after-sign.mjs';
import { DIST_NODE, nodeVersionProblem } from '../../../scripts/node-version.mjs';
import { tempDir } from '../helpers';
import { REPO_ROOT, validateWithBuilder } from '../packaging/builder-internals';

const LOCAL = '/src/node_modules/electron/dist';
const archsOf = (argv: string[], host = 'x64'): string[] => requestedArchs(parseDistArgs(argv), host);

describe('architectures from the arguments', () => {
  it('--arm64 and --x64 ask for that architecture, whatever the machine', () => {
    expect(archsOf(['--arm64'], 'x64')).toEqual(['arm64']);
    expect(archsOf(['--x64'], 'arm64')).toEqual(['x64']);
    expect(archsOf(['--x64', '--arm64'])).toEqual(['x64', 'arm64']);
  });

  it('a target:arch suffix counts too, and no flag means this machine\'s', () => {
    expect(archsOf(['--linux', 'deb:arm64'])).toEqual(['arm64']);
    expect(archsOf([], 'arm64')).toEqual(['arm64']);
    expect(archsOf(['--dir'], 'x64')).toEqual(['x64']);
  });
});

describe('the Electron packaged for each architecture', () => {
  it('this machine\'s architecture packages the Electron installed here', () => {
    expect(electronDistPlan({ archs: archsOf(['--x64']), hostArch: 'x64', localDist: LOCAL, override: undefined })).toEqual({ electronDist: LOCAL });
  });

  it('another architecture is never this machine\'s binary: electron-builder fetches that one', () => {
    const plan = electronDistPlan({ archs: archsOf(['--arm64', '--x64']), hostArch: 'x64', localDist: LOCAL, override: undefined });
    if (!('electronDist' in plan) || typeof plan.electronDist !== 'function') throw new Error(`expected a per-arch choice: ${JSON.stringify(plan)}`);
    expect(plan.electronDist({ arch: 'arm64' })).toBeNull();
    expect(plan.electronDist({ arch: 'x64' })).toBe(LOCAL);
    // electron-builder's Arch enum value (arm64 = 3, x64 = 1)
    expect(plan.electronDist({ arch: 3 })).toBeNull();
    expect(plan.electronDist({ arch: 1 })).toBe(LOCAL);
  });

  it('an offline override (one unpacked Electron) refuses another architecture in a sentence', () => {
    const plan = electronDistPlan({ archs: ['arm64'], hostArch: 'x64', localDist: '/e', override: '/e' });
    expect(plan).toEqual({ problem: expect.stringContaining('build --arm64 on a machine of that architecture') });
  });

  it('dist.mjs passes --arm64/--x64 on: a foreign architecture with an offline Electron stops in one line', async () => {
    const foreign = process.arch === 'arm64' ? '--x64' : '--arm64';
    const run = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'dist.mjs'), foreign], {
      cwd: REPO_ROOT,
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: await tempDir('crm-dist-arch-') },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr.trimEnd().split('\n'), run.stderr).toHaveLength(1);
    expect(run.stderr).toContain(`build ${foreign} on a machine of that architecture`);
  });
});

describe('macOS signing from the environment', () => {
  it('without an identity: ad hoc, hardened runtime off (it would refuse ad-hoc frameworks)', () => {
    expect(macSigningPlan({})).toEqual({ config: { mac: { identity: '-', hardenedRuntime: false } }, notarise: false });
  });

  it('CSC_LINK or CSC_NAME: the configured Developer ID signing, notarised when a full Apple set is given', () => {
    expect(macSigningPlan({ CSC_LINK: '/k/id.p12', CSC_KEY_PASSWORD: 'x' })).toEqual({ config: {}, notarise: false });
    expect(macSigningPlan({ CSC_NAME: 'Developer ID Application: Example' })).toEqual({ config: {}, notarise: false });
    const full = { CSC_LINK: '/k/id.p12', APPLE_ID: 'a@example.com', APPLE_APP_SPECIFIC_PASSWORD: 'p', APPLE_TEAM_ID: 'T' };
    expect(macSigningPlan(full)).toEqual({ config: {}, notarise: true });
  });

  it('a half-given notarisation set, or notarisation without an identity, is refused with what is missing', () => {
    expect(macSigningPlan({ CSC_LINK: '/k', APPLE_ID: 'a@example.com', APPLE_TEAM_ID: 'T' })).toEqual({ problem: expect.stringContaining('missing: APPLE_APP_SPECIFIC_PASSWORD') });
    expect(macSigningPlan({ APPLE_ID: 'a', APPLE_APP_SPECIFIC_PASSWORD: 'p', APPLE_TEAM_ID: 'T' })).toEqual({ problem: expect.stringContaining('CSC_LINK') });
  });

  it('the afterSign hook re-seals only an ad-hoc macOS build', () => {
    const base = { appOutDir: '/out/mac-arm64', productFilename: 'CRM Console' };
    expect(adHocResignTarget({ ...base, electronPlatformName: 'darwin', identity: '-' })).toBe('/out/mac-arm64/CRM Console.app');
    expect(adHocResignTarget({ ...base, electronPlatformName: 'darwin', identity: 'Developer ID Application: Example' })).toBeNull();
    expect(adHocResignTarget({ ...base, electronPlatformName: 'darwin', identity: undefined })).toBeNull();
    expect(adHocResignTarget({ ...base, electronPlatformName: 'linux', identity: '-' })).toBeNull();
  });
});

describe('the Node version packaging needs', () => {
  it(`is ${DIST_NODE}: older versions get one sentence saying what is needed, newer ones pass`, () => {
    expect(nodeVersionProblem('v20.19.0')).toMatch(/^npm run dist needs Node 22\.12\.0 or newer .*this is Node 20\.19\.0\. The other scripts run on Node 20\.19 and up\.$/);
    expect(nodeVersionProblem('v22.11.9')).not.toBeNull();
    expect(nodeVersionProblem('v22.12.0')).toBeNull();
    expect(nodeVersionProblem('v24.1.0')).toBeNull();
    expect(nodeVersionProblem('v23.0.0')).toBeNull();
  });
});

const oldNode = nodeVersionProblem(process.version) !== null;
describe('dist.mjs on an older Node', () => {
  // on a new enough Node this run would really build and package: it runs only where it cannot
  it.skipIf(!oldNode)(oldNode ? 'stops before building, in one line that says which Node it needs' : `SKIPPED on Node ${process.version}: dist.mjs would really package`, async () => {
    // an Electron "binary" that exists, so the Electron check passes and the Node check speaks
    const electron = await tempDir('crm-dist-node-');
    await writeFile(join(electron, 'electron'), '');
    const run = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'dist.mjs')], {
      cwd: REPO_ROOT,
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: electron },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr.trimEnd().split('\n'), run.stderr).toHaveLength(1);
    expect(run.stderr).toContain(`npm run dist needs Node ${DIST_NODE} or newer`);
    expect(run.stdout).toBe('');
  });
});

describe('where the installed app looks for updates (CRM_UPDATE_URL at build time)', () => {
  it('none given: no publish address, so the package never updates itself', () => {
    expect(updateFeedPlan({})).toEqual({ config: {} });
    expect(updateFeedPlan({ CRM_UPDATE_URL: '  ' })).toEqual({ config: {} });
  });

  it('an https folder becomes electron-builder\'s generic provider, which its validator accepts', async () => {
    const plan = updateFeedPlan({ CRM_UPDATE_URL: 'https://downloads.example.com/crm-console/' });
    expect(plan).toEqual({ config: { publish: [{ provider: 'generic', url: 'https://downloads.example.com/crm-console/' }] } });
    const config = JSON.parse(await readFile(join(REPO_ROOT, 'electron-builder.json'), 'utf8')) as Record<string, unknown>;
    await expect(validateWithBuilder({ ...config, ...(plan as { config: object }).config })).resolves.toBeUndefined();
  });

  it('plain http only for this computer; a password, a query or no URL at all is refused in a sentence', () => {
    expect(updateFeedPlan({ CRM_UPDATE_URL: 'http://127.0.0.1:8080/feed/' })).toEqual({ config: { publish: [{ provider: 'generic', url: 'http://127.0.0.1:8080/feed/' }] } });
    expect(updateFeedPlan({ CRM_UPDATE_URL: 'http://downloads.example.com/' })).toEqual({ problem: expect.stringContaining('must be an https address') });
    expect(updateFeedPlan({ CRM_UPDATE_URL: 'https://user:pw@downloads.example.com/' })).toEqual({ problem: expect.stringContaining('must not carry a password or a query') });
    expect(updateFeedPlan({ CRM_UPDATE_URL: 'https://downloads.example.com/?token=abc' })).toEqual({ problem: expect.stringContaining('must not carry a password or a query') });
    expect(updateFeedPlan({ CRM_UPDATE_URL: 'not a url' })).toEqual({ problem: expect.stringContaining('is not a URL') });
  });
});

describe('where crash reports may be sent (CRM_CRASH_REPORT_URL)', () => {
  it('unset: nothing in the package, so reports stay on the computer', () => {
    expect(crashUploadPlan({})).toEqual({ config: {} });
    expect(crashUploadPlan({ CRM_CRASH_REPORT_URL: ' ' })).toEqual({ config: {} });
  });

  it('an https address goes into the packaged package.json, which electron-builder\'s validator accepts', async () => {
    const plan = crashUploadPlan({ CRM_CRASH_REPORT_URL: 'https://crash.example.com/reports' });
    expect(plan).toEqual({ config: { extraMetadata: { crashReportUrl: 'https://crash.example.com/reports' } } });
    const config = JSON.parse(await readFile(join(REPO_ROOT, 'electron-builder.json'), 'utf8')) as Record<string, unknown>;
    await expect(validateWithBuilder({ ...config, ...(plan as { config: object }).config })).resolves.toBeUndefined();
  });

  it('plain http elsewhere, a password, a query or no URL is refused in a sentence', () => {
    expect(crashUploadPlan({ CRM_CRASH_REPORT_URL: 'http://localhost:9000/r' })).toEqual({ config: { extraMetadata: { crashReportUrl: 'http://localhost:9000/r' } } });
    expect(crashUploadPlan({ CRM_CRASH_REPORT_URL: 'http://crash.example.com/' })).toEqual({ problem: expect.stringContaining('must be an https address') });
    expect(crashUploadPlan({ CRM_CRASH_REPORT_URL: 'https://u:p@crash.example.com/' })).toEqual({ problem: expect.stringContaining('must not carry a password or a query') });
    expect(crashUploadPlan({ CRM_CRASH_REPORT_URL: 'https://crash.example.com/?k=1' })).toEqual({ problem: expect.stringContaining('must not carry a password or a query') });
    expect(crashUploadPlan({ CRM_CRASH_REPORT_URL: 'nope' })).toEqual({ problem: expect.stringContaining('is not a URL') });
  });
});
