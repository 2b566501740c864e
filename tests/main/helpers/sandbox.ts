// The real CRM API sandbox on 127.0.0.1 for tests. Everything started here is closed by
// closeSandboxes() (call it in afterAll / afterEach) or by withSandbox() itself.
import { startSandbox } from '../../../src-main/sandbox/index';
import type { RunningSandbox, SandboxOptions, SandboxRequestRecord } from '../../../src-main/sandbox/index';

const running = new Set<RunningSandbox>();

/** starts a sandbox (small by default: 200 contacts) that closeSandboxes() will close */
const HOUR_MS = 60 * 60 * 1000;

export async function openSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  // the recipient's clock is slowed to an hour unless a test sets it: a stored message then stays
  // "queued" for every test that reads one back, however busy the machine
  const sandbox = await startSandbox({ contacts: 200, events: { statusDelaysMs: [HOUR_MS, HOUR_MS, HOUR_MS] }, ...options });
  running.add(sandbox);
  return sandbox;
}

export async function closeSandboxes(): Promise<void> {
  const all = [...running];
  running.clear();
  await Promise.allSettled(all.map((s) => s.close()));
}

/** runs `fn` with a fresh sandbox and closes it afterwards */
export async function withSandbox<T>(options: SandboxOptions, fn: (sandbox: RunningSandbox) => Promise<T>): Promise<T> {
  const sandbox = await openSandbox(options);
  try {
    return await fn(sandbox);
  } finally {
    running.delete(sandbox);
    await sandbox.close();
  }
}

/** requests the sandbox received (optionally only those to a path prefix) */
export function requestCount(sandbox: RunningSandbox, pathPrefix = '/'): number {
  return sandbox.requests().filter((r) => r.path.startsWith(pathPrefix)).length;
}

/** the bodies of the text sends to `number` the sandbox accepted (201), oldest first */
export function acceptedTextSendsTo(sandbox: RunningSandbox, number: string): unknown[] {
  return sandbox
    .requests()
    .filter(
      (r) =>
        r.method === 'POST' && r.path === '/api/v1/messages/text' && r.status === 201 && (r.json as { number?: string }).number === number,
    )
    .map((r) => r.json);
}

/** the last POST the sandbox answered (the last to `path`, when given) */
export function lastPostOf(sandbox: RunningSandbox, path?: string): SandboxRequestRecord {
  return sandbox
    .requests()
    .filter((r) => r.method === 'POST' && (path === undefined || r.path === path))
    .at(-1)!;
}
