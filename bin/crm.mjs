#!/usr/bin/env node
// The `crm` executable: loads the built command (out/cli/crm.cjs, made by `npm run build`) through
// V8's code cache (code-cache.mjs) and hands the real process to its runCli. Plain JavaScript
// with only node: imports, so a start needs no TypeScript runner and a clone that was never built
// gets one clear line, not a stack.
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { CODE_CACHE_FOLDER, loadWithCodeCache } from './code-cache.mjs';

// A command makes a few requests, so undici's HTTP parser (WebAssembly) stays on V8's baseline
// compiler: otherwise V8 starts optimising the parser in the background, and a process cannot
// exit before that finishes (60-80 ms of every network command on a busy machine, for nothing).
setFlagsFromString('--liftoff-only');

const built = new URL('../out/cli/crm.cjs', import.meta.url);
if (!existsSync(fileURLToPath(built))) {
  const root = dirname(dirname(fileURLToPath(import.meta.url)));
  process.stderr.write(`crm: the crm command is not built yet: run \`npm run build\` in ${root}\n`);
  process.exit(1);
}
const args = process.argv.slice(2);
// the command the code caches learn from: its first word only (never a value typed after it), and
// none for help, which runs none of the command's code
const asksHelp = args[0] === 'help' || args.includes('--help') || args.includes('-h');
const command = !asksHelp && /^[a-z][a-z-]{0,30}$/.test(args[0] ?? '') ? args[0] : '';
const cacheFolder = fileURLToPath(new URL(`../out/cli/${CODE_CACHE_FOLDER}`, import.meta.url));
const cli = loadWithCodeCache(fileURLToPath(built), cacheFolder, command);
const { runCli, terminalLook } = cli.exports;
const code = await runCli(args, {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  isTTY: process.stdin.isTTY === true,
  stdoutIsTTY: process.stdout.isTTY === true,
  look: terminalLook?.(process.env, process.stderr.isTTY === true),
});
process.exitCode = code;
cli.saveCaches();
// Safety net: a handle left open by a dependency must not keep a script waiting forever.
setTimeout(() => process.exit(code), 3000).unref();
