// V8's code cache for the built `crm` (out/cli/*.cjs). Node 20 compiles every start's 1.7 MB of
// bundle from source again (its module compile cache arrived in Node 22.1); a CommonJS file
// compiled through vm.Script can instead hand V8 the code it made last time. That spares the
// parse and the lazy compilation of each function the command runs: about a quarter of the CPU
// time of `crm contacts --json` (docs/performance.md has the figures).
//
// The cache of a file is written after the first command that loaded it, again after each other
// command's first run (a cache holds the functions the runs that wrote it compiled: written by
// `crm profiles add` alone, it left `crm contacts` compiling its own each start, about 5% of that
// start's CPU), and anew when V8 refuses it (another Node, other flags, a rebuilt file): V8 checks
// the source and its own version before it uses one. The commands a cache has learned from are
// named in its first line; once each has run, a start reads the cache and writes nothing. Each
// write goes to a file of its own and is renamed into place, so processes starting together never
// read half a cache. A folder that cannot be written (a read-only install) only means starting
// without the cache.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { basename, dirname, join, sep } from 'node:path';
import { Script, constants as vmConstants } from 'node:vm';

/** the cache beside the build: a rebuild empties out/cli, and with it the caches of old files */
export const CODE_CACHE_FOLDER = 'code-cache';

/** the first line of a cache file, before the commands it learned from and V8's own bytes */
const CACHE_HEADER = 'crm-code-cache 1 ';

/** more words than `crm` has commands (a mistyped one is a word too): the list stops growing */
const MAX_LEARNED = 40;

/** V8's bytes and the commands that wrote them; no bytes for a missing file or one of another format */
function readCache(file) {
  let bytes;
  try {
    bytes = readFileSync(file);
  } catch {
    return { cachedData: undefined, learnedFrom: [] };
  }
  const lineEnd = bytes.indexOf(10);
  const header = lineEnd < 0 ? '' : bytes.subarray(0, lineEnd).toString('latin1');
  if (!header.startsWith(CACHE_HEADER)) return { cachedData: undefined, learnedFrom: [] };
  const learnedFrom = header.slice(CACHE_HEADER.length).split(',').filter(Boolean);
  return { cachedData: bytes.subarray(lineEnd + 1), learnedFrom };
}

function writeCache(file, learnedFrom, data) {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temporary, Buffer.concat([Buffer.from(`${CACHE_HEADER}${learnedFrom.join(',')}\n`, 'latin1'), data]));
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
 * caches hold the functions it compiled on the way. `command` names what runs (a word, or '' for
 * a start the caches need not learn from, such as help).
 */
export function loadWithCodeCache(entry, cacheFolder, command = '') {
  const root = `${dirname(entry)}${sep}`;
  const toSave = [];
  const compileFromSource = Module.prototype._compile;
  Module.prototype._compile = function compileWithCache(content, filename) {
    if (!filename.startsWith(root)) return compileFromSource.call(this, content, filename);
    const cacheFile = join(cacheFolder, `${basename(filename)}.v8`);
    const { cachedData, learnedFrom } = readCache(cacheFile);
    // an import() left in the bundle (of a package kept outside it) loads as it would in a module;
    // Node 20 warns, once, when one runs (none does today: the bundle's own become require)
    const importModuleDynamically = vmConstants.USE_MAIN_CONTEXT_DEFAULT_LOADER;
    const script = new Script(Module.wrap(content), { filename, cachedData, importModuleDynamically });
    const usable = cachedData !== undefined && script.cachedDataRejected !== true;
    // a cache V8 took still gains what this command compiles: written once more, with its name
    const known = usable ? learnedFrom : [];
    const learns = command !== '' && !known.includes(command) && known.length < MAX_LEARNED;
    if (!usable || learns) toSave.push({ script, cacheFile, learnedFrom: learns ? [...known, command] : known });
    const wrapper = script.runInThisContext({ displayErrors: true });
    return wrapper.call(this.exports, this.exports, createRequire(filename), this, filename, dirname(filename));
  };
  const exports = createRequire(import.meta.url)(entry);
  return {
    exports,
    saveCaches() {
      for (const { script, cacheFile, learnedFrom } of toSave.splice(0)) writeCache(cacheFile, learnedFrom, script.createCachedData());
    },
  };
}
