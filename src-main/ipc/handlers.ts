// Channel -> service call. Plain functions, no electron: Electron's ipcMain (src-main/electron)
// and the end-to-end harness (tests/e2e) serve exactly these handlers. Every payload is parsed
// with its zod schema first; every failure becomes `{ ok: false, error }` data.
import { toCurl } from '../core/curl';
import { CrmError, toErrorInfo } from '../core/errors';
import type { SendProgress } from '../core/http/sender';
import { wireHref } from '../core/http/wire-url';
import { SendSession } from '../core/messages/send-session';
import { NO_CONSENT, createProfileAsking, updateProfileAsking } from '../core/profiles/profile-consent';
import type { AskConsent, ConsentProfiles } from '../core/profiles/profile-consent';
import type { ErrorInfo, Result } from '../core/model';
import type { ContactsService, KeyAccess, KeyService, MessageService, OutboxService, ProfileService, RequestLog } from '../core/services';
import type { ClipboardGuard } from './clipboard-guard';
import type {
  AppInfo,
  EventChannel,
  EventMap,
  InvokeChannel,
  InvokePayload,
  InvokeValue,
  SendDraft,
  StagedFile,
} from './contract';
import { createApiHandlers } from './api-handlers';
import { draftOperation } from './draft-operation';
import type { ApiHandlerCore } from './api-handlers';
import { payloadSchemas } from './schemas';

type Purpose = 'image' | 'document' | 'audio';

export interface FileStaging {
  stageFromPath(path: string, purpose: Purpose): Promise<StagedFile>;
  stageFromBytes(name: string, bytes: Uint8Array, purpose: Purpose): Promise<StagedFile>;
  resolve(fileId: string): string | Promise<string>;
  release(fileId: string): void | Promise<void>;
}

export interface HandlerCore {
  profiles: ProfileService & ConsentProfiles;
  api: ApiHandlerCore;
  keys: KeyService & { takeNewKeyValueForClipboard(localKeyId: string): Promise<string> };
  keyAccess: KeyAccess;
  contacts: ContactsService;
  messages: MessageService;
  outbox?: OutboxService | undefined;
  requestLog: RequestLog;
  files: FileStaging;
}

export interface HandlerPlatform {
  clipboard: ClipboardGuard;
  /** a native open dialog; null when the person cancels */
  pickFile(purpose: Purpose): Promise<string | null>;
  openExternal(url: string): Promise<void>;
  /**
   * Asks the person (Electron: a native dialog) and resolves true only for an explicit yes. The
   * window cannot answer it. Absent (a harness without dialogs): every such question is a no.
   */
  confirm?: AskConsent;
}

export interface HandlerDeps {
  core: HandlerCore;
  platform: HandlerPlatform;
  appInfo(): AppInfo;
  emit<E extends EventChannel>(event: E, data: EventMap[E]): void;
}

export type Handlers = { [C in InvokeChannel]: (payload: InvokePayload<C>) => Promise<InvokeValue<C>> };

