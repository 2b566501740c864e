// The built-in CRM API sandbox (shared/API.md), plain node:http. Start it in-process with
// startSandbox(); run it from a terminal with `npm run sandbox` (cli.ts).
export { resumeSandbox, startSandbox } from './start';
export { parseSandboxArgs, SANDBOX_USAGE } from './cli-args';
export type { SandboxCliArgs, ParsedSandboxArgs } from './cli-args';
export { runSandboxCli } from './cli-run';
export type { SandboxCliIo } from './cli-run';
export { PERMISSIONS, SANDBOX_DIALECTS } from './types';
export type {
  FaultMatch,
  Permission,
  ResumedSandbox,
  RunningSandbox,
  SandboxDialect,
  SandboxFault,
  SandboxOptions,
  SandboxRequestRecord,
} from './types';
export { playgroundTabs } from './dialects/registry';
export type { PlaygroundTab } from './dialects/playground';
export type { PlaygroundTabId } from './dialects/dialect';
