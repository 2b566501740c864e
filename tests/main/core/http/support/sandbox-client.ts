// A real sandbox that never rate-limits a test, with the app's HTTP client to call it: what the
// tests of requests over the wire start before their cases and close after them.
import { createApiClient } from '../../../../../src-main/core/http/api-client';
import type { HttpSender } from '../../../../../src-main/core/http/sender';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../../../src-main/sandbox/index';

export interface SandboxClient {
  sandbox: RunningSandbox;
  client: HttpSender;
}

export async function startSandboxClient(options: SandboxOptions = {}): Promise<SandboxClient> {
  const sandbox = await startSandbox({ rate: 100_000, burst: 100_000, ...options });
  return { sandbox, client: createApiClient() };
}

/** the client closed first (its connections), then the sandbox */
export async function closeSandboxClient({ sandbox, client }: SandboxClient): Promise<void> {
  await client.close();
  await sandbox.close();
}
