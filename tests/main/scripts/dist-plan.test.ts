// What `npm run dist` hands electron-builder (scripts/dist-plan.mjs, scripts/node-version.mjs,
// scripts/mac-after-sign.mjs): the architectures its arguments ask for, the Electron packaged for
// each (never this machine's binary under another architecture's name), macOS signing from the
// environment, and the Node version packaging needs. Arguments go through electron-builder's own
// parser, as in dist.mjs.
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  appSourcePlan,
  builderRuns,
  configuredArchs,
  configuredTargets,
  crashUploadPlan,
  electronDistPlan,
  libsqlPackage,
  macSigningPlan,
  mergeUpdateInfo,
  parseDistArgs,
  requestedArchs,
  updateFeedPlan,
  type StagingStep,
} from '../../../scripts/dist-plan.mjs';
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

  it("a target:arch suffix counts too, and no flag means this machine's", () => {
    expect(archsOf(['--linux', 'deb:arm64'])).toEqual(['arm64']);
    expect(archsOf([], 'arm64')).toEqual(['arm64']);
    expect(archsOf(['--dir'], 'x64')).toEqual(['x64']);
  });
});

const builderJson = JSON.parse(await readFile(join(REPO_ROOT, 'electron-builder.json'), 'utf8')) as Record<string, unknown>;

describe('architectures electron-builder.json gives a platform', () => {
  it('macOS: x64 and arm64 when the arguments name neither an architecture nor a target', () => {
    const mac = configuredArchs(builderJson, 'mac');
    expect(mac).toEqual(['x64', 'arm64']);
    expect(requestedArchs(parseDistArgs([]), 'arm64', mac)).toEqual(['x64', 'arm64']);
    expect(requestedArchs(parseDistArgs(['--arm64']), 'arm64', mac)).toEqual(['arm64']);
    // a target named on the command line is built for this machine, as electron-builder does
    expect(requestedArchs(parseDistArgs(['--mac', 'dmg']), 'arm64', mac)).toEqual(['arm64']);
  });

  it("Linux and Windows give none: this machine's", () => {
    expect(configuredArchs(builderJson, 'linux')).toBeNull();
    expect(requestedArchs(parseDistArgs([]), 'x64', configuredArchs(builderJson, 'linux'))).toEqual(['x64']);
  });
});

describe('electron-builder runs', () => {
  const linuxTargets = configuredTargets(builderJson, 'linux');

  it('Linux packs each target in a run of its own, the AppImage before the deb (whose package-type it must not carry)', () => {
    expect(linuxTargets).toEqual(expect.arrayContaining(['deb', 'AppImage']));
    const runs = builderRuns(parseDistArgs([]), 'linux', linuxTargets);
    expect(runs.map((r) => [r.cli.linux, r.writesPackageType])).toEqual([
      [['AppImage'], false],
      [['deb'], true],
    ]);
    const named = builderRuns(parseDistArgs(['--linux', 'deb', 'AppImage:arm64', '--publish', 'never']), 'linux', linuxTargets);
    expect(named.map((r) => r.cli.linux)).toEqual([['AppImage:arm64'], ['deb']]);
    expect(named.every((r) => r.cli.publish === 'never')).toBe(true);
  });

  it('one Linux target, macOS and Windows: one run with the arguments as given', () => {
    const deb = parseDistArgs(['--linux', 'deb']);
    expect(builderRuns(deb, 'linux', linuxTargets)).toEqual([{ cli: deb, writesPackageType: true }]);
    const mac = parseDistArgs([]);
    expect(builderRuns(mac, 'mac', configuredTargets(builderJson, 'mac'))).toEqual([{ cli: mac, writesPackageType: false }]);
    expect(builderRuns(mac, 'win', configuredTargets(builderJson, 'win'))).toHaveLength(1);
  });

  it("the runs' latest-linux.yml files become one listing every target, the earlier run's file first", () => {
    const updateInfo = (url: string, sha512: string, size: number, releaseDate: string) => ({
      version: '0.2.0',
      files: [{ url, sha512, size }],
      path: url,
      sha512,
      releaseDate,
    });
    const appImage = updateInfo('CRM-Console-x86_64.AppImage', 'a', 1, '2026-11-29T07:00:00.000Z');
    const deb = updateInfo('CRM-Console_0.2.0_amd64.deb', 'd', 2, '2026-11-29T07:01:00.000Z');
    expect(mergeUpdateInfo(appImage, deb)).toEqual({
      version: '0.2.0',
      files: [...appImage.files, ...deb.files],
      path: appImage.path,
      sha512: 'a',
      releaseDate: deb.releaseDate,
    });
    // a file from an older version is not mixed in
    expect(mergeUpdateInfo({ ...appImage, version: '0.1.0' }, deb)).toBe(deb);
    expect(mergeUpdateInfo(null, deb)).toBe(deb);
  });
});

