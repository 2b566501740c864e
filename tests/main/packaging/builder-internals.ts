// electron-builder's own code, loaded from where electron-builder itself would load it, so the
// packaging tests judge electron-builder.json exactly as `npm run dist` will: its configuration
// validator (the JSON schema it ships, through the same ajv setup) and its file-pattern matcher.
// These are internal modules without a public entry point, hence the narrow typed view below.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const fromRoot = createRequire(join(REPO_ROOT, 'package.json'));
const fromBuilder = createRequire(fromRoot.resolve('electron-builder/package.json'));
const fromLib = createRequire(fromBuilder.resolve('app-builder-lib/package.json'));

interface ConfigModule {
  validateConfiguration(config: unknown, debugLogger: unknown): Promise<void>;
}
interface FileMatcher {
  createFilter(): (file: string, stat: { isDirectory(): boolean }) => boolean;
}
interface FileMatcherModule {
  getFileMatchers(
    config: unknown,
    name: 'files' | 'asarUnpack',
    defaultDestination: string,
    options: { macroExpander: (pattern: string) => string; customBuildOptions: unknown; globalOutDir: string; defaultSrc: string },
  ): FileMatcher[] | null;
}
interface NodeModuleMatcherModule {
  getNodeModuleFileMatcher(
    appDir: string,
    destination: string,
    macroExpander: (pattern: string) => string,
    platformSpecificBuildOptions: unknown,
    packager: { config: unknown; debugLogger: { isEnabled: boolean } },
  ): FileMatcher;
}
interface BuilderUtilModule {
  DebugLogger: new (isEnabled?: boolean) => unknown;
}
interface Schema {
  definitions: { DebOptions: { properties: { depends: { default: string[] } } } };
}

const configModule = fromBuilder('app-builder-lib/out/util/config/config.js') as ConfigModule;
const fileMatcherModule = fromBuilder('app-builder-lib/out/fileMatcher.js') as FileMatcherModule & NodeModuleMatcherModule;
const builderUtil = fromLib('builder-util') as BuilderUtilModule;
const schema = fromBuilder('app-builder-lib/scheme.json') as Schema;

/** rejects with electron-builder's own message when the configuration breaks its schema */
export function validateWithBuilder(config: unknown): Promise<void> {
  // its ajv coerces types in place: hand it a copy
  return configModule.validateConfiguration(structuredClone(config), new builderUtil.DebugLogger(false));
}

/** the packages a .deb depends on when `deb.depends` is not set (setting it replaces them all) */
export const DEFAULT_DEB_DEPENDS: readonly string[] = schema.definitions.DebOptions.properties.depends.default;

const FILE_STAT = { isDirectory: () => false };

/**
 * Whether electron-builder's matcher for `files` or `asarUnpack` selects a project file (path
 * relative to the project root, `/` separated), with `platformOptions` the section for the OS.
 */
export function builderSelects(config: unknown, name: 'files' | 'asarUnpack', platformOptions: unknown, relativePath: string): boolean {
  const matchers = fileMatcherModule.getFileMatchers(config, name, '/packaged-app', {
    macroExpander: (pattern) => pattern,
    customBuildOptions: platformOptions ?? {},
    globalOutDir: join(REPO_ROOT, 'dist'),
    defaultSrc: REPO_ROOT,
  });
  const matcher = matchers?.[0];
  if (!matcher) return false;
  return matcher.createFilter()(join(REPO_ROOT, ...relativePath.split('/')), FILE_STAT);
}

/**
 * Whether a file of an installed dependency (`node_modules/<name>/...`, `/` separated) is copied
 * into the package: electron-builder filters dependencies with only the `!` patterns of `files`
 * (its matcher for node_modules), matched against the file's place in the packaged app.
 */
export function builderKeepsDependencyFile(config: { files?: unknown }, platformOptions: unknown, relativePath: string): boolean {
  const destination = join(REPO_ROOT, 'dist', 'linux-unpacked', 'resources', 'app');
  const matcher = fileMatcherModule.getNodeModuleFileMatcher(REPO_ROOT, destination, (pattern) => pattern, platformOptions ?? {}, {
    config,
    debugLogger: { isEnabled: false },
  });
  const packagedPath = join(destination, ...relativePath.split('/'));
  return matcher.createFilter()(join(REPO_ROOT, ...relativePath.split('/')), { ...FILE_STAT, moduleFullFilePath: packagedPath } as never);
}

interface PublishManagerModule {
  getPublishConfigs(
    platformPackager: unknown,
    targetSpecificOptions: unknown,
    arch: number | null,
    errorIfCannot: boolean,
  ): Promise<{ provider: string; url?: string }[] | null>;
}
interface ObjectsModule {
  deepAssign<T>(target: T, ...objects: unknown[]): T;
}
const publishManager = fromBuilder('app-builder-lib/out/publish/PublishManager.js') as PublishManagerModule;
const objects = fromLib('builder-util-runtime') as ObjectsModule;

/** electron-builder.json with options given to build() on top, merged the way electron-builder merges them */
export function mergedWithBuilder(fileConfig: unknown, fromOptions: object): Record<string, unknown> {
  return objects.deepAssign(structuredClone(fileConfig) as Record<string, unknown>, structuredClone(fromOptions));
}

/**
 * The update feeds electron-builder would write into a Linux package (app-update.yml), read with
 * its own resolver and this process's environment (GH_TOKEN and the like count there); null: none.
 */
export function builderUpdateFeeds(config: Record<string, unknown>): Promise<{ provider: string; url?: string }[] | null> {
  const info = { config, appInfo: { channel: null, version: '0.1.0' }, repositoryInfo: Promise.resolve(null), framework: {} };
  const platformPackager = {
    config,
    info,
    platform: { name: 'linux' },
    platformSpecificBuildOptions: (config.linux as object | undefined) ?? {},
    appInfo: info.appInfo,
    expandMacro: (pattern: string) => pattern,
  };
  return publishManager.getPublishConfigs(platformPackager, config.deb ?? null, 1, false);
}
