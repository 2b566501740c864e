// startSandbox(): options -> state (+ data file) -> admin key -> server -> RunningSandbox.
//
// Admin key and data files: the key value is never stored, so startSandbox() creates a NEW admin
// key (named "sandbox admin") on every start and returns it; admin keys from earlier runs saved
// in the data file keep working until someone deletes them. resumeSandbox() is for a caller that
// kept a key from an earlier run (the app, in the keychain): while the data file still has that
// key, no admin key is made, so restarts do not pile up admin keys; only when it is gone is a new
// admin key made and returned.
import { handleRequest } from './handle-request';
import { FaultQueue } from './faults';
import { RequestJournal } from './journal';
import { DEFAULT_UPLOAD_BUDGET, UploadBudget } from './upload-budget';
import { dialectFor, dialectRoutes } from './dialects/registry';
import { checkNewKey } from './key-routes';
import { Persister, loadSnapshot } from './persistence';
import { createSandboxServer } from './server';
import { createState } from './state';
import { StatusClock } from './events/status-clock';
import { TemplateReviewer } from './events/template-reviewer';
import type { Permission, ResumedSandbox, RunningSandbox, SandboxDialect, SandboxFault, SandboxOptions } from './types';
import { PERMISSIONS, SANDBOX_DIALECTS } from './types';

const DEFAULTS = {
  port: 0,
  host: '127.0.0.1',
  contacts: 1000,
  seed: 42,
  rate: 20,
  burst: 40,
  idempotencyTtlMs: 24 * 3600 * 1000,
  requestTimeoutMs: 10_000,
  dialect: 'default' as SandboxDialect,
  uploadBudgetBytes: DEFAULT_UPLOAD_BUDGET,
  revokeDelayMs: 0,
};

function check(ok: boolean, message: string): void {
  if (!ok) throw new TypeError(`startSandbox: ${message}`);
}

function resolveOptions(options: SandboxOptions) {
  const o = { ...DEFAULTS, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) } as typeof DEFAULTS &
    SandboxOptions;
  check(Number.isInteger(o.port) && o.port >= 0 && o.port <= 65535, 'port must be an integer from 0 to 65535');
  check(Number.isInteger(o.contacts) && o.contacts >= 0 && o.contacts <= 10_000_000, 'contacts must be an integer from 0 to 10,000,000');
  check(Number.isInteger(o.seed), 'seed must be an integer');
  check(Number.isFinite(o.rate) && o.rate > 0, 'rate must be a positive number');
  check(Number.isFinite(o.burst) && o.burst >= 1, 'burst must be at least 1');
  check(Number.isFinite(o.idempotencyTtlMs) && o.idempotencyTtlMs > 0, 'idempotencyTtlMs must be positive');
  check(Number.isFinite(o.requestTimeoutMs) && o.requestTimeoutMs > 0, 'requestTimeoutMs must be positive');
  check(SANDBOX_DIALECTS.includes(o.dialect), `dialect must be one of ${SANDBOX_DIALECTS.join(', ')}`);
  check(Number.isFinite(o.uploadBudgetBytes) && o.uploadBudgetBytes > 0, 'uploadBudgetBytes must be positive');
  check(Number.isFinite(o.revokeDelayMs) && o.revokeDelayMs >= 0, 'revokeDelayMs must be 0 or more');
  return o;
}

function checkFault(fault: SandboxFault): void {
  if (fault.kind === 'status')
    check(Number.isInteger(fault.status) && fault.status >= 200 && fault.status <= 599, 'a status fault needs a status from 200 to 599');
  if (fault.kind === 'delay') check(Number.isFinite(fault.ms) && fault.ms >= 0, 'a delay fault needs ms >= 0');
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const sandbox = await launch(options, { make: true });
  const { adminKey, adminKeyId } = sandbox;
  if (adminKey === null || adminKeyId === null) throw new Error('startSandbox: no admin key was made'); // cannot happen: make is true
  return { ...sandbox, adminKey, adminKeyId };
}

/**
 * Starts the sandbox again from its data file. `keepKeyId` is the key the caller kept from an
 * earlier run: while the file still has it, no key is made and adminKey is null. When it is gone
 * (deleted, or the file was reset), a new admin key is made and returned. With `keepKeyId: null`
 * no admin key is made at all.
 */
