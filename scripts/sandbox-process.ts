// The sandbox in a process of its own (scripts/sandbox-memory-child.ts), for benches that compare
// the app with a bare client: a real service never runs on the app's thread, and one sharing it
// would charge its own work to both sides and take the idle time the app's deferred work uses.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface SandboxProcess {
  baseUrl: string;
  adminKey: string;
  close(): Promise<void>;
}

export async function startSandboxProcess(contacts: number): Promise<SandboxProcess> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'scripts/sandbox-memory-child.ts'], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_CONTACTS: String(contacts) },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const first = await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next();
  if (first.done === true) throw new Error(`the sandbox process with ${contacts} contacts exited before it started`);
  const { baseUrl, adminKey } = JSON.parse(String(first.value)) as { baseUrl: string; adminKey: string };
  return {
    baseUrl,
    adminKey,
    close: async () => {
      child.stdin!.end();
      child.kill();
      await exited;
    },
  };
}
