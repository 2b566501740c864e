// `npm run lint`, third part: no import circles among the project's own TypeScript files
// (src-main/, src-renderer/). A circle, even one made only of `import type`, ties files that should
// change apart; the fix is a leaf module both sides import. Every import form counts: static,
// `export … from`, `import type` and dynamic `import()`. Prints each circle as a chain of files
// and exits 1 if there is any.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE_DIRS = ['src-main', 'src-renderer'];
const EXTENSIONS = ['.ts', '.tsx', '.mts'];

function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (EXTENSIONS.some((e) => entry.endsWith(e)) && !entry.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The project file a relative specifier names, or null for a package or a file not in the tree. */
export function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), specifier.replace(/\.(m?js)$/, ''));
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => join(base, `index${e}`))]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every project file `file` imports, in any form. */
export function importsOf(file, text = readFileSync(file, 'utf8')) {
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles.map((f) => resolveSpecifier(file, f.fileName)).filter((f) => f !== null);
}

/** Strongly connected components of more than one file (or a file importing itself): Tarjan's algorithm. */
export function circlesOf(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  function visit(node) {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)));
    }
    if (low.get(node) !== indexOf.get(node)) return;
    const members = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      members.push(member);
    } while (member !== node);
    if (members.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(members.sort());
  }
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return circles;
}

export function projectGraph(root = ROOT) {
  const graph = new Map();
  for (const dir of SOURCE_DIRS) for (const file of sourceFiles(join(root, dir))) graph.set(file, importsOf(file));
  return graph;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const circles = circlesOf(projectGraph());
  for (const circle of circles) console.log(`import circle: ${circle.map((f) => relative(ROOT, f)).join(' <-> ')}`);
  if (circles.length > 0) {
    console.log(`${circles.length} import circle(s): move what both sides need to a module both import`);
    process.exit(1);
  }
}