export async function resumeSandbox(options: SandboxOptions & { keepKeyId: string | null }): Promise<ResumedSandbox> {
  const { keepKeyId, ...rest } = options;
  return launch(rest, keepKeyId === null ? { make: false } : { keep: keepKeyId, make: true });
}

async function launch(options: SandboxOptions, admin: { keep?: string; make: boolean }): Promise<ResumedSandbox> {
  const o = resolveOptions(options);
  const saved = o.dataFile ? await loadSnapshot(o.dataFile) : null;

  let persister: Persister | null = null;
  const state = createState(o, () => persister?.schedule());
  if (saved) {
    state.keys.restore(saved.keys);
    state.messages.restore(saved.messages);
    state.idempotency.restore(saved.idempotency);
  }
  if (o.dataFile) {
    persister = new Persister(
      o.dataFile,
      () => ({ version: 1, keys: state.keys.snapshot(), messages: state.messages.snapshot(), idempotency: state.idempotency.snapshot() }),
      (err) => o.log?.(`sandbox: could not save ${o.dataFile}: ${err.message}`),
    );
  }
  const kept = admin.keep !== undefined && state.keys.get(admin.keep) !== undefined;
  const made = !kept && admin.make ? state.keys.create('sandbox admin', [...PERMISSIONS]) : null;
  const adminKey = made?.key ?? null;
  const adminKeyId = made?.record.id ?? null;

  let baseUrl = '';
  // checked before anything listens, so a bad option fails the start with nothing to close
  const clock = new StatusClock(
    { dialect: o.dialect, messages: state.messages, contacts: state.contacts, log: state.events, logLine: o.log, origin: () => baseUrl },
    o.events,
  );
  state.mediaHost = () => clock.mediaHost;
  const reviewer = new TemplateReviewer({ book: state.templates, post: (build) => clock.sendWebhook(build) });
  const faults = new FaultQueue();
  const journal = new RequestJournal();
  const { errorFormat, credentials } = dialectFor(o.dialect);
  const server = createSandboxServer((req, res) => void handleRequest(pipeline, req, res), {
    timeoutMs: o.requestTimeoutMs,
    log: o.log,
    errorFormat,
  });
  const pipeline = {
    state,
    routes: dialectRoutes(o.dialect),
    errorFormat,
    credentials,
    origin: () => baseUrl,
    faults,
    journal,
    uploads: new UploadBudget(o.uploadBudgetBytes),
    timeoutMs: o.requestTimeoutMs,
    log: o.log,
    sleep: (ms: number) => server.sleep(ms),
  };

  let port: number;
  try {
    port = await server.listen(o.port, o.host);
  } catch (err) {
    clock.close();
    reviewer.close();
    throw err;
  }
  const hostInUrl = o.host.includes(':') ? `[${o.host}]` : o.host;
  baseUrl = `http://${hostInUrl}:${port}`;
  let closed = false;
  let listening = true;

  return {
    baseUrl,
    adminKey,
    adminKeyId,
    port,
    async close() {
      if (closed) return;
      closed = true;
      listening = false;
      clock.close();
      reviewer.close();
      await server.stop();
      await persister?.flush();
    },
    async suspend() {
      if (closed || !listening) return;
      listening = false;
      await server.stop();
    },
    async resume() {
      if (closed) throw new Error('the sandbox is closed');
      if (listening) return;
      await server.listen(port, o.host);
      listening = true;
    },
    injectFaults(list, match) {
      list.forEach(checkFault);
      faults.add(list, match);
    },
    clearFaults() {
      faults.clear();
    },
    configureEvents(partial) {
      clock.configure(partial);
    },
    requests() {
      return journal.list();
    },
    createKey(name: string, permissions: Permission[]) {
      const input = checkNewKey({ name, permissions });
      if (!input.ok) throw new TypeError(`createKey: ${input.details.map((d) => `${d.field} ${d.message}`).join('; ')}`);
      const { record, key } = state.keys.create(input.name, input.permissions);
      return { id: record.id, key };
    },
  };
}
