// Keychain cost per request: sends N contact-list requests through ContactsService with a
// counting wrapper around the keychain store and reports how many keychain calls each request
// after the first makes (target: 0, the vault caches the value after one read).
// Run: npx tsx scripts/bench-keychain.ts [requests]   (inside the keyring session of npm test
// for the real Secret Service; elsewhere it says so and measures with the in-memory store).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createCore } from '../src-main/core/create-core';
import { CountingSecretStore } from '../src-main/core/secrets/counting-store';
import { KeytarSecretStore } from '../src-main/core/secrets/keytar-store';
import { MemorySecretStore } from '../src-main/core/secrets/memory-store';
import { keyAccount } from '../src-main/core/secrets/secret-store';
import type { SecretStore } from '../src-main/core/secrets/secret-store';
import { startSandbox } from '../src-main/sandbox/index';

export interface KeychainBenchResult {
  firstCallMs: number;
  keychainCallsPerRequestAfterFirst: number;
  requests: number;
  /** 'keytar' (the real OS keychain) or 'memory' (no keychain reachable here) */
  store: 'keytar' | 'memory';
  /** median duration of the requests after the first */
  medianLaterCallMs: number;
}

async function realKeychain(service: string): Promise<SecretStore | null> {
  const store = new KeytarSecretStore({ service, timeoutMs: 5_000 });
  try {
    await store.set('probe', 'probe-value');
    const ok = (await store.get('probe')) === 'probe-value';
    await store.delete('probe');
    return ok ? store : null;
  } catch {
    return null;
  }
}

export async function runKeychainBench(requests = 200, print: (line: string) => void = console.log): Promise<KeychainBenchResult> {
  const service = `crm-console-bench-${process.pid}-${randomBytes(4).toString('hex')}`;
  const real = await realKeychain(service);
  if (!real)
    print('OS keychain unavailable here: measuring with the in-memory store (run inside the npm test keyring session for the real one).');
  const raw = real ?? new MemorySecretStore();
  const counting = new CountingSecretStore(raw);
  const sandbox = await startSandbox({ contacts: 500, rate: 1_000_000, burst: 1_000_000 });
  const dataDir = await mkdtemp(join(tmpdir(), 'crm-bench-keychain-'));
  const core = await createCore({ dataDir, secretStore: counting, outbox: false });
  let keyId: string | null = null;
  try {
    const profile = await core.profiles.create({ name: 'Bench', baseUrl: sandbox.baseUrl });
    keyId = (await core.keys.addKey({ profileId: profile.id, name: 'Bench', value: sandbox.adminKey })).id;
    counting.reset();
    const t0 = performance.now();
    await core.contacts.list({ perPage: 10 });
    const firstCallMs = performance.now() - t0;
    const firstCalls = counting.total;
    counting.reset();
    const later: number[] = [];
    for (let i = 1; i < requests; i += 1) {
      const start = performance.now();
      await core.contacts.list({ page: (i % 50) + 1, perPage: 10 });
      later.push(performance.now() - start);
    }
    later.sort((a, b) => a - b);
    const result: KeychainBenchResult = {
      firstCallMs: round(firstCallMs),
      keychainCallsPerRequestAfterFirst: requests > 1 ? counting.total / (requests - 1) : 0,
      requests,
      store: real ? 'keytar' : 'memory',
      medianLaterCallMs: round(later[Math.floor(later.length / 2)] ?? 0),
    };
    print(`keychain store: ${result.store}`);
    print(`first request: ${result.firstCallMs} ms, ${firstCalls} keychain call(s)`);
    print(
      `requests after the first: ${requests - 1}, keychain calls: ${counting.total} (${result.keychainCallsPerRequestAfterFirst} per request, target 0)`,
    );
    print(`median later request: ${result.medianLaterCallMs} ms`);
    return result;
  } finally {
    await core.close();
    if (keyId) await raw.delete(keyAccount(keyId)).catch(() => false);
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const n = Number(process.argv[2] ?? 200);
  runKeychainBench(Number.isInteger(n) && n > 0 ? n : 200).then(
    (result) => console.log(JSON.stringify(result)),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : String(err));
      process.exitCode = 1;
    },
  );
}
