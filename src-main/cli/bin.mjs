#!/usr/bin/env node
// The `crm` executable: registers tsx so the TypeScript sources run without a build step, then
// hands the real process to runCli (src-main/cli/main.ts).
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('./main.ts');
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