describe("where the packaged app's files and native modules come from", () => {
  const STAGE = '/tmp/crm-console-app-x/app';
  const plan = (platform: string, archs: string[], hostArch: string) =>
    appSourcePlan({ platform, archs, hostArch, root: REPO_ROOT, stagingDir: STAGE, libsqlVersion: '0.5.29' });
  const stepsOf = (p: ReturnType<typeof plan>): StagingStep[] => {
    if (!('kind' in p) || p.kind !== 'staging') throw new Error(`expected a staged app: ${JSON.stringify(p)}`);
    return p.steps;
  };
  const inside = (path: string): boolean => path === STAGE || path.startsWith(`${STAGE}/`);

  it("this machine's architecture: the project as it is (N-API files load in Electron; nothing rebuilt)", () => {
    expect(plan('linux', ['x64'], 'x64')).toEqual({ kind: 'project' });
    expect(plan('darwin', ['arm64'], 'arm64')).toEqual({ kind: 'project' });
  });

  it('macOS x64 and arm64 in one run: a staged copy with both libsql packages and one universal keytar', () => {
    const steps = stepsOf(plan('darwin', ['x64', 'arm64'], 'arm64'));
    const runs = steps.filter((s) => s.kind === 'run');
    expect(runs[0]).toMatchObject({
      command: 'npm',
      args: expect.arrayContaining(['ci', '--omit=dev', '--ignore-scripts', '--os=darwin', '--cpu=x64']),
      cwd: STAGE,
    });
    expect(runs.find((r) => r.args[0] === 'pack')?.args[1]).toBe('@libsql/darwin-arm64@0.5.29');
    const prebuilds = runs.filter((r) => r.command === 'node');
    expect(prebuilds.map((r) => r.args.find((a) => a.startsWith('--arch=')))).toEqual(['--arch=x64', '--arch=arm64']);
    expect(prebuilds.every((r) => r.args.includes('--runtime=napi') && r.cwd === join(STAGE, 'node_modules', 'keytar'))).toBe(true);
    expect(runs.at(-1)).toMatchObject({
      command: 'lipo',
      args: [
        '-create',
        '-output',
        join(STAGE, 'node_modules', 'keytar', 'build', 'Release', 'keytar.node'),
        join(STAGE, '.native', 'keytar-x64.node'),
        join(STAGE, '.native', 'keytar-arm64.node'),
      ],
    });
  });

  it("never touches the project's node_modules: it only reads out/, package.json and the lockfile from the project", () => {
    for (const [platform, archs, host] of [
      ['darwin', ['x64', 'arm64'], 'arm64'],
      ['darwin', ['x64', 'arm64'], 'x64'],
      ['linux', ['arm64'], 'x64'],
      ['win32', ['arm64'], 'x64'],
    ] as const) {
      for (const step of stepsOf(plan(platform, [...archs], host))) {
        if (step.kind === 'fresh') expect(inside(step.dir), step.dir).toBe(true);
        if (step.kind === 'move') expect(inside(step.from) && inside(step.to), JSON.stringify(step)).toBe(true);
        if (step.kind === 'run') expect(inside(step.cwd), JSON.stringify(step)).toBe(true);
        if (step.kind === 'copy') {
          expect(inside(step.to)).toBe(true);
          expect(['out', 'package.json', 'package-lock.json'].map((n) => join(REPO_ROOT, n))).toContain(step.from);
        }
      }
    }
  });

  it("another single architecture elsewhere: that architecture's keytar build in place, no lipo", () => {
    const steps = stepsOf(plan('linux', ['arm64'], 'x64'));
    expect(steps.some((s) => s.kind === 'run' && s.command === 'lipo')).toBe(false);
    expect(steps.at(-1)).toEqual({
      kind: 'move',
      from: join(STAGE, '.native', 'keytar-arm64.node'),
      to: join(STAGE, 'node_modules', 'keytar', 'build', 'Release', 'keytar.node'),
    });
    expect(steps.find((s) => s.kind === 'run' && s.args[0] === 'ci')).toMatchObject({
      args: expect.arrayContaining(['--os=linux', '--cpu=arm64']),
    });
  });

  it('several architectures outside macOS, one of them foreign, are refused in a sentence', () => {
    expect(plan('linux', ['x64', 'arm64'], 'x64')).toEqual({ problem: expect.stringContaining('build one architecture per run') });
  });

  it("names libsql's per-platform packages as libsql loads them", () => {
    expect(libsqlPackage('darwin', 'x64')).toBe('@libsql/darwin-x64');
    expect(libsqlPackage('linux', 'arm64')).toBe('@libsql/linux-arm64-gnu');
    expect(libsqlPackage('linux', 'armv7l')).toBe('@libsql/linux-arm-gnueabihf');
    expect(libsqlPackage('win32', 'x64')).toBe('@libsql/win32-x64-msvc');
  });
});

