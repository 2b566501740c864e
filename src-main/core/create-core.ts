// Builds the main-side core from its ports: the Electron main process, the `crm` command line
// and the test harnesses all call this. Plain Node: no electron import anywhere below.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ContactsServiceImpl } from './contacts/contacts-service';
import { FileStaging } from './files/staging';
import { createApiClient } from './http/api-client';
import type { HttpSender } from './http/sender';
import { KeyManager } from './keys/key-manager';
import { KeychainRevocationKeyStore } from './keys/revocation-key-store';
import { KeyVault } from './keys/key-vault';
import { MessageServiceImpl } from './messages/message-service';
import { createMetaStores } from './meta/stores';
import { createOutbox } from './outbox/index';
import { ApiEditor } from './profiles/api-editor';
import { ProfileManager } from './profiles/profile-manager';
import { RequestLogBuffer } from './request-log';
import { createKeytarStore } from './secrets/keytar-store';
import type { SecretStore } from './secrets/secret-store';
import type { KeyAccess, OutboxService } from './services';

export interface CoreOptions {
  /** where profiles.json, keys.json, the outbox and staged files live */
  dataDir: string;
  /** default: the OS keychain through keytar */
  secretStore?: SecretStore;
  /** keychain service name for the default store; default 'crm-console' */
  keychainService?: string | undefined;
  /**
   * default: the undici client, observed by the request log. A sender passed in is used as is:
   * the caller feeds `requestLog.record` if it wants a log.
   */
  sender?: HttpSender;
  /** false: no outbox (sends fail instead of queueing; revocations call DELETE once, directly) */
  outbox?: false;
  /** diagnostics for the app log (never a key value) */
  log?: (message: string) => void;
  now?: () => Date;
}

export interface Core {
  dataDir: string;
  profiles: ProfileManager;
  /** each profile's API description: import from cURL, save, reset, preview */
  api: ApiEditor;
  /** KeyService plus takeNewKeyValueForClipboard / applyRevocationSync / idle */
  keys: KeyManager;
  keyAccess: KeyAccess;
  contacts: ContactsServiceImpl;
  messages: MessageServiceImpl;
  outbox: OutboxService | undefined;
  requestLog: RequestLogBuffer;
  files: FileStaging;
  sender: HttpSender;
  secretStore: SecretStore;
  /** messages for the person gathered while opening (e.g. a metadata file set aside) */
  notices: string[];
  /** stops the outbox, waits for pending writes, releases staged files, closes connections */
  close(): Promise<void>;
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const { dataDir, log } = options;
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const notices: string[] = [];
  const onNotice = (message: string): void => {
    notices.push(message);
    log?.(message);
  };
  const now = options.now ?? (() => new Date());
  const secretStore =
    options.secretStore ??
    createKeytarStore({
      service: options.keychainService ?? undefined,
      onFailure: (operation, detail) => log?.(`keychain ${operation} failed: ${detail}`),
    });
  const meta = createMetaStores(dataDir, { onNotice, now });
  const vault = new KeyVault(secretStore, meta, now);
  const requestLog = new RequestLogBuffer((text) => vault.containsSecret(text));
  const sender = options.sender ?? createApiClient({ observer: requestLog.observer });
  const ownsSender = options.sender === undefined;
  const profiles = new ProfileManager(meta, secretStore, vault, now);
  const api = new ApiEditor(meta);
  const keys = new KeyManager({ meta, secrets: secretStore, vault, profiles, sender, now, ...(log ? { log } : {}) });
  const contacts = new ContactsServiceImpl(profiles, vault, sender);
  const files = new FileStaging(dataDir);
  await files.init();
  const messages = new MessageServiceImpl(profiles, vault, sender, undefined, files);
  // Load both metadata files now, so a corrupt one is reported at start, not mid-action.
  await meta.profiles.read();
  await meta.keys.read();

  let outbox: OutboxService | undefined;
  let unsubscribeOutbox: (() => void) | null = null;
  if (options.outbox !== false) {
    outbox = await createOutbox({
      dir: join(dataDir, 'outbox'),
      sender,
      getProfile: (profileId: string) => profiles.get(profileId),
      keyAccess: vault,
      revocationKeys: new KeychainRevocationKeyStore(secretStore),
      adminKeyIds: async (profileId) =>
        (await keys.list(profileId)).filter((k) => k.state === 'active' && k.permissions?.includes('keys:manage') === true).map((k) => k.id),
      onRevocationSync: (localKeyId, sync) => keys.applyRevocationSync(localKeyId, sync),
      now: () => now().getTime(),
      ...(log ? { log } : {}),
    });
    keys.attachOutbox(outbox);
    messages.attachOutbox(outbox);
    // copies of staged files kept for queued sends: drop those whose send is over
    await files.sweepPinned(await outbox.list());
    unsubscribeOutbox = outbox.subscribe((items) => {
      void files.onOutboxChanged(items).catch(() => undefined);
    });
  }

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      unsubscribeOutbox?.();
      await outbox?.close();
      await keys.idle();
      await vault.flush();
      vault.clearCache();
      await meta.flush();
      await files.releaseAll();
      if (ownsSender) await sender.close();
    })();
    return closing;
  };

  return { dataDir, profiles, api, keys, keyAccess: vault, contacts, messages, outbox, requestLog, files, sender, secretStore, notices, close };
}
