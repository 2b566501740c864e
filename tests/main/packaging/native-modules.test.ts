// Every native file (.node) the app ships must load in the Electron it ships, from the same
// node_modules the tests and `crm` use: N-API (one file for Node and every Electron), or built
// for that Electron's ABI. A module built for Node's ABI alone passes every test in Node and then
// fails at the app's first start ("compiled against a different Node.js version"), so this reads
// the files themselves: the runtime dependencies of package.json and everything they pull in.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NAPI_SYMBOL, readNativeBinary } from '../../../scripts/native-binary.mjs';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

interface PackageFacts {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** the folder of `name` as Node resolves it from `from` (a package folder), or null when not installed */
function packageDir(name: string, from: string): string | null {
  try {
    return dirname(createRequire(join(from, 'package.json')).resolve(`${name}/package.json`));
  } catch {
    // optional packages for other platforms are not installed; a package without an exported
    // package.json is found by walking up node_modules folders instead
    for (let dir = from; ; dir = dirname(dir)) {
      const candidate = join(dir, 'node_modules', name);
      if (existsSync(join(candidate, 'package.json'))) return candidate;
      if (dirname(dir) === dir) return null;
    }
  }
}

/** the installed folders of the app's runtime dependencies, transitively (what the packager copies) */
function runtimePackages(): string[] {
  const seen = new Set<string>();
  const visit = (dir: string): void => {
    const facts = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageFacts;
    for (const name of Object.keys({ ...facts.dependencies, ...facts.optionalDependencies })) {
      const found = packageDir(name, dir);
      if (found === null || seen.has(found)) continue;
      seen.add(found);
      visit(found);
    }
  };
  visit(ROOT);
  return [...seen];
}

function nativeFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // a package's own dependencies are visited as packages of their own
    if (entry.isDirectory() && entry.name !== 'node_modules') found.push(...nativeFiles(path));
    else if (entry.isFile() && entry.name.endsWith('.node')) found.push(path);
  }
  return found;
}

/** why Electron of ABI `abi` cannot load this file, or null when it can */
export function electronLoadProblem(exports: readonly string[], abi: string): string | null {
  if (exports.includes(NAPI_SYMBOL)) return null;
  if (exports.includes(`node_register_module_v${abi}`)) return null;
  const built = exports.find((name) => /^node_register_module_v\d+$/.test(name));
  return built
    ? `built for ABI ${built.replace('node_register_module_v', '')}, not N-API and not Electron's ABI ${abi}`
    : 'exports no module entry point';
}

describe('the native modules the app ships', () => {
  const abi = readFileSync(join(ROOT, 'node_modules', 'electron', 'abi_version'), 'utf8').trim();

  it('are each N-API or built for the shipped Electron: none only for Node', () => {
    const files = runtimePackages().flatMap(nativeFiles);
    const problems = files.flatMap((file) => {
      const problem = electronLoadProblem(readNativeBinary(readFileSync(file)).exports, abi);
      return problem ? [`${relative(ROOT, file)}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
    // the keychain and the database were among them: an empty list would prove nothing
    expect(files.map((f) => relative(ROOT, f))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/node_modules\/keytar\/.*\.node$/),
        expect.stringMatching(/node_modules\/@libsql\/.*\.node$/),
      ]),
    );
  });

  it('tells a module built for Node 20 alone from one Electron loads', () => {
    expect(electronLoadProblem(['node_register_module_v115'], '150')).toBe("built for ABI 115, not N-API and not Electron's ABI 150");
    expect(electronLoadProblem(['node_register_module_v150'], '150')).toBeNull();
    expect(electronLoadProblem(['napi_register_module_v1', 'other'], '150')).toBeNull();
    expect(electronLoadProblem(['something_else'], '150')).toBe('exports no module entry point');
  });
});
