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
interface BuilderUtilModule {
  DebugLogger: new (isEnabled?: boolean) => unknown;
}
interface Schema {
  definitions: { DebOptions: { properties: { depends: { default: string[] } } } };
}

const configModule = fromBuilder('app-builder-lib/out/util/config/config.js') as ConfigModule;
const fileMatcherModule = fromBuilder('app-builder-lib/out/fileMatcher.js') as FileMatcherModule;
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