export function createHandlers(deps: HandlerDeps): Handlers {
  const { core, platform, emit } = deps;
  // the panels' drafts, their Idempotency-Keys and the sends in flight (core/messages/send-session.ts)
  const sending = new SendSession(core.messages);
  const draft = (d: SendDraft) => () => draftOperation(d, core.files);
  // the person's own word, asked by main (Electron: a native dialog); nobody to ask means no
  const ask: AskConsent = platform.confirm ?? NO_CONSENT;
  const progressOf = (requestId: string) => (p: SendProgress) => {
    if (p.kind === 'upload') emit('send:progress', { requestId, kind: 'upload', sentBytes: p.sentBytes, totalBytes: p.totalBytes });
    else emit('send:progress', { requestId, kind: 'waiting', retryAfterMs: p.retryAfterMs, attempt: p.attempt, maxAttempts: p.maxAttempts });
  };

  // A revocation waiting for an admin key may go through with the key just added or chosen.
  const wakeOutbox = (): void => {
    void core.outbox?.syncNow().catch(() => undefined);
  };

  const activeProfileId = async (): Promise<string> => {
    const active = await core.profiles.active();
    if (!active) throw new CrmError('validation', 'No profile is active. Add or choose a profile first.');
    return active.id;
  };

  const profilesChanged = async (): Promise<void> => emit('profiles:changed', await core.profiles.list());

  return {
    ...createApiHandlers(core.api, profilesChanged),
    'app:info': async () => deps.appInfo(),
    'profiles:list': () => core.profiles.list(),
    // confirmInsecure from the window is never enough: main asks the person itself
    'profiles:create': async ({ name, baseUrl }) => {
      const created = await createProfileAsking(core.profiles, ask, { name, baseUrl });
      emit('profiles:changed', await core.profiles.list());
      return created;
    },
    'profiles:update': async ({ id, confirmInsecure: _fromWindow, ...patch }) => {
      const updated = await updateProfileAsking(core.profiles, ask, id, patch);
      emit('profiles:changed', await core.profiles.list());
      // its keys may have moved with it, or be held back now (KeyMeta.heldBack)
      if (patch.baseUrl !== undefined) emit('keys:changed', { profileId: id });
      return updated;
    },
    'profiles:delete': async ({ id }) => {
      await core.profiles.remove(id);
      const state = await core.profiles.list();
      emit('profiles:changed', state);
      return state;
    },
    'profiles:activate': async ({ id }) => {
      await core.profiles.activate(id);
      const state = await core.profiles.list();
      emit('profiles:changed', state);
      return state;
    },
    'keys:list': async ({ profileId }) => core.keys.list(profileId ?? (await activeProfileId())),
    'keys:add': async (p) => {
      const meta = await core.keys.add(p);
      wakeOutbox();
      emit('keys:changed', { profileId: meta.profileId });
      // the first key of a profile becomes its active key
      emit('profiles:changed', await core.profiles.list());
      return meta;
    },
    'keys:test': async ({ id }) => {
      const report = await core.keys.test(id);
      emit('keys:changed', { profileId: report.key.profileId });
      return report;
    },
    'keys:activate': async ({ id }) => {
      const meta = await core.keys.get(id);
      await core.profiles.setActiveKey(meta.profileId, id);
      wakeOutbox();
      emit('keys:changed', { profileId: meta.profileId });
      emit('profiles:changed', await core.profiles.list());
      return core.keys.get(id);
    },
    'keys:revoke': async ({ id }) => {
      const meta = await core.keys.revoke(id);
      emit('keys:changed', { profileId: meta.profileId });
      return meta;
    },
    'keys:server-list': () => core.keys.listServerKeys(),
    'keys:server-create': async (p) => {
      const meta = await core.keys.createServerKey(p);
      emit('keys:changed', { profileId: meta.profileId });
      return meta;
    },
    'keys:server-revoke': async (p) => {
      const result = await core.keys.revokeServerKey(p);
      emit('keys:changed', { profileId: null });
      return result;
    },
    'keys:copy-new': async ({ id }) => {
      const value = await core.keys.takeNewKeyValueForClipboard(id);
      return { clearsAfterMs: await platform.clipboard.copySensitive(value) };
    },
    'contacts:list': (p) => core.contacts.list(p),
    'files:pick': async ({ purpose }) => {
      const path = await platform.pickFile(purpose);
      return path === null ? null : core.files.stageFromPath(path, purpose);
    },
    'files:stage': ({ name, bytes, purpose }) => core.files.stageFromBytes(name, bytes, purpose),
    'files:release': async ({ fileId }) => {
      await core.files.release(fileId);
      return null;
    },
    'send:preview': async (p) => {
      const { request, problems } = await sending.prepare(draft(p.draft));
      return { method: request.method, url: wireHref(request.url), curl: toCurl(request), problems };
    },
    'send:submit': (p) => sending.submit(draft(p.draft), { requestId: p.requestId, again: p.again === true, onProgress: progressOf(p.requestId) }),
    'send:cancel': async ({ requestId }) => {
      sending.cancel(requestId);
      return null;
    },
    'send:copy-curl': async (p) => {
      const { withKey } = p;
      const { request } = await sending.prepare(draft(p.draft));
      if (!withKey) {
        await platform.clipboard.copy(toCurl(request));
        return { clearsAfterMs: null };
      }
      const profileId = await activeProfileId();
      const command = await core.keyAccess.withKey(profileId, null, async (key) => toCurl(request, { key: { literal: key } }));
      return { clearsAfterMs: await platform.clipboard.copySensitive(command) };
    },
    'outbox:list': async () => (core.outbox ? core.outbox.list() : []),
    'outbox:cancel': async ({ id }) => requireOutbox(core).cancel(id),
    'outbox:retry': async ({ id }) => requireOutbox(core).retry(id),
    'outbox:sync': async () => {
      await requireOutbox(core).syncNow();
      return null;
    },
    'log:list': async () => core.requestLog.list(),
    'shell:open-external': async ({ url }) => {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new CrmError('validation', 'Only http(s) links can be opened.');
      }
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new CrmError('validation', 'Only http(s) links can be opened.');
      await platform.openExternal(parsed.toString());
      return null;
    },
  };
}

function requireOutbox(core: HandlerCore): OutboxService {
  if (!core.outbox) throw new CrmError('internal', 'The outbox is not available.');
  return core.outbox;
}

function zodMessage(issues: readonly { path: readonly PropertyKey[]; message: string }[]): ErrorInfo {
  const details = issues.slice(0, 10).map((i) => ({ field: i.path.map(String).join('.') || '(payload)', message: i.message }));
  return { code: 'validation', message: `Invalid request: ${details.map((d) => `${d.field}: ${d.message}`).join('; ')}`, details };
}

export type Dispatch = (channel: string, payload: unknown) => Promise<Result<unknown>>;

/**
 * The single entry point both Electron's ipcMain and the e2e harness call. Unknown channels and
 * bad payloads become validation errors; nothing thrown crosses the boundary.
 */
export function createDispatcher(handlers: Handlers, onInternalError: (channel: string, err: unknown) => void = () => {}): Dispatch {
  return async (channel, payload) => {
    if (!Object.hasOwn(payloadSchemas, channel)) {
      return { ok: false, error: { code: 'validation', message: `Unknown channel: ${String(channel).slice(0, 60)}` } };
    }
    const c = channel as InvokeChannel;
    const parsed = payloadSchemas[c].safeParse(payload ?? {});
    if (!parsed.success) return { ok: false, error: zodMessage(parsed.error.issues) };
    try {
      const handler = handlers[c] as (p: unknown) => Promise<unknown>;
      return { ok: true, value: await handler(parsed.data) };
    } catch (err) {
      if (!(err instanceof CrmError)) onInternalError(c, err);
      return { ok: false, error: toErrorInfo(err) };
    }
  };
}
