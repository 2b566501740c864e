// The window's core and two `crm` terminals (real processes, the built executable) on one data
// folder and the real OS keychain, all at once, several rounds: each terminal adds a profile,
// saves a key for it and sends a message through it, while the window adds and renames profiles,
// saves keys and sends too. Every change is kept, every key record has its keychain entry, the
// window hears of the terminals' profiles without a restart, and no message reaches the service
// twice. Run inside the keyring harness (npm test); elsewhere it is skipped with a reason.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '../../../../src-main/core/create-core';
import type { Profile } from '../../../../src-main/core/model';
import { KeytarSecretStore } from '../../../../src-main/core/secrets/keytar-store';
import { keyAccount } from '../../../../src-main/core/secrets/secret-store';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import { spawnCli } from '../../cli/cli-harness';
import { closeSandboxes, keychainAvailable, openSandbox, tempDir, uniqueKeychainService } from '../../helpers/index';
import { acceptedTextSendsTo } from '../../helpers/sandbox';

const available = await keychainAvailable();
const ROUNDS = 4;
const TERMINALS = ['a', 'b'] as const;

let sandbox: RunningSandbox;
let window: Core;
let env: Record<string, string>;
const service = uniqueKeychainService('shared-state');
const raw = new KeytarSecretStore({ service });

function numberOf(who: string, round: number): string {
  // a distinct recipient per sender and round, so each message is counted on its own
  return `55119${who === 'win' ? '7' : who === 'a' ? '8' : '9'}000${String(round).padStart(4, '0')}`;
}

function textsTo(number: string): string[] {
  return acceptedTextSendsTo(sandbox, number).map((body) => (body as { text: string }).text);
}

async function terminal(who: string): Promise<string[]> {
  const problems: string[] = [];
  const step = async (argv: string[], input?: string): Promise<void> => {
    const run = await spawnCli(argv, { env, ...(input === undefined ? {} : { input }) });
    if (run.code !== 0) problems.push(`${argv.join(' ')} -> ${run.code}: ${run.stderr.trim()}`);
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    const name = `${who}-${round}`;
    await step(['profiles', 'add', '--name', name, '--url', sandbox.baseUrl]);
    await step(
      ['keys', 'add', '--name', `key ${name}`, '--profile', name, '--use'],
      sandbox.createKey(`key ${name}`, ['contacts:read', 'messages:send']).key,
    );
    await step(['send', 'text', '--to', numberOf(who, round), '--text', `from ${name}`, '--profile', name]);
  }
  return problems;
}

async function windowRounds(home: Profile): Promise<void> {
  for (let round = 0; round < ROUNDS; round += 1) {
    await window.profiles.create({ name: `win-${round}`, baseUrl: sandbox.baseUrl });
    await window.profiles.update(home.id, { name: `Window ${round}` });
    const made = sandbox.createKey(`window ${round}`, ['contacts:read']);
    await window.keys.addKey({ profileId: home.id, name: `window key ${round}`, value: made.key });
    await window.messages.send(
      { op: 'messages.text', input: { number: numberOf('win', round), text: `from win-${round}` }, idempotencyKey: randomUUID() },
      { profileId: home.id },
    );
  }
}

describe.skipIf(!available)('the window and two crm processes on one data folder', () => {
  beforeAll(async () => {
    sandbox = await openSandbox({ rate: 10_000, burst: 10_000 });
    const dataDir = await tempDir('crm-shared-state-');
    env = { CRM_DATA_DIR: dataDir, CRM_KEYCHAIN_SERVICE: service };
    window = await createCore({ dataDir, keychainService: service });
  });

  afterAll(async () => {
    for (const key of (await window?.keys.list().catch(() => [])) ?? []) await raw.delete(keyAccount(key.id)).catch(() => false);
    await window?.close();
    await closeSandboxes();
  });

  it(
    "every change of every process is kept, the window sees the terminals' work live, nothing is sent twice",
    { timeout: 180_000 },
    async () => {
      const home = await window.profiles.create({ name: 'Window', baseUrl: sandbox.baseUrl });
      await window.keys.addKey({ profileId: home.id, name: 'window admin', value: sandbox.adminKey });
      const heard: string[][] = [];
      window.profiles.onDidChange((change) => heard.push(change.state.profiles.map((p) => p.name)));

      const [problemsA, problemsB] = await Promise.all([terminal('a'), terminal('b'), windowRounds(home)]);
      expect([...(problemsA ?? []), ...(problemsB ?? [])]).toEqual([]);

      const terminalNames = TERMINALS.flatMap((who) => Array.from({ length: ROUNDS }, (_, round) => `${who}-${round}`));
      const windowNames = Array.from({ length: ROUNDS }, (_, round) => `win-${round}`);
      // the window learns of the terminals' last profiles from the database's change counters, as
      // an event, without listing again by itself
      await vi.waitFor(() => expect(heard.at(-1)).toEqual(expect.arrayContaining(terminalNames)), { timeout: 10_000, interval: 50 });

      const { profiles } = await window.profiles.list();
      expect(profiles.map((p) => p.name).sort()).toEqual([`Window ${ROUNDS - 1}`, ...terminalNames, ...windowNames].sort());

      const keys = await window.keys.list();
      const expectedKeys = [
        'window admin',
        ...Array.from({ length: ROUNDS }, (_, r) => `window key ${r}`),
        ...terminalNames.map((n) => `key ${n}`),
      ];
      expect(keys.map((k) => k.name).sort()).toEqual(expectedKeys.sort());
      for (const key of keys) expect(await raw.get(keyAccount(key.id)), key.name).not.toBeNull();
      // each terminal profile uses its own key, as `--use` asked
      for (const name of terminalNames) {
        const profile = profiles.find((p) => p.name === name)!;
        expect(keys.find((k) => k.id === profile.activeKeyId)?.name).toBe(`key ${name}`);
      }

      for (const who of ['a', 'b', 'win']) {
        for (let round = 0; round < ROUNDS; round += 1)
          expect(textsTo(numberOf(who, round))).toEqual([`from ${who === 'win' ? 'win' : who}-${round}`]);
      }
      // the app's record of sends holds every process's messages
      const page = await window.history.list({ profileId: profiles.find((p) => p.name === 'a-0')!.id, number: numberOf('a', 0) });
      expect(page.items.map((m) => m.text)).toContain('from a-0');
    },
  );
});
