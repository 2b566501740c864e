#!/usr/bin/env node
// `crm` the way it started before it was built: registers tsx so the TypeScript sources run
// without a build step, then hands the real process to runCli (src-main/cli/main.ts). Kept only
// as the baseline of scripts/bench-cli-startup.ts; the shipped `crm` is bin/crm.mjs.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src-main/cli/main.ts');
const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  isTTY: process.stdin.isTTY === true,
});
process.exitCode = code;
// Safety net: a handle left open by a dependency must not keep a script waiting forever.
setTimeout(() => process.exit(code), 3000).unref();
