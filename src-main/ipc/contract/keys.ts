// The IPC contract's invoke channels for API keys: the ones saved here and the service's own. TYPES ONLY, like
// contract.ts, which composes every domain's map into the one InvokeMap.
import type { KeyMeta, KeyTestResult, Permission, ServerKeyList } from '../../shared/model';
import type { Grace, RollOutcome } from '../../shared/key-roll';
import type { KeyLeak } from '../../shared/key-leak';
import type { ClipboardReport } from '../../shared/ipc-types';

export interface KeysInvokeMap {
  /** a profile's saved keys (default: the active profile's): metadata only, never a key value */
  'keys:list': { payload: { profileId?: string }; value: KeyMeta[] };
  /** the only channel that carries a key value, renderer -> main, once: it goes to the OS keychain; keys:changed follows */
  'keys:add': { payload: { profileId: string; name: string; value: string }; value: KeyMeta };
  /** one GET of a contacts page with the key; the outcome, its sentence and the key's new last status; keys:changed follows */
  'keys:test': { payload: { id: string }; value: KeyTestResult };
  /** makes the key its profile's active key; a revocation waiting for such a key is retried; keys:changed follows */
  'keys:activate': { payload: { id: string }; value: KeyMeta };
  /** revokes locally at once; the server revocation is queued in the outbox (outbox:changed and keys:changed follow) */
  'keys:revoke': { payload: { id: string }; value: KeyMeta };
  /**
   * the server's keys, asked with the active key (needs keys:manage); each with a prefix (never a
   * value) and its queued revocation; offline, the last list seen, with cachedAt
   */
  'keys:server-list': { payload: Record<string, never>; value: ServerKeyList };
  /** the created value goes straight to the keychain; never returned. keys:changed follows */
  /**
   * `expires` (optional): when the key stops being sent, as `crm keys create --expires` takes it
   * ("30d" or a last day "2027-01-31"); checked before the key is made and kept on this computer
   */
  'keys:server-create': { payload: { name: string; permissions: Permission[]; expires?: string }; value: KeyMeta };
  /** queues the server revocation in the outbox (and revokes the key here too if it is saved here); `queued` says it waits there */
  'keys:server-revoke': { payload: { serverKeyId: string }; value: { serverKeyId: string; queued: boolean } };
  /**
   * main writes a newly created key to the clipboard; the one copy is spent only when the write
   * succeeded (a failed clipboard says why and can be tried again). The value never comes back here
   */
  'keys:copy-new': { payload: { id: string }; value: ClipboardReport };
  /**
   * THE ONE EXCEPTION TO "no key value reaches the window": the value of a key keys:server-create
   * just made, for the Keys screen's "shown once" panel (masked, Reveal, Copy), as people expect
   * from Stripe or GitHub, and because a window without a clipboard program has no other way to
   * take it. Main answers it once per created key, within 5 minutes of its creation and only in
   * this process, then refuses ('conflict'); it is in no event, log, error or other reply (the
   * request log and app log cut it out like every key in use). The window keeps it only while the
   * panel is open. `crm keys create --print-key` is the terminal's way.
   */
  'keys:reveal-new': { payload: { id: string }; value: { value: string } };
  /**
   * the ids of the profile's live keys whose value is not in the keychain: one keychain listing
   * per call. The Keys screen asks about once a second while it is open (and only then)
   */
  'keys:missing-values': { payload: { profileId: string }; value: string[] };
  /**
   * puts a missing value back under its key when the keychain holds it under another entry
   * (same value tag, else last 4); `repaired` false: `message` says how to give the key a value
   * again. Names values by their last 4 only; keys:changed follows a re-link
   */
  'keys:repair': { payload: { id: string }; value: { repaired: boolean; message: string } };
  /** drops a revoked key's record (and any keychain entry it left); a live key is refused ('conflict'); keys:changed follows */
  'keys:remove': { payload: { id: string }; value: { id: string } };
  /**
   * replaces a live key (core/keys/roll.ts): a new key with the same permissions is created on
   * the service and saved in the keychain, proved with a live request, every profile that used
   * the old key is switched to it, and the old key is revoked here with its server revocation
   * scheduled for the end of `grace`. keys:roll-progress names each step as it starts; a step
   * that fails answers the sentence that says where it stopped. Answers both keys' metadata,
   * never the new value. keys:changed, profiles:changed and outbox:changed follow
   */
  'keys:roll': { payload: { id: string; grace: Grace }; value: RollOutcome };
  /** the saved keys seen where they must not be since main started (keys:leak), oldest first; names and last 4 only */
  'keys:leaks': { payload: Record<string, never>; value: KeyLeak[] };
}
