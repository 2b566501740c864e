// crm sandbox: the built-in CRM API server, exactly as `npm run sandbox` (same code, same flags).
import { wantsHelp } from '../args';
import { defineCommand } from '../command';

export const sandboxCommand = defineCommand({
  name: 'sandbox',
  summary: 'run the built-in CRM API sandbox (same as npm run sandbox); Ctrl+C stops it',
  usage: ['sandbox [--port N] [--host H] [--contacts N] [--seed N] [--rate R] [--burst B] [--data FILE] [--revoke-delay D] [--json]'],
  positionals: { min: 0, max: Number.POSITIVE_INFINITY },
  passThrough: true,
  async run(ctx, _parsed, rawArgs) {
    // loaded on demand: other commands never pay for the server's modules
    const { SANDBOX_USAGE, runSandboxCli } = await import('../../sandbox/index');
    if (wantsHelp(rawArgs)) {
      ctx.io.stdout.write(
        `crm sandbox: the built-in CRM API sandbox, the same as \`npm run sandbox\`.\n\n${SANDBOX_USAGE.replace('npm run sandbox --', 'crm sandbox')}`,
      );
      return { data: null, text: '', printed: true };
    }
    const exitCode = await runSandboxCli(rawArgs, { stdout: ctx.io.stdout, stderr: ctx.io.stderr });
    return { data: null, text: '', printed: true, exitCode };
  },
});
