// `npm run sandbox -- [options]`: see cli-args.ts for the flags, cli-run.ts for the behaviour.
import { runSandboxCli } from './cli-run';

process.exit(await runSandboxCli(process.argv.slice(2)));
