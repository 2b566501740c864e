// The one runtime builder every host calls: what went wrong while starting reaches the window
// (AppInfo.notices) and the log, the host's OS services and kind are what the handlers use,
// and shutdown puts everything away once, the sandbox last.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createClipboardGuard } from '../../../src-main/ipc/clipboard-guard';
import { buildRuntime } from '../../../src-main/runtime/build-runtime';
import { startSandbox } from '../../../src-main/sandbox/index';
import { FIRST_CONTACTS_PAGE } from '../../../src-main/shared/first-screen';
import { keychainAvailable } from '../helpers';
import { uniqueKeychainService } from '../helpers/keychain';
import { tempDir } from '../helpers/temp-dir';

const available = await keychainAvailable();

function host(events: unknown[]) {
  const clipboard = { text: '' };
  return {
    kind: 'test' as const,
    version: '9.9.9',
    services: {
      clipboard: createClipboardGuard({
        writeText: (t: string) => {
          clipboard.text = t;
        },
        readText: () => clipboard.text,
      }),
      pickFile: async () => null,
      openExternal: async () => {},
    },
    deliver: (event: string, data: unknown) => events.push([event, data]),
  };
}

describe.skipIf(!available)('buildRuntime', () => {
  it('tells the window and the log what went wrong while starting, and still starts', async () => {
    const dataDir = await tempDir('crm-runtime-');
    await mkdir(dataDir, { recursive: true });
    await writeFile(join(dataDir, 'profiles.json'), '{ this is not json');
    const log = vi.fn();
    const runtime = await buildRuntime({
      dataDir,
      keychainService: uniqueKeychainService('runtime'),
      log,
      host: host([]),
      sandbox: { start: () => Promise.reject(new Error('port 4010 is in use')), resume: () => Promise.reject(new Error('unused')) },
    });
    try {
      expect(runtime.info.notices).toEqual([
        expect.stringMatching(/^profiles\.json could not be read and was set aside/),
        'The built-in sandbox could not be started: port 4010 is in use',
      ]);
      expect(log).toHaveBeenCalledWith('The built-in sandbox could not be started: port 4010 is in use');
      expect(runtime.info).toMatchObject({ version: '9.9.9', host: 'test', sandbox: null });
      const answer = await runtime.dispatch('app:info', {});
      expect(answer).toEqual({ ok: true, value: runtime.info });
    } finally {
      await runtime.shutdown();
    }
  });

  it('serves the first-run sandbox through the handlers, and shutdown closes it once, after the core', async () => {
    const dataDir = await tempDir('crm-runtime-');
    const events: unknown[] = [];
    let sandboxClosed = 0;
    const runtime = await buildRuntime({
      dataDir,
      keychainService: uniqueKeychainService('runtime'),
      log: () => {},
      host: host(events),
      sandbox: {
        start: async (o) => {
          const s = await startSandbox({ ...o, contacts: 40 });
          return {
            ...s,
            close: async () => {
              sandboxClosed += 1;
              await s.close();
            },
          };
        },
        resume: () => Promise.reject(new Error('unused')),
      },
    });
    const page = await runtime.dispatch('contacts:list', { page: 1, perPage: 5 });
    expect(page).toMatchObject({ ok: true, value: { total: 40 } });
    // core events reach the host's window (the request log's entry for that call)
    expect(events.some((e) => (e as [string])[0] === 'log:entry')).toBe(true);
    await Promise.all([runtime.shutdown(), runtime.shutdown()]);
    expect(sandboxClosed).toBe(1);
    expect(
      await fetch(`${runtime.info.sandbox!.baseUrl}/api/v1/contacts`).then(
        () => 'answered',
        () => 'closed',
      ),
    ).toBe('closed');
  });

  it("asks for the window's first contacts page while the window loads, and the window's request does not ask again", async () => {
    const dataDir = await tempDir('crm-runtime-');
    let sandbox: Awaited<ReturnType<typeof startSandbox>> | null = null;
    const runtime = await buildRuntime({
      dataDir,
      keychainService: uniqueKeychainService('runtime'),
      log: () => {},
      host: host([]),
      sandbox: {
        start: async (o) => (sandbox = await startSandbox({ ...o, contacts: 250 })),
        resume: () => Promise.reject(new Error('unused')),
      },
    });
    try {
      const listings = () => sandbox!.requests().filter((r) => r.method === 'GET' && r.path.startsWith('/api/v1/contacts')).length;
      await vi.waitFor(() => expect(listings()).toBe(1));
      const page = await runtime.dispatch('contacts:list', { ...FIRST_CONTACTS_PAGE });
      expect(page).toMatchObject({ ok: true, value: { total: 250, page: 1, perPage: FIRST_CONTACTS_PAGE.perPage } });
      expect(listings()).toBe(1);
      // the next one is the service's own answer
      await runtime.dispatch('contacts:list', { ...FIRST_CONTACTS_PAGE });
      expect(listings()).toBe(2);
    } finally {
      await runtime.shutdown();
    }
  });

  it("the host's way to the OS's proxy settings reaches the core's requests; the CA-file setting is served over IPC", async () => {
    for (const name of ['HTTPS_PROXY', 'https_proxy', 'ALL_PROXY', 'all_proxy', 'NO_PROXY', 'no_proxy']) vi.stubEnv(name, '');
    const resolveProxy = vi.fn(async () => 'PROXY os.corp:3128; DIRECT');
    const withProxy = host([]);
    const runtime = await buildRuntime({
      dataDir: await tempDir('crm-runtime-'),
      keychainService: uniqueKeychainService('runtime'),
      log: () => {},
      host: { ...withProxy, services: { ...withProxy.services, resolveProxy } },
      sandbox: { start: () => Promise.reject(new Error('not needed')), resume: () => Promise.reject(new Error('unused')) },
      webhookPort: null,
    });
    try {
      expect(await runtime.core.network.proxyFor('https://api.example.com')).toBe('http://os.corp:3128');
      expect(resolveProxy).toHaveBeenCalledWith('https://api.example.com/');
      expect(await runtime.dispatch('settings:ca-file', {})).toEqual({ ok: true, value: { path: null, certificates: 0, problem: null } });
    } finally {
      vi.unstubAllEnvs();
      await runtime.shutdown();
    }
  });
});
