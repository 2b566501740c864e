// V8's code cache for the built `crm` (out/cli/*.cjs). Node 20 compiles every start's 1.7 MB of
// bundle from source again (its module compile cache arrived in Node 22.1); a CommonJS file
// compiled through vm.Script can instead hand V8 the code it made last time. That spares the
// parse and the lazy compilation of each function the command runs: about a quarter of the CPU
// time of `crm contacts --json` (docs/drafts/performance.md has the figures).
//
// The cache of a file is written once, after the first command that loaded it, and again only
// when V8 refuses it (another Node, other flags, a rebuilt file): V8 checks the source and its own
// version before it uses one. Each write goes to a file of its own and is renamed into place, so
// processes starting together never read half a cache. A folder that cannot be written (a
// read-only install) only means starting without the cache.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { basename, dirname, join, sep } from 'node:path';
import { Script, constants as vmConstants } from 'node:vm';

/** the cache beside the build: a rebuild empties out/cli, and with it the caches of old files */
export const CODE_CACHE_FOLDER = 'code-cache';

function readCache(file) {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

function writeCache(file, data) {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temporary, data);
    renameSync(temporary, file);
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // no folder to hold it: nothing was written
    }
  }
}

/**
 * Loads `entry` (a CommonJS file) and the files beside and below it through the code cache in
 * `cacheFolder`. Returns its exports, and saveCaches() to call once the command has run, so the
 * caches hold the functions it compiled on the way.
 */
export function loadWithCodeCache(entry, cacheFolder) {
  const root = `${dirname(entry)}${sep}`;
  const toSave = [];
  const compileFromSource = Module.prototype._compile;
  Module.prototype._compile = function compileWithCache(content, filename) {
    if (!filename.startsWith(root)) return compileFromSource.call(this, content, filename);
    const cacheFile = join(cacheFolder, `${basename(filename)}.v8`);
    const cachedData = readCache(cacheFile);
    // an import() left in the bundle (of a package kept outside it) loads as it would in a module;
    // Node 20 warns, once, when one runs (none does today: the bundle's own become require)
    const importModuleDynamically = vmConstants.USE_MAIN_CONTEXT_DEFAULT_LOADER;
    const script = new Script(Module.wrap(content), { filename, cachedData, importModuleDynamically });
    if (cachedData === undefined || script.cachedDataRejected === true) toSave.push({ script, cacheFile });
    const wrapper = script.runInThisContext({ displayErrors: true });
    return wrapper.call(this.exports, this.exports, createRequire(filename), this, filename, dirname(filename));
  };
  const exports = createRequire(import.meta.url)(entry);
  return {
    exports,
    saveCaches() {
      for (const { script, cacheFile } of toSave.splice(0)) writeCache(cacheFile, script.createCachedData());
    },
  };
}