describe('the Electron packaged for each architecture', () => {
  it("this machine's architecture packages the Electron installed here", () => {
    expect(electronDistPlan({ archs: archsOf(['--x64']), hostArch: 'x64', localDist: LOCAL, override: undefined })).toEqual({
      electronDist: LOCAL,
    });
  });

  it("another architecture is never this machine's binary: electron-builder fetches that one", () => {
    const plan = electronDistPlan({ archs: archsOf(['--arm64', '--x64']), hostArch: 'x64', localDist: LOCAL, override: undefined });
    if (!('electronDist' in plan) || typeof plan.electronDist !== 'function')
      throw new Error(`expected a per-arch choice: ${JSON.stringify(plan)}`);
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
    expect(macSigningPlan({ CSC_LINK: '/k', APPLE_ID: 'a@example.com', APPLE_TEAM_ID: 'T' })).toEqual({
      problem: expect.stringContaining('missing: APPLE_APP_SPECIFIC_PASSWORD'),
    });
    expect(macSigningPlan({ APPLE_ID: 'a', APPLE_APP_SPECIFIC_PASSWORD: 'p', APPLE_TEAM_ID: 'T' })).toEqual({
      problem: expect.stringContaining('CSC_LINK'),
    });
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
    expect(nodeVersionProblem('v20.19.0')).toMatch(
      /^npm run dist needs Node 22\.12\.0 or newer .*this is Node 20\.19\.0\. The other scripts run on Node 20\.19 and up\.$/,
    );
    expect(nodeVersionProblem('v22.11.9')).not.toBeNull();
    expect(nodeVersionProblem('v22.12.0')).toBeNull();
    expect(nodeVersionProblem('v24.1.0')).toBeNull();
    expect(nodeVersionProblem('v23.0.0')).toBeNull();
  });
});

const oldNode = nodeVersionProblem(process.version) !== null;
describe('dist.mjs on an older Node', () => {
  // on a new enough Node this run would really build and package: it runs only where it cannot
  it.skipIf(!oldNode)(
    oldNode
      ? 'stops before building, in one line that says which Node it needs'
      : `SKIPPED on Node ${process.version}: dist.mjs would really package`,
    async () => {
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
    },
  );
});

/** each address set in `variable` is refused by `plan` with a problem that says the row's words; a failure names the address */
function expectRefused(plan: (env: NodeJS.ProcessEnv) => unknown, variable: string, rows: [url: string, says: string][]): void {
  for (const [url, says] of rows) expect(plan({ [variable]: url }), url).toEqual({ problem: expect.stringContaining(says) });
}

describe('where the installed app looks for updates (CRM_UPDATE_URL at build time)', () => {
  it('none given: no publish address, so the package never updates itself', () => {
    expect(updateFeedPlan({})).toEqual({ config: {} });
    // a token in the environment is no address (electron-builder.json's publish: null keeps it so)
    expect(updateFeedPlan({ GH_TOKEN: 'ghp_exampletoken0123456789' })).toEqual({ config: {} });
    expect(builderJson.publish).toBeNull();
    expect(updateFeedPlan({ CRM_UPDATE_URL: '  ' })).toEqual({ config: {} });
  });

  it("an https folder becomes electron-builder's generic provider, which its validator accepts", async () => {
    const plan = updateFeedPlan({ CRM_UPDATE_URL: 'https://downloads.example.com/crm-console/' });
    expect(plan).toEqual({ config: { publish: [{ provider: 'generic', url: 'https://downloads.example.com/crm-console/' }] } });
    const config = JSON.parse(await readFile(join(REPO_ROOT, 'electron-builder.json'), 'utf8')) as Record<string, unknown>;
    await expect(validateWithBuilder({ ...config, ...(plan as { config: object }).config })).resolves.toBeUndefined();
  });

  it('plain http only for this computer in a test build (CRM_TEST_BUILD=1); a password, a query or no URL at all is refused in a sentence', () => {
    // a release build pointing at http://localhost would install whatever answers on that port
    for (const url of ['http://127.0.0.1:8080/feed/', 'http://localhost/feed/', 'http://[::1]:8080/']) {
      expect(updateFeedPlan({ CRM_UPDATE_URL: url }), url).toEqual({
        problem: expect.stringContaining('only for a test build (CRM_TEST_BUILD=1)'),
      });
      expect(updateFeedPlan({ CRM_UPDATE_URL: url, CRM_TEST_BUILD: 'yes' }), url).toEqual({
        problem: expect.stringContaining('must be an https address'),
      });
    }
    expect(updateFeedPlan({ CRM_UPDATE_URL: 'http://127.0.0.1:8080/feed/', CRM_TEST_BUILD: '1' })).toEqual({
      config: { publish: [{ provider: 'generic', url: 'http://127.0.0.1:8080/feed/' }] },
    });
    expect(updateFeedPlan({ CRM_UPDATE_URL: 'http://downloads.example.com/', CRM_TEST_BUILD: '1' })).toEqual({
      problem: expect.stringContaining('must be an https address'),
    });
    expectRefused(updateFeedPlan, 'CRM_UPDATE_URL', [
      ['http://downloads.example.com/', 'must be an https address'],
      ['https://user:pw@downloads.example.com/', 'must not carry a password or a query'],
      ['https://downloads.example.com/?token=abc', 'must not carry a password or a query'],
      ['not a url', 'is not a URL'],
    ]);
  });
});

describe('where crash reports may be sent (CRM_CRASH_REPORT_URL)', () => {
  it('unset: nothing in the package, so reports stay on the computer', () => {
    expect(crashUploadPlan({})).toEqual({ config: {} });
    expect(crashUploadPlan({ CRM_CRASH_REPORT_URL: ' ' })).toEqual({ config: {} });
  });

  it("an https address goes into the packaged package.json, which electron-builder's validator accepts", async () => {
    const plan = crashUploadPlan({ CRM_CRASH_REPORT_URL: 'https://crash.example.com/reports' });
    expect(plan).toEqual({ config: { extraMetadata: { crashReportUrl: 'https://crash.example.com/reports' } } });
    const config = JSON.parse(await readFile(join(REPO_ROOT, 'electron-builder.json'), 'utf8')) as Record<string, unknown>;
    await expect(validateWithBuilder({ ...config, ...(plan as { config: object }).config })).resolves.toBeUndefined();
  });

  it('plain http (this computer only in a test build), a password, a query or no URL is refused in a sentence', () => {
    expect(crashUploadPlan({ CRM_CRASH_REPORT_URL: 'http://localhost:9000/r' })).toEqual({
      problem: expect.stringContaining('only for a test build (CRM_TEST_BUILD=1)'),
    });
    expect(crashUploadPlan({ CRM_CRASH_REPORT_URL: 'http://localhost:9000/r', CRM_TEST_BUILD: '1' })).toEqual({
      config: { extraMetadata: { crashReportUrl: 'http://localhost:9000/r' } },
    });
    expectRefused(crashUploadPlan, 'CRM_CRASH_REPORT_URL', [
      ['http://crash.example.com/', 'must be an https address'],
      ['https://u:p@crash.example.com/', 'must not carry a password or a query'],
      ['https://crash.example.com/?k=1', 'must not carry a password or a query'],
      ['nope', 'is not a URL'],
    ]);
  });
});
